package io.dpmarl.core.spi;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import java.util.Optional;

/**
 * What a plugin may need from the pipeline it is created in: the trial's random streams, the noise
 * source for privacy noise, the privacy ledger, the environment (for learners and planners) and the
 * registry (to resolve nested specs), and the trial's metrics (learners and evaluators record their own).
 */
public record PluginContext(RandomStreams streams, NoiseSource noise, PrivacyLedger ledger,
                            Optional<Environment> environment, Registry registry, TrialMetrics metrics,
                            Optional<Schedule> schedule) {

    /** A context whose metrics go nowhere and that knows no schedule. */
    public PluginContext(RandomStreams streams, NoiseSource noise, PrivacyLedger ledger,
                         Optional<Environment> environment, Registry registry) {
        this(streams, noise, ledger, environment, registry, TrialMetrics.discarding(), Optional.empty());
    }

    /**
     * The run's schedule, or an error naming the plugin that needs it (learners whose calibration depends on the
     * number of episodes or rounds read it from here instead of repeating it as a parameter).
     */
    public Schedule requireSchedule(String plugin) {
        return schedule.orElseThrow(() -> new IllegalArgumentException(plugin
                + " needs the run's schedule: run it through a pipeline with a schedule"));
    }

    /** This context with a schedule. */
    public PluginContext withSchedule(Schedule runSchedule) {
        return new PluginContext(streams, noise, ledger, environment, registry, metrics, Optional.of(runSchedule));
    }

    /**
     * A context outside any experiment: secure noise, an unaccounted ledger, no environment, streams from
     * seed 0 (for non-private randomness only).
     */
    public static PluginContext standalone(Registry registry) {
        return new PluginContext(RandomStreams.of(0), NoiseSource.secure(), PrivacyLedger.unaccounted(),
                Optional.empty(), registry);
    }

    /** This context with an environment. */
    public PluginContext withEnvironment(Environment environment) {
        return new PluginContext(streams, noise, ledger, Optional.of(environment), registry, metrics, schedule);
    }

    /** This context with another ledger. */
    public PluginContext withLedger(PrivacyLedger newLedger) {
        return new PluginContext(streams, noise, newLedger, environment, registry, metrics, schedule);
    }

    /**
     * The privatizer that a plugin's {@link Param#plugin} parameter names, created in this context (so that it draws
     * from the trial's noise source and charges the trial's ledger), or empty when the parameter is {@code none}.
     * The privatizer's own guarantee applies to what the plugin releases through it.
     *
     * @param params    the plugin's parameters
     * @param parameter the name of the privatizer parameter, for example {@code "privatizer"}
     * @param plugin    the plugin's name, for the error message
     * @param statistic the statistic type the plugin releases
     * @throws IllegalArgumentException naming the plugin and the parameter if the privatizer does not accept
     *                                  {@code statistic}
     */
    public Optional<Privatizer> privatizer(Params params, String parameter, String plugin,
                                           Class<? extends Statistic> statistic) {
        Optional<String> spec = params.plugin(parameter);
        if (spec.isEmpty()) {
            return Optional.empty();
        }
        Privatizer privatizer = registry.create(PluginKind.PRIVATIZER, Privatizer.class, spec.get(), this);
        if (!privatizer.accepts().contains(statistic)) {
            throw new IllegalArgumentException(plugin + ": parameter '" + parameter + "' must name a privatizer "
                    + "that accepts " + statistic.getSimpleName() + " statistics; '" + privatizer.name()
                    + "' accepts " + privatizer.accepts().stream().map(Class::getSimpleName).sorted().toList());
        }
        return Optional.of(privatizer);
    }

    /** The environment, or an error naming the plugin that needed one. */
    public Environment requireEnvironment(String plugin) {
        return environment.orElseThrow(() -> new IllegalArgumentException(plugin
                + " needs an environment in its pipeline"));
    }
}
