package io.dpmarl.examples.cli;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.ZcdpConversion;
import io.dpmarl.mechanisms.audit.CategoricalMechanism;
import io.dpmarl.mechanisms.audit.EpsilonLowerBoundAudit;
import io.dpmarl.mechanisms.audit.RealMechanism;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code dpmarl audit "PRIVATIZER-SPEC" [--trials N] [--seed S] [--alpha A] [--delta D]}: an empirical test of a
 * privatizer plugin's declared guarantee, in the style of DP-Sniper ("DP-Sniper: Black-Box Discovery of
 * Differential Privacy Violations using Classifiers") and of the Clopper-Pearson audits of "Auditing Differentially
 * Private Machine Learning: How Private is Private SGD?". It can refute the claim, never prove it.
 *
 * <p>The privatizer is built from the registry (so plugin jars of {@code --plugins DIR} are audited by name). Its
 * declared guarantee gives epsilon and delta: pure epsilon-DP is (epsilon, 0); (epsilon, delta)-DP is audited as
 * declared; a rho-zCDP guarantee is audited, when {@code --delta D} is given (refused without it), at the smallest
 * epsilon with (epsilon, D)-DP that the framework's accountants certify for it ({@link ZcdpConversion#epsilon}, the
 * conversion the zCDP ledger reports; at most Bun and Steinke's rho + 2 sqrt(rho ln(1/D)), "Concentrated Differential
 * Privacy: Simplifications, Extensions, and Lower Bounds", Proposition 1.3); Renyi, nominal and non-private guarantees
 * are refused (bad input). Two inputs exactly the declared sensitivity apart ({@link NeighbouringPair#of}) are each
 * released {@code N} times with the privatizer's own noise from {@code NoiseSource.seeded(S)} (reproducible; default
 * seed {@value #DEFAULT_SEED}), on an unaccounted ledger as {@code dpmarl sample} does: the audit reads noise, it
 * protects no data.
 *
 * <p>The first half of each input's releases chooses the event: among the thresholds at the percentiles 1..99 of the
 * pooled first half, the sets {@code release >= t} and {@code release <= t} in either direction, the one whose
 * Clopper-Pearson epsilon lower bound on that half is largest (that bound, unlike the raw log-ratio of the counts,
 * does not favour rare events). The second half, never seen by the choice, then gives the reported bound
 * {@code ln((lower(p) - delta) / upper(p'))} of {@link EpsilonLowerBoundAudit#fromCounts}, with each one-sided
 * Clopper-Pearson bound ({@link io.dpmarl.mechanisms.audit.ClopperPearson}) at level {@code alpha / 2}: if the
 * privatizer is (epsilon, delta)-DP, the bound exceeds epsilon with probability at most {@code alpha}, which is the
 * false-rejection rate of one audit. A bound above the declared epsilon prints {@code REFUTED} and exits 1;
 * otherwise {@code consistent}, exit 0.
 *
 * <p>Bad input (one line, exit 2, nothing printed on stdout): alpha outside (0, 1); fewer trials than can refute the
 * declared epsilon at all ({@link #minimumTrials}) or more than {@value #MAXIMUM_TRIALS}; an unknown plugin; a
 * guarantee without an epsilon; an input type or sensitivity no neighbouring pair can be built for.
 */
@Command(name = "audit", mixinStandardHelpOptions = true,
        description = {"Empirically audit a privatizer's declared guarantee: release two inputs the declared "
                + "sensitivity apart with the privatizer's own seeded noise, choose a threshold event on the first "
                + "half of the releases and compute a Clopper-Pearson lower bound on epsilon on the second half.",
            "An audit can refute a claimed guarantee, never prove it. Its false-rejection rate (REFUTED although the "
                + "guarantee holds) is at most alpha per audit: one event is tested, each of its two one-sided "
                + "Clopper-Pearson bounds at alpha/2.",
            "Exit codes: 0 consistent, 1 REFUTED, 2 bad input."})
public final class AuditCommand implements Callable<Integer> {
    /** The default number of releases of each input. */
    public static final long DEFAULT_TRIALS = 200_000;
    /** The largest number of releases of each input (the first half is kept in memory: 16 bytes per trial). */
    public static final long MAXIMUM_TRIALS = 20_000_000;
    /** The default seed of the noise source. */
    public static final long DEFAULT_SEED = 1;
    /** The default false-rejection rate of one audit. */
    public static final double DEFAULT_ALPHA = 1e-3;
    /** The percentiles of the pooled first half that are candidate thresholds. */
    static final int PERCENTILES = 99;

    @ParentCommand
    DpmarlCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PRIVATIZER-SPEC",
            description = "Privatizer plugin and parameters, e.g. \"laplace(epsilon=1, sensitivity=1)\".")
    String privatizerSpec;

    @Option(names = "--trials", defaultValue = "" + DEFAULT_TRIALS, paramLabel = "N",
            description = "Releases of each input, half to choose the event and half to test it (default "
                    + DEFAULT_TRIALS + "; at least the number that could refute the declared epsilon at all).")
    long trials;

    @Option(names = "--seed", defaultValue = "" + DEFAULT_SEED, paramLabel = "S",
            description = "Seed of the noise source (default " + DEFAULT_SEED + "; the output is reproducible).")
    long seed;

    @Option(names = "--alpha", defaultValue = "" + DEFAULT_ALPHA, paramLabel = "A",
            description = "False-rejection rate of the audit, in (0, 1) (default " + DEFAULT_ALPHA
                    + "); the bound holds at confidence 1 - A.")
    double alpha;

    @Option(names = "--delta", paramLabel = "D",
            description = "Only for a rho-zCDP guarantee: audit the (epsilon, D)-DP it implies, at the epsilon the "
                    + "framework's zCDP conversion certifies (at most rho + 2 sqrt(rho ln(1/D))).")
    Double conversionDelta;

    @Override
    public Integer call() {
        Checks.openUnit("alpha", alpha);
        Registry registry = parent != null ? parent.registry() : Registry.discover();
        Privatizer privatizer = registry.create(PluginKind.PRIVATIZER, Privatizer.class, privatizerSpec,
                PluginContext.standalone(registry));
        Claim claim = claim(privatizer, conversionDelta);
        long minimum = minimumTrials(claim.epsilon(), claim.delta(), alpha);
        if (minimum > MAXIMUM_TRIALS) {
            throw new IllegalArgumentException("audit: epsilon = " + claim.epsilon() + " cannot be refuted at alpha = "
                    + alpha + " with at most " + MAXIMUM_TRIALS + " trials");
        }
        if (trials < minimum || trials > MAXIMUM_TRIALS) {
            throw new IllegalArgumentException("trials must be in [" + minimum + ", " + MAXIMUM_TRIALS + "] (fewer "
                    + "cannot refute epsilon = " + claim.epsilon() + " at alpha = " + alpha + " even with every "
                    + "release in the event on one input and none on the other), got " + trials);
        }
        NeighbouringPair pair = NeighbouringPair.of(privatizer, registry, privatizerSpec);
        Result result = run(pair, claim, trials, alpha, NoiseSource.seeded(seed));
        PrintWriter out = spec.commandLine().getOut();
        out.print(report(privatizer, claim, pair, result));
        out.flush();
        return result.refuted() ? Main.FAILED : Main.OK;
    }

    /**
     * The (epsilon, delta) an audit tests and how it follows from the declared guarantee.
     *
     * @param epsilon the claimed epsilon, in [0, inf)
     * @param delta   the claimed delta, in [0, 1)
     * @param source  how they were read, for the report
     */
    record Claim(double epsilon, double delta, String source) {
    }

    /**
     * The claim of {@code privatizer}'s {@link Privatizer#guarantee()}: pure and approximate DP as declared, zCDP
     * converted at {@code conversionDelta} (which must then be given, and only then).
     *
     * @throws IllegalArgumentException for a guarantee without an epsilon, or a misused {@code --delta}
     */
    static Claim claim(Privatizer privatizer, Double conversionDelta) {
        PrivacyGuarantee guarantee = privatizer.guarantee();
        String declared = "'" + privatizer.name() + "' declares " + guarantee.describe();
        if (guarantee instanceof PrivacyGuarantee.Zcdp zcdp) {
            if (conversionDelta == null) {
                throw new IllegalArgumentException("audit: " + declared + ", which has no single epsilon; give "
                        + "--delta D to audit the (epsilon, D)-DP it implies");
            }
            Checks.openUnit("delta", conversionDelta);
            double epsilon = ZcdpConversion.epsilon(zcdp.rho(), conversionDelta);
            return new Claim(epsilon, conversionDelta, guarantee.describe() + ", audited as the (" + epsilon + ", "
                    + conversionDelta + ")-DP it implies (the framework's zCDP conversion)");
        }
        if (conversionDelta != null) {
            throw new IllegalArgumentException("audit: --delta applies only to a zCDP guarantee; " + declared
                    + ", which is audited as declared");
        }
        if (guarantee instanceof PrivacyGuarantee.PureDp pure) {
            return new Claim(pure.epsilon(), 0, guarantee.describe());
        }
        if (guarantee instanceof PrivacyGuarantee.ApproxDp approximate) {
            return new Claim(approximate.epsilon(), approximate.delta(), guarantee.describe());
        }
        throw new IllegalArgumentException("audit: " + declared + ", which has no epsilon to audit (only pure, "
                + "(epsilon, delta) and, with --delta, zCDP guarantees can be audited)");
    }

    /**
     * The fewest releases per input with which an audit could refute {@code epsilon} at all. With {@code n} test
     * releases per input the largest possible bound comes from {@code n} hits on one input and none on the other:
     * {@code ln((a - delta) / (1 - a))} with {@code a = (alpha/2)^(1/n)} (the Clopper-Pearson bounds of those
     * counts). It exceeds epsilon iff {@code a > (e^epsilon + delta) / (1 + e^epsilon)}, that is iff
     * {@code n > ln(alpha/2) / ln((e^epsilon + delta) / (1 + e^epsilon))}. The test half is
     * {@code N - floor(N/2)} releases, so N must be at least {@code 2 n - 1}; at least 2 so that both halves are
     * non-empty.
     */
    static long minimumTrials(double epsilon, double delta, double alpha) {
        double exp = Math.exp(epsilon);
        double threshold = Double.isInfinite(exp) ? 1 : (exp + delta) / (1 + exp);
        if (threshold >= 1) {
            return Long.MAX_VALUE;
        }
        double needed = Math.log(alpha / 2) / Math.log(threshold);
        if (needed >= MAXIMUM_TRIALS) {
            return Long.MAX_VALUE;
        }
        long half = (long) Math.floor(needed) + 1;
        while (half > 1 && canRefute(half - 1, epsilon, delta, alpha)) {
            half--;
        }
        while (!canRefute(half, epsilon, delta, alpha)) {
            half++;
        }
        return Math.max(2, 2 * half - 1);
    }

    /** True if {@code n} hits of {@code n} against none of {@code n} give a bound above epsilon. */
    private static boolean canRefute(long n, double epsilon, double delta, double alpha) {
        return EpsilonLowerBoundAudit.fromCounts(n, 0, n, delta, alpha / 2).epsilonLowerBound() > epsilon;
    }

    /**
     * Two inputs exactly the declared sensitivity apart, in the statistic type the privatizer accepts, and how a
     * release is read as a number (post-processing, so the read release is as private as the release).
     *
     * @param first       the first input's mechanism
     * @param second      the second input's mechanism
     * @param firstLabel  the first input, as the report shows it
     * @param secondLabel the second input
     * @param distance    what the pair's distance is, for the report
     */
    record NeighbouringPair(RealMechanism first, RealMechanism second, String firstLabel, String secondLabel,
                            String distance) {

        /**
         * The pair for {@code privatizer}. Counts (a discrete privatizer): {@code [0]} and {@code [floor(Delta)]}.
         * A scalar: {@code -Delta/2} and {@code Delta/2} (centred, so that a mechanism which clips or bounds its input
         * symmetrically sees the whole distance). A category: categories 0 and 1 of the spec's {@code k}. A vector:
         * {@code -Delta/2 e_1} and {@code Delta/2 e_1} of the spec's {@code dimension} (1 if it has none), Delta
         * apart in every norm; its first coordinate is read.
         *
         * @throws IllegalArgumentException if the privatizer accepts none of these types, or its sensitivity
         *                                  admits no such pair
         */
        static NeighbouringPair of(Privatizer privatizer, Registry registry, String specString) {
            Sensitivity sensitivity = privatizer.sensitivity();
            double delta = sensitivity.value();
            String declared = "declared sensitivity " + sensitivity.norm() + " " + delta;
            boolean discrete = privatizer.accepts().contains(Statistic.Counts.class)
                    && !privatizer.accepts().contains(Statistic.Vector.class);
            if (discrete) {
                numeric(privatizer, sensitivity, "counts");
                long step = (long) Math.floor(Math.min(delta, 0x1p53));
                if (step < 1) {
                    throw new IllegalArgumentException("audit: privatizer '" + privatizer.name() + "' releases counts "
                            + "with a " + declared + " below 1: no two counts are that close");
                }
                return new NeighbouringPair(RealMechanism.count(privatizer, 0), RealMechanism.count(privatizer, step),
                        "counts [0]", "counts [" + step + "]", step == delta ? "distance " + step + " = the "
                        + declared : "distance " + step + ", the largest integer within the " + declared);
            }
            if (privatizer.accepts().contains(Statistic.Scalar.class)) {
                numeric(privatizer, sensitivity, "scalars");
                double half = delta / 2;
                return new NeighbouringPair(RealMechanism.scalar(privatizer, -half),
                        RealMechanism.scalar(privatizer, half), "scalar " + -half, "scalar " + half,
                        "distance " + delta + " = the " + declared);
            }
            if (privatizer.accepts().contains(Statistic.Category.class)) {
                int categories = integerParameter(registry, specString, "k", 0);
                if (categories < 2) {
                    throw new IllegalArgumentException("audit: privatizer '" + privatizer.name() + "' releases a "
                            + "category; its spec needs a parameter k (number of categories) of at least 2, got "
                            + categories);
                }
                return new NeighbouringPair(CategoricalMechanism.category(privatizer, 0, categories).asReal(),
                        CategoricalMechanism.category(privatizer, 1, categories).asReal(),
                        "category 0 of " + categories, "category 1 of " + categories,
                        "two different categories (" + declared + ")");
            }
            if (privatizer.accepts().contains(Statistic.Vector.class)) {
                numeric(privatizer, sensitivity, "vectors");
                int dimension = integerParameter(registry, specString, "dimension", 1);
                Checks.atLeast("dimension", dimension, 1);
                double half = delta / 2;
                String shape = dimension == 1 ? "vector" : "vector(" + dimension + ")";
                return new NeighbouringPair(vector(privatizer, dimension, -half), vector(privatizer, dimension, half),
                        shape + " " + -half + " e_1", shape + " " + half + " e_1",
                        "distance " + delta + " in every norm = the " + declared + "; coordinate 1 is read");
            }
            List<String> types = new ArrayList<>();
            for (Class<? extends Statistic> type : privatizer.accepts()) {
                types.add(type.getSimpleName());
            }
            types.sort(null);
            throw new IllegalArgumentException("audit: privatizer '" + privatizer.name() + "' releases "
                    + String.join(", ", types) + ", which the audit cannot build a neighbouring pair for (it audits "
                    + "scalars, counts, categories and vectors)");
        }

        private static void numeric(Privatizer privatizer, Sensitivity sensitivity, String type) {
            if (sensitivity.norm() == Sensitivity.Norm.HAMMING) {
                throw new IllegalArgumentException("audit: privatizer '" + privatizer.name() + "' releases " + type
                        + " but declares a Hamming sensitivity (" + sensitivity.value() + "): no numeric pair is "
                        + "that sensitivity apart");
            }
        }

        private static int integerParameter(Registry registry, String specString, String name, int missing) {
            Object value = registry.params(PluginKind.PRIVATIZER, specString).asMap().get(name);
            return value instanceof Number number ? number.intValue() : missing;
        }

        private static RealMechanism vector(Privatizer privatizer, int dimension, double first) {
            double[] values = new double[dimension];
            values[0] = first;
            Statistic.Vector input = new Statistic.Vector(values);
            return noise -> ((Statistic.Vector) privatizer.release(input, noise, PrivacyLedger.unaccounted(),
                    LedgerKey.global())).values()[0];
        }
    }

    /**
     * A threshold event and the input it is likelier under.
     *
     * @param threshold  the threshold t
     * @param atLeast    true for {@code release >= t}, false for {@code release <= t}
     * @param secondMore true if the event is likelier under the second input (which is then "first" in the bound)
     */
    record Event(double threshold, boolean atLeast, boolean secondMore) {

        /** True if {@code release} is in the event. */
        boolean contains(double release) {
            return atLeast ? release >= threshold : release <= threshold;
        }

        /** How many of the ascending {@code sorted} releases are in the event. */
        long count(double[] sorted) {
            return atLeast ? sorted.length - firstIndex(sorted, threshold, false)
                    : firstIndex(sorted, threshold, true);
        }

        /** The event as the report shows it. */
        String describe() {
            return "release " + (atLeast ? ">= " : "<= ") + threshold;
        }
    }

    /** The first index whose value is {@code > value} (after) or {@code >= value} (not after). */
    private static int firstIndex(double[] sorted, double value, boolean after) {
        int low = 0;
        int high = sorted.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            boolean beyond = after ? sorted[middle] > value : sorted[middle] >= value;
            if (beyond) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        return low;
    }

    /**
     * The outcome of an audit.
     *
     * @param event      the chosen event
     * @param chosenOn   releases per input that chose it
     * @param bound      the audit on the test half ({@code hitsFirst} counts the input the event is likelier under)
     * @param refuted    true if the bound exceeds the claimed epsilon
     */
    record Result(Event event, long chosenOn, EpsilonLowerBoundAudit.Result bound, boolean refuted) {
    }

    /**
     * Runs the audit: {@code floor(trials / 2)} releases of each input choose the event, the other
     * {@code trials - floor(trials / 2)} test it. Releases alternate between the two inputs, all from {@code noise}.
     */
    static Result run(NeighbouringPair pair, Claim claim, long trials, double alpha, NoiseSource noise) {
        int chosenOn = (int) (trials / 2);
        double[] first = new double[chosenOn];
        double[] second = new double[chosenOn];
        for (int i = 0; i < chosenOn; i++) {
            first[i] = pair.first().run(noise);
            second[i] = pair.second().run(noise);
        }
        Event event = choose(first, second, claim.delta(), alpha);
        long tested = trials - chosenOn;
        long hitsFirst = 0;
        long hitsSecond = 0;
        for (long i = 0; i < tested; i++) {
            if (event.contains(pair.first().run(noise))) {
                hitsFirst++;
            }
            if (event.contains(pair.second().run(noise))) {
                hitsSecond++;
            }
        }
        EpsilonLowerBoundAudit.Result bound = event.secondMore()
                ? EpsilonLowerBoundAudit.fromCounts(hitsSecond, hitsFirst, tested, claim.delta(), alpha / 2)
                : EpsilonLowerBoundAudit.fromCounts(hitsFirst, hitsSecond, tested, claim.delta(), alpha / 2);
        return new Result(event, chosenOn, bound, bound.epsilonLowerBound() > claim.epsilon());
    }

    /**
     * The event with the largest Clopper-Pearson epsilon lower bound on the given releases (sorted here), among
     * {@code >= t} and {@code <= t} in either direction for t at the percentiles 1..99 of both pooled; the first in
     * that order on a tie.
     */
    static Event choose(double[] first, double[] second, double delta, double alpha) {
        Arrays.sort(first);
        Arrays.sort(second);
        double[] pooled = new double[first.length + second.length];
        System.arraycopy(first, 0, pooled, 0, first.length);
        System.arraycopy(second, 0, pooled, first.length, second.length);
        Arrays.sort(pooled);
        Event best = null;
        double bestBound = Double.NaN;
        double previous = Double.NaN;
        for (int percentile = 1; percentile <= PERCENTILES; percentile++) {
            double threshold = pooled[(int) ((long) percentile * (pooled.length - 1) / (PERCENTILES + 1))];
            if (threshold == previous) {
                continue;
            }
            previous = threshold;
            for (boolean atLeast : new boolean[] {true, false}) {
                for (boolean secondMore : new boolean[] {true, false}) {
                    Event event = new Event(threshold, atLeast, secondMore);
                    long hitsFirst = event.count(first);
                    long hitsSecond = event.count(second);
                    double bound = secondMore
                            ? EpsilonLowerBoundAudit.fromCounts(hitsSecond, hitsFirst, first.length, delta, alpha / 2)
                                    .epsilonLowerBound()
                            : EpsilonLowerBoundAudit.fromCounts(hitsFirst, hitsSecond, first.length, delta, alpha / 2)
                                    .epsilonLowerBound();
                    if (best == null || bound > bestBound) {
                        best = event;
                        bestBound = bound;
                    }
                }
            }
        }
        return best;
    }

    /** The report: what was audited, on what pair, the event, the counts, the bound and the verdict. */
    String report(Privatizer privatizer, Claim claim, NeighbouringPair pair, Result result) {
        Event event = result.event();
        EpsilonLowerBoundAudit.Result bound = result.bound();
        String likelier = event.secondMore() ? pair.secondLabel() : pair.firstLabel();
        String other = event.secondMore() ? pair.firstLabel() : pair.secondLabel();
        String epsilon = Double.isInfinite(bound.epsilonLowerBound()) ? "-inf (the event was never likely enough)"
                : String.format(Locale.ROOT, "%.4f", bound.epsilonLowerBound());
        StringBuilder text = new StringBuilder();
        line(text, "privatizer", privatizerSpec + " (plugin '" + privatizer.name() + "')");
        line(text, "declared", claim.source() + ", neighbouring: " + privatizer.neighbouring().description());
        privatizer.claimedGuarantee().ifPresent(paper -> line(text, "paper's claim", paper.describe()
                + " (not audited: the framework's guarantee above is; the two differ)"));
        line(text, "audited", "epsilon = " + claim.epsilon() + ", delta = " + claim.delta());
        line(text, "neighbouring pair", pair.firstLabel() + " vs " + pair.secondLabel() + " (" + pair.distance()
                + ")");
        line(text, "trials", trials + " releases of each input, seed " + seed + ": " + result.chosenOn()
                + " chose the event, " + bound.trials() + " test it");
        line(text, "chosen event", event.describe() + ", likelier under " + likelier);
        line(text, "hits", bound.hitsFirst() + " of " + bound.trials() + " (" + likelier + ") vs "
                + bound.hitsSecond() + " of " + bound.trials() + " (" + other + ")");
        line(text, "epsilon lower bound", epsilon + " at confidence " + (1 - alpha) + " (Clopper-Pearson, each side "
                + "at alpha/2 = " + alpha / 2 + (claim.delta() > 0 ? ", delta subtracted" : "") + ")");
        line(text, "verdict", result.refuted()
                ? "REFUTED: the lower bound " + epsilon + " > the claimed epsilon " + claim.epsilon()
                : "consistent: the lower bound " + epsilon + " <= the claimed epsilon " + claim.epsilon());
        text.append("An audit can refute a claimed guarantee, never prove it. False-rejection rate: at most alpha = ")
                .append(alpha).append(" per audit (one event tested; the event was chosen on other releases).")
                .append(System.lineSeparator());
        return text.toString();
    }

    private static void line(StringBuilder text, String label, String value) {
        text.append(String.format(Locale.ROOT, "%-20s %s", label + ":", value)).append(System.lineSeparator());
    }
}
