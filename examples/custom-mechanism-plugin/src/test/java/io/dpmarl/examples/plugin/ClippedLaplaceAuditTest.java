package io.dpmarl.examples.plugin;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.audit.EpsilonLowerBoundAudit;
import io.dpmarl.mechanisms.audit.RealMechanism;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Runs the dpmarl privacy audit kit on the plugin at every configuration the conformance test checks, and shows
 * at each one that the audit rejects a mutant with ten times too little noise. The conformance kit checks the
 * release protocol (validation, charge, noise order, declared events); only an audit measures whether the noise
 * is enough for the claimed epsilon.
 *
 * <p><b>The audit.</b> {@link EpsilonLowerBoundAudit} runs the mechanism {@code n = 20,000} times on each of two
 * inputs and bounds {@code ln(P[M(D) in S] / P[M(D') in S])} from below with one-sided Clopper-Pearson bounds at
 * {@code alpha = 1e-6}; if the mechanism is epsilon-DP the bound exceeds epsilon with probability at most
 * {@code 2 alpha = 2e-6} (the false-rejection rate of each honest check).
 *
 * <p><b>The worst case, derived.</b> Clipped Laplace adds Laplace noise of scale {@code b = 2 B d / epsilon} to
 * each of {@code d} coordinates clipped to {@code [-B, B]}. Take {@code D = (B, ..., B)}, {@code D' = (-B, ..., -B)}
 * and {@code S = {every coordinate >= B}}. Then {@code P[M(D) in S] = (1/2)^d} and
 * {@code P[M(D') in S] = ((1/2) e^{-2B/b})^d = (1/2)^d e^{-epsilon}}: the ratio is exactly {@code e^epsilon}, the
 * largest any event can have, so S is the most powerful event.
 *
 * <p><b>The mutant.</b> Ten times too little noise is the same mechanism built for {@code 10 epsilon} while the
 * guarantee audited is still {@code epsilon}; its true ratio on S is {@code e^{10 epsilon}}. With the numbers of
 * each test (computed in its comment) the Clopper-Pearson lower bound lies far above epsilon.
 */
class ClippedLaplaceAuditTest {
    private static final Registry REGISTRY = Registry.discover();
    private static final long TRIALS = 20_000;
    private static final double ALPHA = 1e-6;

    /**
     * Scalar setting, epsilon = 1, B = 1: honest ratio e^1. Mutant (epsilon 10): P[M(D') in S] = 0.5 e^-10 =
     * 2.3e-5, so about 0.5 hits in 20,000 runs; the upper bound on it is at most about 14/20,000 = 7e-4 (zero to a
     * few hits) and the lower bound on P[M(D) in S] = 0.5 is about 0.48, giving a lower bound of about
     * ln(0.48 / 7e-4) = 6.5 > 1.
     */
    @Test
    void scalarConfigurationPassesTheAuditAndTheTenfoldMutantFails() {
        audit("clipped-laplace", "clipped-laplace(epsilon=10)", 1, 1, 1, 11);
    }

    /**
     * Vector setting, epsilon = 0.5, B = 2, d = 3: honest ratio e^0.5 on S with P[M(D) in S] = 1/8. Mutant
     * (epsilon 5): P[M(D') in S] = e^-5 / 8 = 8.4e-4, about 17 hits; its upper bound is about 45/20,000 = 2.3e-3
     * and the lower bound on 1/8 is about 0.114, a lower bound of about ln(0.114 / 2.3e-3) = 3.9 > 0.5.
     */
    @Test
    void vectorConfigurationPassesTheAuditAndTheTenfoldMutantFails() {
        audit("clipped-laplace(epsilon=0.5, bound=2, dimension=3)",
                "clipped-laplace(epsilon=5, bound=2, dimension=3)", 0.5, 2, 3, 21);
    }

    private static void audit(String honestSpec, String mutantSpec, double epsilon, double bound, int dimension,
                              long seed) {
        Privatizer honest = REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, honestSpec);
        EpsilonLowerBoundAudit.Result passes = EpsilonLowerBoundAudit.audit(
                corner(honest, bound, dimension), corner(honest, -bound, dimension), y -> y == 1, 0, TRIALS, ALPHA,
                NoiseSource.seeded(seed));
        assertTrue(passes.consistentWith(epsilon), honestSpec + ": " + passes);

        Privatizer mutant = REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, mutantSpec);
        EpsilonLowerBoundAudit.Result rejects = EpsilonLowerBoundAudit.audit(
                corner(mutant, bound, dimension), corner(mutant, -bound, dimension), y -> y == 1, 0, TRIALS, ALPHA,
                NoiseSource.seeded(seed + 1));
        assertFalse(rejects.consistentWith(epsilon), mutantSpec + " audited at epsilon " + epsilon + ": " + rejects);
    }

    /** One release of the input with every coordinate equal to {@code value}; 1 if the output is in S, else 0. */
    private static RealMechanism corner(Privatizer privatizer, double value, int dimension) {
        double bound = Math.abs(value);
        if (dimension == 1) {
            RealMechanism scalar = RealMechanism.scalar(privatizer, value);
            return noise -> scalar.run(noise) >= bound ? 1 : 0;
        }
        double[] input = new double[dimension];
        Arrays.fill(input, value);
        return noise -> {
            Statistic.Vector released = (Statistic.Vector) privatizer.release(new Statistic.Vector(input.clone()),
                    noise, PrivacyLedger.unaccounted(), LedgerKey.global());
            return Arrays.stream(released.values()).allMatch(y -> y >= bound) ? 1 : 0;
        };
    }
}
