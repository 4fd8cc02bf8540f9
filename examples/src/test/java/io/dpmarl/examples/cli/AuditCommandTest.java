package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.StubPrivatizer;
import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code dpmarl audit}, run in-process with fixed seeds, so every outcome below is deterministic; the false-rejection
 * rates stated are those of the statistical claims over seeds.
 */
class AuditCommandTest {
    private static final Pattern BOUND = Pattern.compile("epsilon lower bound: +(-?[0-9.]+) at confidence 0\\.999 ");
    private static final Pattern HITS = Pattern.compile("hits: +([0-9]+) of ([0-9]+) \\(.*\\) vs ([0-9]+) of ");

    /**
     * Laplace(epsilon = 1, sensitivity = 1) on the pair -0.5, 0.5, 100,000 releases of each (50,000 test each).
     * Consistent: the audit says REFUTED for a private mechanism with probability at most alpha = 1e-3 (its
     * false-rejection rate, over seeds). The bound is below 1 for the same reason, and above 0.85 by this derivation:
     * for every t >= 0.5, P[M(0.5) >= t] / P[M(-0.5) >= t] = e exactly, largest probabilities at t = 0.5:
     * p = 1/2 and p' = e^-1 / 2 = 0.184. On the log scale a one-sided Clopper-Pearson bound at alpha/2 = 5e-4 sits
     * about z = 3.29 standard errors sqrt((1 - p) / (n p)) from the estimate: 0.0045 for p and 0.0094 for p' at
     * n = 50,000, so the bound of that event is about 1 - 3.29 (0.0045 + 0.0094) = 0.954, with a standard deviation
     * of sqrt(0.0045^2 + 0.0094^2) = 0.010. The event is chosen on the first half; a worse event wins only if its
     * first-half bound beats this one, so its true bound is within a few of those deviations of 0.954 (events with
     * p' >= 0.05 have deviations below 0.02; rarer ones have a first-half bound far below 0.9 and are not chosen).
     * A result below 0.85 needs a shortfall of 0.1, over 5 deviations of 0.02: probability below 1e-6.
     */
    @Test
    void laplaceAtItsClaimIsConsistentAndItsBoundIsNearEpsilon() {
        Cli.Result result = Cli.run("audit", "laplace(epsilon=1, sensitivity=1)", "--trials", "100000");
        assertEquals(0, result.code(), result.err() + result.out());
        assertEquals("", result.err());
        double bound = bound(result.out());
        assertTrue(bound > 0.85 && bound < 1, "bound " + bound + "\n" + result.out());
        assertTrue(result.out().contains("verdict:             consistent: the lower bound "), result.out());
        assertTrue(result.out().contains("neighbouring pair:   scalar -0.5 vs scalar 0.5 (distance 1.0 = the "
                + "declared sensitivity L1 1.0)"), result.out());
        assertTrue(result.out().contains("trials:              100000 releases of each input, seed 1: 50000 chose "
                + "the event, 50000 test it"), result.out());
        assertTrue(result.out().contains("never prove it. False-rejection rate: at most alpha = 0.001 per audit"),
                result.out());
        assertBoundMatchesHits(result.out(), 0);
    }

    /**
     * A stub that adds NO noise while declaring 1-DP: every release of 0.5 is 0.5 and every release of -0.5 is -0.5.
     * Deterministic: the event {@code release <= -0.5} has n hits of n against 0, whose Clopper-Pearson bounds at
     * alpha/2 are exactly a = (alpha/2)^(1/n) and 1 - a, so the bound is ln(a / (1 - a)): at n = 1000 and
     * alpha = 1e-3, a = e^(ln(5e-4)/1000) = 0.99243 and the bound is ln(131.1) = 4.88 > 1. REFUTED, exit 1.
     */
    @Test
    void aPrivatizerWithoutNoiseIsRefuted() {
        StubPrivatizer identity = StubPrivatizer.named("no-noise").accepts(Statistic.Scalar.class).build();
        Cli.Result result = Cli.run(only(identity.provider()), "audit", "no-noise", "--trials", "2000");
        assertEquals(1, result.code(), result.err() + result.out());
        double a = Math.exp(Math.log(5e-4) / 1000);
        assertEquals(Math.log(a / (1 - a)), bound(result.out()), 5e-5, result.out());
        // Both "<= -0.5" (likelier under -0.5) and ">= 0.5" (likelier under 0.5) separate the inputs; they tie, and
        // the tie goes to the first candidate: thresholds ascend, so "<= -0.5" at the lowest one.
        assertTrue(result.out().contains("chosen event:        release <= -0.5, likelier under scalar -0.5"),
                result.out());
        assertTrue(result.out().contains("hits:                1000 of 1000 (scalar -0.5) vs 0 of 1000 (scalar 0.5)"),
                result.out());
        assertTrue(result.out().contains("verdict:             REFUTED: the lower bound "), result.out());
    }

    /**
     * Laplace noise of scale 1/3 (epsilon 3 at sensitivity 1) declared as 1-DP, 20,000 releases of each (10,000
     * test). At t = 0.5: p = 1/2, p' = e^-3 / 2 = 0.0249; log-scale standard errors sqrt((1 - p)/(n p)) = 0.010 and
     * 0.063, so the bound is about 3 - 3.29 (0.010 + 0.063) = 2.76. Accepting the claim (bound <= 1) needs a
     * shortfall of 1.76, over 25 standard deviations (0.064), even for a somewhat worse chosen event: probability
     * far below 1e-12. The bound must also stay below 3, the true epsilon (false-rejection rate alpha = 1e-3).
     */
    @Test
    void noiseCalibratedForEpsilonThreeClaimingOneIsRefuted() {
        Cli.Result result = Cli.run(only(new UnderNoisedLaplace().provider()), "audit", UnderNoisedLaplace.NAME,
                "--trials", "20000", "--seed", "7");
        assertEquals(1, result.code(), result.err() + result.out());
        double bound = bound(result.out());
        assertTrue(bound > 2 && bound < 3, "bound " + bound + "\n" + result.out());
        assertTrue(result.out().contains("REFUTED: the lower bound "), result.out());
        assertBoundMatchesHits(result.out(), 0);
    }

    /** Same seed, byte-identical output; another seed, other draws (the hit counts differ). */
    @Test
    void theSameSeedGivesByteIdenticalOutput() {
        String spec = "randomized-response(epsilon=1, k=3)";
        Cli.Result first = Cli.run("audit", spec, "--trials", "20000", "--seed", "11");
        Cli.Result again = Cli.run("audit", spec, "--trials", "20000", "--seed", "11");
        Cli.Result other = Cli.run("audit", spec, "--trials", "20000", "--seed", "12");
        assertEquals(0, first.code(), first.err());
        assertEquals(first.out(), again.out());
        assertNotEquals(first.out(), other.out());
        assertTrue(first.out().contains("category 0 of 3 vs category 1 of 3"), first.out());
    }

    /** Bad input: one line on stderr, exit 2, nothing on stdout. */
    @Test
    void badInputIsOneLineAndExitTwo() {
        assertRefused(Cli.run("audit", "laplace(epsilon=1)", "--alpha", "0"), "dpmarl: --alpha must be in (0, 1), "
                + "got 0.0");
        assertRefused(Cli.run("audit", "laplace(epsilon=1)", "--alpha", "1"), "dpmarl: --alpha must be in (0, 1), "
                + "got 1.0");
        // epsilon = 1, alpha = 1e-3: refutable with n test releases iff n > ln(5e-4) / ln(e / (1 + e)) = 24.3, so
        // n = 25 test releases, which N = 49 gives (N - floor(N/2) = 25).
        assertRefused(Cli.run("audit", "laplace(epsilon=1)", "--trials", "48"), "dpmarl: --trials must be in "
                + "[49, 20000000] (fewer cannot refute epsilon = 1.0 at alpha = 0.001 even with every release in the "
                + "event on one input and none on the other), got 48");
        assertEquals(0, Cli.run("audit", "laplace(epsilon=1)", "--trials", "49").code());
        assertRefused(Cli.run("audit", "laplace(epsilon=1)", "--trials", "20000001"), null);
        assertRefused(Cli.run("audit", "no-such-privatizer"), null);
        assertRefused(Cli.run("audit", "gaussian-zcdp(rho=0.5)"), "dpmarl: audit: 'gaussian-zcdp' declares "
                + "0.5-zCDP, which has no single epsilon; give --delta D to audit the (epsilon, D)-DP it implies");
        assertRefused(Cli.run("audit", "non-private"), "dpmarl: audit: 'non-private' declares non-private "
                + "(epsilon = inf), which has no epsilon to audit (only pure, (epsilon, delta) and, with --delta, "
                + "zCDP guarantees can be audited)");
        assertRefused(Cli.run("audit", "laplace(epsilon=1)", "--delta", "1e-5"), "dpmarl: audit: --delta applies "
                + "only to a zCDP guarantee; 'laplace' declares 1.0-DP, which is audited as declared");
        assertRefused(Cli.run("audit", "gaussian-zcdp(rho=0.5)", "--delta", "0"), "dpmarl: --delta must be in "
                + "(0, 1), got 0.0");
        StubPrivatizer matrix = StubPrivatizer.named("matrix-only").accepts(Statistic.SymmetricMatrix.class).build();
        assertRefused(Cli.run(only(matrix.provider()), "audit", "matrix-only"), "dpmarl: audit: privatizer "
                + "'matrix-only' releases SymmetricMatrix, which the audit cannot build a neighbouring pair for (it "
                + "audits scalars, counts, categories and vectors)");
        StubPrivatizer hamming = StubPrivatizer.named("hamming-scalar").accepts(Statistic.Scalar.class)
                .sensitivity(Sensitivity.hamming(1)).build();
        assertRefused(Cli.run(only(hamming.provider()), "audit", "hamming-scalar"), "dpmarl: audit: privatizer "
                + "'hamming-scalar' releases scalars but declares a Hamming sensitivity (1.0): no numeric pair is "
                + "that sensitivity apart");
    }

    /**
     * A zCDP guarantee with {@code --delta} is audited at the epsilon the framework's zCDP accountant certifies, not at
     * the looser closed form: rho = 1/32 (a Gaussian of scale 4 on sensitivity 1) at delta = 1e-3 gives epsilon =
     * 0.6880024554878085, OpenDP's value for that conversion (the accountants' reference Q24), where Bun and Steinke's
     * Proposition 1.3 would give 1/32 + 2 sqrt(ln(1000) / 32) = 0.9605; delta is subtracted.
     */
    @Test
    void aZcdpGuaranteeIsAuditedAtTheEpsilonItImplies() {
        Cli.Result result = Cli.run("audit", "gaussian-zcdp(rho=0.03125)", "--delta", "1e-3", "--trials", "20000");
        assertEquals(0, result.code(), result.err());
        Matcher audited = Pattern.compile("audited: +epsilon = ([0-9.]+), delta = 0.001").matcher(result.out());
        assertTrue(audited.find(), result.out());
        assertEquals(0.6880024554878085, Double.parseDouble(audited.group(1)), 1e-6 * 0.6880024554878085);
    }

    /**
     * The bounded Laplace's framework guarantee is (epsilon, delta)-DP; the paper's pure epsilon-DP claim (wrong: the
     * support moves with the input) is shown beside it, and the audit tests the framework's.
     */
    @Test
    void aPapersClaimIsShownAndTheComputedGuaranteeAudited() {
        Cli.Result result = Cli.run("audit", "bounded-laplace(epsilon=1, bound=2)", "--trials", "2000");
        assertEquals(0, result.code(), result.err());
        assertTrue(Pattern.compile("paper's claim: +1\\.0-DP \\(not audited").matcher(result.out()).find(),
                result.out());
        assertTrue(Pattern.compile("declared: +\\(1\\.0, [0-9.Ee-]+\\)-DP").matcher(result.out()).find(),
                result.out());
    }

    /** The help states what an audit can and cannot show, and the false-rejection rate per audit. */
    @Test
    void helpSaysAnAuditRefutesNeverProvesAndGivesTheRate() {
        Cli.Result help = Cli.run("audit", "--help");
        assertEquals(0, help.code());
        String text = help.out().replaceAll("\\s+", " ");
        assertTrue(text.contains("An audit can refute a claimed guarantee, never prove it."), text);
        assertTrue(text.contains("is at most alpha per audit"), text);
        assertTrue(Cli.run("--help").out().contains("audit"));
    }

    /** The printed bound is the Clopper-Pearson bound of the printed counts (each side at alpha/2, delta). */
    private static void assertBoundMatchesHits(String out, double delta) {
        Matcher hits = HITS.matcher(out);
        assertTrue(hits.find(), out);
        long hitsFirst = Long.parseLong(hits.group(1));
        long trials = Long.parseLong(hits.group(2));
        long hitsSecond = Long.parseLong(hits.group(3));
        double expected = io.dpmarl.mechanisms.audit.EpsilonLowerBoundAudit.fromCounts(hitsFirst, hitsSecond, trials,
                delta, 5e-4).epsilonLowerBound();
        assertEquals(String.format(Locale.ROOT, "%.4f", expected), String.format(Locale.ROOT, "%.4f", bound(out)));
    }

    private static double bound(String out) {
        Matcher matcher = BOUND.matcher(out);
        assertTrue(matcher.find(), out);
        return Double.parseDouble(matcher.group(1));
    }

    private static void assertRefused(Cli.Result result, String expected) {
        assertEquals(2, result.code(), result.err() + result.out());
        assertEquals("", result.out());
        String line = result.err().strip();
        assertFalse(line.contains("\n"), line);
        if (expected != null) {
            assertEquals(expected, line);
        } else {
            assertTrue(line.startsWith("dpmarl: "), line);
        }
    }

    private static Function<ClassLoader, Registry> only(PluginProvider<?> provider) {
        return loader -> {
            Registry found = Registry.discover(loader);
            List<PluginProvider<?>> providers = new java.util.ArrayList<>();
            for (PluginKind kind : PluginKind.values()) {
                providers.addAll(found.list(kind));
            }
            providers.add(provider);
            return Registry.of(providers);
        };
    }

    /**
     * A test-only privatizer that draws float-safe Laplace noise of scale 1/3 (epsilon 3 at sensitivity 1) from the
     * exact sampler but declares pure 1-DP: under-calibrated by a factor 3.
     */
    static final class UnderNoisedLaplace extends AbstractPrivatizer {
        static final String NAME = "under-noised-laplace";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public PrivacyGuarantee guarantee() {
            return new PrivacyGuarantee.PureDp(1);
        }

        @Override
        public Neighbouring neighbouring() {
            return Neighbouring.RECORD;
        }

        @Override
        public Sensitivity sensitivity() {
            return Sensitivity.l1(1);
        }

        @Override
        public Set<Class<? extends Statistic>> accepts() {
            return Set.of(Statistic.Scalar.class);
        }

        @Override
        public PrivacyEvent event() {
            return new PrivacyEvent.PureEvent(1);
        }

        @Override
        protected Statistic perturb(Statistic input, NoiseSource noise) {
            return new Statistic.Scalar(((Statistic.Scalar) input).value() + Samplers.laplace(noise, 1.0 / 3));
        }

        PluginProvider<Privatizer> provider() {
            UnderNoisedLaplace privatizer = this;
            return new PluginProvider<>() {
                @Override
                public PluginKind kind() {
                    return PluginKind.PRIVATIZER;
                }

                @Override
                public String name() {
                    return NAME;
                }

                @Override
                public String description() {
                    return "test only: Laplace noise for epsilon 3, declared as 1-DP";
                }

                @Override
                public ParamSpec parameters() {
                    return ParamSpec.of();
                }

                @Override
                public Privatizer create(Params params, PluginContext context) {
                    return privatizer;
                }
            };
        }
    }
}
