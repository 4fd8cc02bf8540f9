package io.dpmarl.core.experiment;

import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.PipelineModule;
import io.dpmarl.core.pipeline.PipelineSpec;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamType;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.core.spi.SpecString;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The checks an experiment passes before its run directory is created, so that a spec that cannot run is refused
 * up front with one message:
 * <ol>
 *   <li>its pipeline assembles (every plugin and parameter resolves; learners that open up-front release streams
 *       at construction charge their whole guarantee there, so a budget that cannot cover the schedule throws
 *       {@link io.dpmarl.core.privacy.PrivacyBudgetExceededException} here; a stream opened with a declared release
 *       shape is checked against its privatizer's parameters when it opens, so a learner that opens its streams at
 *       construction has, for example, an additive privatizer's {@code max-coordinates} below its release's
 *       coordinates refused here, with the message the first release would give; planners built here check what
 *       they can from the environment, such as {@code min-dependency}'s {@code length-cap});</li>
 *   <li>the schedule bounds every episode: a continuing environment (horizon {@code Integer.MAX_VALUE}) needs
 *       {@code schedule.step-limit}, which the run loop would otherwise ask for at the first trial;</li>
 *   <li>the accountant supports the event of every privatizer named in the spec (the spec's {@code privatizer} and
 *       every privatizer plugin parameter nested in the learner, evaluators and environment);</li>
 *   <li>every plotted metric (each part of an overlay {@code a + b}, see {@link PlotItem}) is one the run can
 *       record: the loop's own metrics ({@code episode_return}, {@code epsilon_spent}, {@code return_agent_<i>}
 *       with several agents, {@code evaluation_return} when the schedule evaluates and the run is long enough to
 *       reach its first evaluation) and those the pipeline's plugins declare ({@link PluginProvider#metrics()}).</li>
 * </ol>
 * A per-release budget cannot be checked before the releases happen; it is enforced at each release, before noise
 * is drawn.
 */
final class Preflight {
    private Preflight() {
    }

    /** Runs every check on one experiment; {@code seed} seeds the throw-away pipeline. */
    static void check(PipelineSpec spec, List<String> plots, Registry registry, long seed) {
        Pipeline pipeline = PipelineModule.assemble(spec, registry, RandomStreams.of(seed), record -> { });
        // every trial starts with this: a continuing environment needs schedule.step-limit
        spec.schedule().ifPresent(schedule -> schedule.episodeSteps(pipeline.environment().info().horizon(),
                pipeline.environment().info().name()));
        checkAccountant(spec, registry);
        checkPlots(spec, plots, registry, pipeline.environment().info().numAgents());
    }

    private static void checkAccountant(PipelineSpec spec, Registry registry) {
        Accountant accountant = registry.create(PluginKind.ACCOUNTANT, Accountant.class, spec.accountant());
        Set<String> privatizers = new LinkedHashSet<>();
        collect(PluginKind.LEARNER, spec.learner(), registry, privatizers, new ArrayList<>());
        collect(PluginKind.ENVIRONMENT, spec.environment(), registry, privatizers, new ArrayList<>());
        for (String evaluator : spec.evaluators()) {
            collect(PluginKind.EVALUATOR, evaluator, registry, privatizers, new ArrayList<>());
        }
        for (String privatizerSpec : privatizers) {
            Privatizer privatizer = registry.create(PluginKind.PRIVATIZER, Privatizer.class, privatizerSpec);
            PrivacyEvent event = privatizer.event();
            if (event instanceof PrivacyEvent.NominalEvent || accountant.supports(event)) {
                continue;
            }
            List<String> supporting = new ArrayList<>();
            for (PluginProvider<?> provider : registry.list(PluginKind.ACCOUNTANT)) {
                try {
                    if (registry.create(PluginKind.ACCOUNTANT, Accountant.class, provider.name()).supports(event)) {
                        supporting.add(provider.name());
                    }
                } catch (IllegalArgumentException needsParameters) {
                    // an accountant with required parameters cannot be tried without them
                }
            }
            throw new IllegalArgumentException("accountant '" + spec.accountant() + "' does not support the events "
                    + "of privatizer '" + privatizerSpec + "' (" + event.describe() + "); accountants that do: "
                    + (supporting.isEmpty() ? "none" : String.join(", ", supporting)));
        }
    }

    /** Collects the privatizer specs nested (at any depth) in a plugin spec's plugin parameters. */
    private static void collect(PluginKind kind, String spec, Registry registry, Set<String> privatizers,
                                List<String> path) {
        if (kind == PluginKind.PRIVATIZER) {
            privatizers.add(spec);
        }
        if (path.size() > 8) {
            return;
        }
        PluginProvider<?> provider = registry.provider(kind, SpecString.parse(spec).name());
        Params params = registry.params(kind, spec);
        for (Param param : provider.parameters().params()) {
            if (param.type() == ParamType.PLUGIN) {
                params.plugin(param.name()).ifPresent(nested -> {
                    path.add(param.name());
                    collect(param.pluginKind().orElseThrow(), nested, registry, privatizers, path);
                    path.remove(path.size() - 1);
                });
            }
        }
    }

    private static void checkPlots(PipelineSpec spec, List<String> plots, Registry registry, int agents) {
        List<String> known = knownMetrics(spec, registry, agents);
        for (String plot : plots) {
            for (String metric : PlotItem.parse(plot).metrics()) {
                if (metric.equals(Pipeline.EVALUATION_RETURN)) {
                    spec.schedule().ifPresent(schedule -> checkEvaluates(schedule, plot));
                }
                if (!matches(known, metric)) {
                    // Only declared metrics are known before the run; an undeclared one that a plugin records
                    // anyway is still written to metrics.csv and can be drawn by dpmarl plot afterwards.
                    throw new IllegalArgumentException("plots: metric '" + metric + "'"
                            + (metric.equals(plot) ? "" : " (in '" + plot + "')") + " is not built in and not "
                            + "declared by any plugin of this spec (PluginProvider.metrics()); known: "
                            + String.join(", ", known));
                }
            }
        }
    }

    /**
     * Refuses a plot of {@code evaluation_return} when the schedule evaluates ({@code schedule.evaluate-every} above
     * 0) but never reaches its first evaluation point: the loop evaluates after training episode
     * {@code evaluate-every}, and a run of {@code schedule.episodes} below it, or of {@code schedule.steps} below it
     * (every episode takes at least one step, so a run of N steps has at most N episodes), ends before that episode.
     * A steps schedule at or above {@code evaluate-every} is accepted: whether its episodes reach the first
     * evaluation point depends on how soon they end, which only the run shows. Without the plot such a schedule is
     * accepted: it runs as with {@code evaluate-every} 0, and nothing the user asked for goes missing.
     */
    private static void checkEvaluates(Schedule schedule, String plot) {
        int every = schedule.evaluateEvery();
        if (every > 0 && schedule.length() < every) {
            String length = schedule.unit() == Schedule.Unit.EPISODES ? "schedule.episodes=" + schedule.length()
                    : "schedule.steps=" + schedule.length() + " (at most " + schedule.length() + " episodes)";
            throw new IllegalArgumentException("plots: '" + plot + "' would stay empty: schedule.evaluate-every="
                    + every + " evaluates after training episode " + every + ", but the run ends earlier, at "
                    + length + "; set schedule.evaluate-every in [1, " + schedule.length() + "] or remove "
                    + Pipeline.EVALUATION_RETURN + " from plots");
        }
    }

    /** The metric names a run of {@code spec} can record ({@code *} ends a family). */
    static List<String> knownMetrics(PipelineSpec spec, Registry registry, int agents) {
        List<String> known = new ArrayList<>(List.of(Pipeline.EPISODE_RETURN, Pipeline.EPSILON_SPENT));
        if (agents > 1) {
            for (int agent = 0; agent < agents; agent++) {
                known.add(Pipeline.AGENT_RETURN_PREFIX + agent);
            }
        }
        if (spec.schedule().map(schedule -> schedule.evaluateEvery() > 0).orElse(false)) {
            known.add(Pipeline.EVALUATION_RETURN);
        }
        declared(PluginKind.ENVIRONMENT, spec.environment(), registry, known);
        declared(PluginKind.LEARNER, spec.learner(), registry, known);
        for (String evaluator : spec.evaluators()) {
            declared(PluginKind.EVALUATOR, evaluator, registry, known);
        }
        return known;
    }

    private static void declared(PluginKind kind, String spec, Registry registry, List<String> known) {
        PluginProvider<?> provider = registry.provider(kind, SpecString.parse(spec).name());
        for (String name : provider.metrics()) {
            if (!known.contains(name)) {
                known.add(name);
            }
        }
        Params params = registry.params(kind, spec);
        for (Param param : provider.parameters().params()) {
            if (param.type() == ParamType.PLUGIN) {
                params.plugin(param.name()).ifPresent(nested -> declared(param.pluginKind().orElseThrow(), nested,
                        registry, known));
            }
        }
    }

    private static boolean matches(List<String> known, String metric) {
        for (String name : known) {
            if (name.equals(metric)
                    || (name.endsWith("*") && metric.startsWith(name.substring(0, name.length() - 1)))) {
                return true;
            }
        }
        return false;
    }
}
