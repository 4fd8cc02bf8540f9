package io.dpmarl.core.experiment;

import io.dpmarl.core.pipeline.PipelineSpec;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.core.spi.SpecString;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * An experiment spec expanded over its grid and checked against the registry, before anything is
 * written: every grid point's components resolve (known plugins, known parameters, values in range) and
 * passes the {@link Preflight} checks (its pipeline assembles, so up-front budgets cover the schedule; the
 * accountant supports the privatizers' events; every plotted metric can be recorded). A grid key that lists one
 * value twice is refused ({@link GridDuplicates}). Trial {@code i} of every experiment uses the seed
 * {@code RandomStreams.of(seed).child("trial/" + i).seed()} (common random numbers across grid points).
 *
 * @param spec        the validated spec
 * @param experiments one entry per grid point, in grid order
 * @param trialSeeds  the seed of each trial index
 */
public record ExperimentPlan(ExperimentSpec spec, List<Experiment> experiments, List<Long> trialSeeds) {

    /**
     * One grid point.
     *
     * @param index      position in the grid, from 0
     * @param label      the series label in metrics.csv: the grid assignment, or the run name without a grid
     * @param assignment the grid values of this point
     * @param pipeline   the components and the schedule
     * @param noise      where this experiment's privacy noise comes from
     */
    public record Experiment(int index, String label, Map<String, String> assignment, PipelineSpec pipeline,
                             NoiseMode noise) {
        /** The schedule every trial of this experiment runs. */
        public Schedule schedule() {
            return pipeline.schedule().orElseThrow();
        }
    }

    public ExperimentPlan {
        experiments = List.copyOf(experiments);
        trialSeeds = List.copyOf(trialSeeds);
    }

    /**
     * Expands and validates a spec.
     *
     * @throws IllegalArgumentException naming the first problem (unknown plugin, unknown parameter, value out
     *                                  of range, ...), with the same message the CLI prints
     */
    public static ExperimentPlan resolve(ExperimentSpec spec, Registry registry) {
        spec.validate();
        GridDuplicates.refuse(spec, Optional.of(registry)); // validate() compared spec strings as written
        List<Map<String, String>> points = new ArrayList<>();
        points.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> axis : spec.grid().entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> point : points) {
                for (String value : axis.getValue()) {
                    Map<String, String> extended = new LinkedHashMap<>(point);
                    extended.put(axis.getKey(), value);
                    next.add(extended);
                }
            }
            points = next;
        }
        List<Long> seeds = new ArrayList<>();
        RandomStreams root = RandomStreams.of(spec.seed());
        for (int trial = 0; trial < spec.trials(); trial++) {
            seeds.add(root.child("trial/" + trial).seed());
        }
        List<Experiment> experiments = new ArrayList<>();
        // The grid values replace the base values at each point; the base is the spec without its grid, so
        // setting a key the grid varies is not refused here (ExperimentSpec.with refuses it for users).
        ExperimentSpec base = spec.withGrid(Map.of());
        for (Map<String, String> point : points) {
            ExperimentSpec pointSpec = base;
            for (Map.Entry<String, String> entry : point.entrySet()) {
                pointSpec = pointSpec.with(entry.getKey(), entry.getValue());
            }
            pointSpec.validate();
            PipelineSpec pipeline = pipeline(pointSpec, registry);
            String label = label(spec.name(), point);
            experiments.add(new Experiment(experiments.size(), label, point, pipeline, pointSpec.noise()));
            Preflight.check(pipeline, spec.plots(), registry, seeds.get(0));
        }
        return new ExperimentPlan(spec, experiments, seeds);
    }

    /**
     * The learner spec with the spec's top-level {@code privatizer} as its {@code privatizer} plugin parameter: the
     * key means exactly {@code learner.privatizer}, so the learner must declare {@code privatizer} as a
     * {@link io.dpmarl.core.spi.Param#plugin privatizer plugin} parameter.
     */
    static String withPrivatizer(String learner, String privatizer, Registry registry) {
        registry.params(PluginKind.PRIVATIZER, privatizer);
        SpecString parsed = SpecString.parse(learner);
        Param target = registry.provider(PluginKind.LEARNER, parsed.name()).parameters().params().stream()
                .filter(param -> param.name().equals("privatizer")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("learner '" + parsed.name() + "' has no 'privatizer' "
                        + "parameter; remove the spec's privatizer or choose a learner that takes one"));
        if (target.pluginKind().orElse(null) != PluginKind.PRIVATIZER) {
            throw new IllegalArgumentException("learner '" + parsed.name() + "': parameter 'privatizer' is "
                    + target.range() + ", not a privatizer plugin; set it with learner.privatizer=... instead of the "
                    + "spec's privatizer key");
        }
        if (parsed.parameters().containsKey("privatizer")) {
            throw new IllegalArgumentException("the privatizer is given twice: as 'privatizer' and inside "
                    + "the learner spec; keep one");
        }
        return ExperimentSpec.withParameter(learner, "privatizer", privatizer);
    }

    private static String label(String name, Map<String, String> point) {
        if (point.isEmpty()) {
            return name;
        }
        StringJoiner joiner = new StringJoiner(" ");
        point.forEach((key, value) -> joiner.add(key + "=" + value));
        return joiner.toString();
    }

    private static PipelineSpec pipeline(ExperimentSpec spec, Registry registry) {
        registry.params(PluginKind.ENVIRONMENT, spec.environment());
        registry.params(PluginKind.ACCOUNTANT, spec.accountant());
        String learner = spec.learner();
        if (spec.privatizer().isPresent()) {
            learner = withPrivatizer(learner, spec.privatizer().get(), registry);
        }
        registry.params(PluginKind.LEARNER, learner);
        for (String evaluator : spec.evaluators()) {
            registry.params(PluginKind.EVALUATOR, evaluator);
        }
        return new PipelineSpec(spec.environment(), learner, spec.accountant(), spec.delta(), spec.budget(),
                spec.evaluators(), Optional.of(spec.schedule()));
    }
}
