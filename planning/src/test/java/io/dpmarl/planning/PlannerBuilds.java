package io.dpmarl.planning;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.util.Optional;

/**
 * What the tests of a planner's refusals when it is built share: the plugin context on one game and a ledger, and
 * the lower end of the accepted range a refusal message names.
 */
public final class PlannerBuilds {
    /** The registry of the planning plugins (and every other plugin on the test class path). */
    public static final Registry REGISTRY = Registry.discover();

    private PlannerBuilds() {
    }

    /** A plugin context on {@code environment} charging {@code ledger}; an empty noise script: any draw fails. */
    public static PluginContext context(Environment environment, PrivacyLedger ledger) {
        return new PluginContext(RandomStreams.of(1), ScriptedNoiseSource.of(), ledger, Optional.of(environment),
                REGISTRY, TrialMetrics.discarding(), Optional.of(Schedule.episodes(5)));
    }

    /** The bound {@code L} in "[L, inf)" of a refusal message. */
    public static double lowerEnd(String message) {
        int open = message.indexOf('[');
        return Double.parseDouble(message.substring(open + 1, message.indexOf(',', open)));
    }
}
