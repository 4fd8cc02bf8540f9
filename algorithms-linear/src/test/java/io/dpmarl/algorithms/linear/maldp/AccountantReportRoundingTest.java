package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The basic-composition sums of {@link AccountantReport} round up: per user per agent {@code H (eps_m + eps_v)}
 * (and the deltas), per user {@code n} times that, each at least the exact sum and product of the doubles (exact in
 * {@link BigDecimal}) and at most one ulp per operation above it. Seeded random guarantees of real Gaussian
 * privatizers and horizons; rounded to nearest, as before, some of these sums fell below the exact value.
 */
class AccountantReportRoundingTest {
    private static final Registry REGISTRY = Registry.discover();

    private static BigDecimal exact(double x) {
        return new BigDecimal(x);
    }

    private static void upperWithinTwoSteps(double got, BigDecimal exact, String context) {
        assertTrue(exact(got).compareTo(exact) >= 0, "below exact: " + context + ": " + got + " vs " + exact);
        // the sum and the product each add at most one ulp of their result
        assertTrue(exact(got).compareTo(exact.add(exact(3 * Math.ulp(got)))) <= 0, "not tight: " + context);
    }

    @Test
    void composedSumsAreUpperBoundsWithinAFewUlps() {
        Random random = new Random(2026L);
        for (int n = 0; n < 60; n++) {
            double epsilonM = 0.05 + 0.9 * random.nextDouble();
            double epsilonV = 0.05 + 0.9 * random.nextDouble();
            Privatizer matrix = REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class,
                    String.format(Locale.ROOT, "gaussian(epsilon=%.6f, delta=1e-5)", epsilonM));
            Privatizer vector = REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class,
                    String.format(Locale.ROOT, "gaussian(epsilon=%.6f, delta=3e-6)", epsilonV));
            int agents = 1 + random.nextInt(50);
            int horizon = 1 + random.nextInt(200);
            long episodes = 1 + random.nextInt(5000);
            AccountantReport report = AccountantReport.of(matrix, vector, agents, horizon, episodes, true);
            PrivacyGuarantee.ApproxDp m = (PrivacyGuarantee.ApproxDp) matrix.guarantee();
            PrivacyGuarantee.ApproxDp v = (PrivacyGuarantee.ApproxDp) vector.guarantee();
            BigDecimal userAgentEpsilon = exact(m.epsilon()).add(exact(v.epsilon()))
                    .multiply(BigDecimal.valueOf(horizon));
            BigDecimal userAgentDelta = exact(m.delta()).add(exact(v.delta())).multiply(BigDecimal.valueOf(horizon));
            String context = "case " + n + " (H " + horizon + ", n " + agents + ", K " + episodes + ")";
            upperWithinTwoSteps(report.ownUserAgent()[0], userAgentEpsilon, context + " own user-agent epsilon");
            upperWithinTwoSteps(report.ownUserAgent()[1], userAgentDelta, context + " own user-agent delta");
            // per user: n times the (rounded-up) per-agent value, itself at least the exact one
            BigDecimal agentsFactor = BigDecimal.valueOf(agents);
            assertTrue(exact(report.ownUser()[0]).compareTo(userAgentEpsilon.multiply(agentsFactor)) >= 0, context);
            assertTrue(exact(report.ownUser()[1]).compareTo(userAgentDelta.multiply(agentsFactor)) >= 0, context);
            upperWithinTwoSteps(report.ownUser()[0], exact(report.ownUserAgent()[0]).multiply(agentsFactor), context);
            // the sound per-user figure: K times the (rounded-up) own per-user value, at least the exact K n 2H sum
            BigDecimal runFactor = agentsFactor.multiply(BigDecimal.valueOf(episodes));
            assertTrue(exact(report.user()[0]).compareTo(userAgentEpsilon.multiply(runFactor)) >= 0, context);
            assertTrue(exact(report.user()[1]).compareTo(userAgentDelta.multiply(runFactor)) >= 0, context);
            upperWithinTwoSteps(report.user()[0], exact(report.ownUser()[0]).multiply(BigDecimal.valueOf(episodes)),
                    context);
        }
    }

    @Test
    void aSumThatRoundsDownToNearestIsRoundedUp() {
        // 0.1 + 0.2 rounds up to nearest (0.30000000000000004) but 0.1 + 0.7 rounds down (0.7999999999999999):
        // exact 0.1 + 0.7 is above the double 0.7999999999999999, so the bound is the next double
        double sum = AccountantReport.composedUp(1, 0.1, 0.7);
        assertTrue(exact(sum).compareTo(exact(0.1).add(exact(0.7))) >= 0, "got " + sum);
        assertTrue(sum == Math.nextUp(0.1 + 0.7), "got " + sum);
    }
}
