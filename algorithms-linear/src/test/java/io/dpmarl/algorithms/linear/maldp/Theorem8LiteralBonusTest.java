package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Theorem 8's bounded-Laplace radius as printed ("Local differential privacy preserving mechanisms for multi-agent
 * reinforcement learning", Theorem 8: {@code beta^BL_{k,h} = c_bl (nd)^{3/4} (H-h+1)^{3/2} k^{1/4} log(ndT/alpha)
 * sqrt(1/epsilon)}), offered as {@code bonus=theorem-8-literal} next to the default App. C eq. 23
 * ({@code c_bl (nd)^{3/4} zeta^{1/4} k^{1/4} log(ndT/alpha)}), which the paper's eq. 19 and Theorem 8's own
 * zeta-dependent regret support. Review finding: only eq. 23 was offered, so the theorem as printed could not be
 * run. Expected values are evaluated by hand in the comments.
 */
class Theorem8LiteralBonusTest {

    private static MaLdpLearner build(String learner) {
        Environment environment = MaLdpHarness.paperInstance();
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0);
        PluginContext context = new PluginContext(io.dpmarl.core.rng.RandomStreams.of(5), ScriptedNoiseSource.of(),
                ledger, Optional.of(environment), MaLdpHarness.REGISTRY,
                io.dpmarl.core.experiment.TrialMetrics.discarding(), Optional.of(Schedule.episodes(10)));
        return (MaLdpLearner) MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class, learner, context);
    }

    @Test
    void thePrintedRadiusByHand() {
        // H = 5, nd = 4, K = 8500 (T = 42500), alpha = 0.1, c = 1, epsilon = 0.1. At k = 1, h = 1:
        // 4^{3/4} 5^{3/2} = 2 sqrt(2) 5 sqrt(5) = 10 sqrt(10); times sqrt(1/0.1) = sqrt(10) gives 100; so
        // beta = 100 ln(4 * 42500 / 0.1) = 100 ln(1.7e6) = 1434.6138809
        BonusSchedule.Theorem8Literal bonus = new BonusSchedule.Theorem8Literal(1, 4, 5, 42500, 0.1, 0.1);
        double log = Math.log(1.7e6);
        assertEquals(100 * log, bonus.beta(1, 1), 1e-9);
        assertEquals(1434.6138809, bonus.beta(1, 1), 1e-6);
        // h = 5: (H-h+1)^{3/2} = 1, so 2 sqrt(2) sqrt(10) ln(1.7e6) = 4 sqrt(5) ln(1.7e6) = 128.3157664
        assertEquals(4 * Math.sqrt(5) * log, bonus.beta(1, 5), 1e-9);
        // k = 8500: times 8500^{1/4}
        assertEquals(100 * log * Math.pow(8500, 0.25), bonus.beta(8500, 1), 1e-7);
        // c = 2, alpha = 0.5, epsilon = 0.4, T = 100, k = 16, h = 3: 2 * 2 sqrt(2) * 3^{3/2} * 16^{1/4}
        // * ln(4 * 100 / 0.5) * sqrt(1/0.4) = 2 * 2 sqrt(2) * 3 sqrt(3) * 2 * ln(800) * sqrt(2.5) = 24 sqrt(15) ln(800)
        BonusSchedule.Theorem8Literal other = new BonusSchedule.Theorem8Literal(2, 4, 5, 100, 0.5, 0.4);
        assertEquals(24 * Math.sqrt(15) * Math.log(800), other.beta(16, 3), 1e-9);
        assertEquals(621.3453575, other.beta(16, 3), 1e-6);
    }

    @Test
    void itsParametersAreRefusedOutsideTheirRanges() {
        IllegalArgumentException scale = assertThrows(IllegalArgumentException.class,
                () -> new BonusSchedule.Theorem8Literal(0, 4, 5, 100, 0.1, 0.1));
        assertTrue(scale.getMessage().contains("bonus-scale"), scale.getMessage());
        IllegalArgumentException fail = assertThrows(IllegalArgumentException.class,
                () -> new BonusSchedule.Theorem8Literal(1, 4, 5, 100, 1.0, 0.1));
        assertTrue(fail.getMessage().contains("fail-prob"), fail.getMessage());
        IllegalArgumentException epsilon = assertThrows(IllegalArgumentException.class,
                () -> new BonusSchedule.Theorem8Literal(1, 4, 5, 100, 0.1, 0.0));
        assertTrue(epsilon.getMessage().contains("epsilon"), epsilon.getMessage());
    }

    @Test
    void thePluginOffersItForBoundedLaplaceNextToEquation23() {
        // paper network MDP: n = 2 agents, blocks d = 2, so nd = 4; H = 5; 10 episodes, T = 50; alpha = 0.1, c = 1;
        // epsilon = 0.2. Theorem 8 as printed at k = 1, h = 1: 10 sqrt(10) sqrt(5) ln(4 * 50 / 0.1)
        // = 50 sqrt(2) ln(2000) = 537.46497
        String privatizer = "privatizer=ma-ldp(mechanism=bounded-laplace, epsilon=0.2, calibration=paper-literal)";
        MaLdpLearner literal = build("ma-ldp(" + privatizer + ", bonus=theorem-8-literal)");
        BonusSchedule bonus = literal.config().bonus();
        assertInstanceOf(BonusSchedule.Theorem8Literal.class, bonus);
        assertEquals(50 * Math.sqrt(2) * Math.log(2000), bonus.beta(1, 1), 1e-9);
        // the default, App. C eq. 23: b = 4 H^3 sqrt(nd) / epsilon = 500 * 2 / 0.2 = 5000 and B = b, so
        // zeta = b^2 (2 - 5 e^{-1}) / (1 - e^{-1}) (zeta = (2b^2 - e^{-B/b}(B^2 + 2Bb + 2b^2)) / (1 - e^{-B/b}));
        // beta = 4^{3/4} zeta^{1/4} ln(2000) = 1079.278
        double zeta = 5000.0 * 5000.0 * (2 - 5 * Math.exp(-1)) / (1 - Math.exp(-1));
        double equation23 = Math.pow(4, 0.75) * Math.pow(zeta, 0.25) * Math.log(2000);
        MaLdpLearner byDefault = build("ma-ldp(" + privatizer + ")");
        assertEquals(equation23, byDefault.config().bonus().beta(1, 1), 1e-9 * equation23);
        assertEquals(1079.278, equation23, 1e-3);
    }

    @Test
    void thePluginRefusesItForAnyOtherPrivatizer() {
        IllegalArgumentException laplace = assertThrows(IllegalArgumentException.class, () -> build(
                "ma-ldp(privatizer=ma-ldp(mechanism=laplace, epsilon=0.2, calibration=paper-literal), "
                        + "bonus=theorem-8-literal)"));
        assertTrue(laplace.getMessage().contains("mechanism=bounded-laplace, got laplace"), laplace.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> build(
                "ma-ldp(bonus=theorem-8-literal)"));
        assertTrue(none.getMessage().contains("got none"), none.getMessage());
    }
}
