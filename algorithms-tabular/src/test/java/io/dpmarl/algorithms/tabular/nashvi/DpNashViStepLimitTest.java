package io.dpmarl.algorithms.tabular.nashvi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import org.junit.jupiter.api.Test;

/**
 * DP-Nash-VI's count streams need episodes of exactly H steps: a schedule whose step limit truncates every episode
 * is refused when the learner is built (so when the run is checked), naming {@code schedule.step-limit} and its range,
 * before anything is charged, instead of at the end of the first episode. H = 3 here; a limit of exactly 3 builds.
 */
class DpNashViStepLimitTest {
    private static final Registry REGISTRY = Registry.discover();

    private static PluginContext context(Schedule schedule, PrivacyLedger ledger) {
        Environment environment = REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class,
                "random-zero-sum(S=2, A=2, B=2, H=3)");
        return PluginContext.standalone(REGISTRY).withEnvironment(environment).withSchedule(schedule)
                .withLedger(ledger);
    }

    @Test
    void aStepLimitBelowTheHorizonIsRefusedWhenTheLearnerIsBuilt() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> REGISTRY.create(
                PluginKind.LEARNER, Learner.class, "dp-nash-vi(privatizer=nashvi-central-counts(epsilon=1))",
                context(Schedule.episodes(5).withStepLimit(2), ledger)));
        assertEquals("dp-nash-vi: schedule.step-limit must be in [3, inf) (the count streams need episodes of exactly "
                + "H = 3 steps), got 2", refused.getMessage());
        assertEquals(0, ledger.charges(), "the central stream's up-front charge is not made");
    }

    @Test
    void aStepLimitOfExactlyTheHorizonBuilds() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        assertInstanceOf(DpNashViLearner.class, REGISTRY.create(PluginKind.LEARNER, Learner.class,
                "dp-nash-vi(privatizer=nashvi-central-counts(epsilon=1))",
                context(Schedule.episodes(5).withStepLimit(3), ledger)));
        assertInstanceOf(DpNashViLearner.class, REGISTRY.create(PluginKind.LEARNER, Learner.class,
                "dp-nash-vi(privatizer=nashvi-local-counts(epsilon=1))",
                context(Schedule.episodes(5).withStepLimit(4), ledger)));
    }
}
