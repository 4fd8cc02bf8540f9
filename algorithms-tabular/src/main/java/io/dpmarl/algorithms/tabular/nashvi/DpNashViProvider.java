package io.dpmarl.algorithms.tabular.nashvi;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.KnownRewards;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.SpecString;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The LEARNER plugin {@code dp-nash-vi(privatizer, beta, mode, bonus-scale, e-scale, truncation, cce)}: DP-Nash-VI
 * (Qiao and Wang 2024, Algorithm 1) on a tabular zero-sum Markov game. K is the run's number of episodes (from the
 * schedule); S, A, B and H come from the environment's info (discrete observation space of size S, action spaces,
 * horizon); the reward table is the environment's {@link KnownRewards} (the paper's known rewards, footnote 1).
 * The learner never reads the transition model. The privatizer is a nested privatizer spec
 * ({@code nashvi-central-counts(epsilon=1)}, {@code nashvi-local-counts(epsilon=1)} or {@code nashvi-non-private});
 * its {@code horizon} defaults to the environment's H. Privacy noise comes from the context's noise source, the
 * policy's sampling from the stream {@code "policy"}.
 */
@AutoService(PluginProvider.class)
public final class DpNashViProvider implements PluginProvider<Learner> {
    static final String NAME = "dp-nash-vi";

    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public java.util.List<String> metrics() {
        return java.util.List.of(DpNashViLearner.CERTIFIED_GAP, DpNashViLearner.FALLBACK_RATE);
    }

    @Override
    public String description() {
        return "DP-Nash-VI self-play for two-player zero-sum Markov games (Qiao-Wang 2024 Alg. 1) with a count "
                + "privatizer plugin: nashvi-central-counts (epsilon-JDP), nashvi-local-counts (epsilon-LDP) or "
                + "nashvi-non-private. K is the schedule's episodes; needs known rewards, a fixed initial state and "
                + "episodes of exactly H steps (a schedule.step-limit below H is refused when the run is checked).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.plugin("privatizer", PluginKind.PRIVATIZER, "count privatizer: "
                        + "nashvi-central-counts(epsilon=..), nashvi-local-counts(epsilon=..) or nashvi-non-private")
                        .withDefault(
                        "nashvi-central-counts(epsilon=1)"),
                Param.real("beta", "failure probability").above(0).below(1).withDefault(0.1),
                Param.string("mode", "constants: theory (C1=2, C2=10, E unscaled; bonus-scale and e-scale "
                        + "ignored) or practical (ours: the paper never gives C1, C2)", "theory", "practical")
                        .withDefault("practical"),
                Param.real("bonus-scale", "C1 = C2 in practical mode").above(0).finite().withDefault(0.1),
                Param.real("e-scale", "multiplier of the theoretical E in practical mode").atLeast(0).finite()
                        .withDefault(0.001),
                Param.string("truncation", "cap of Qup: H (the paper's line 10) or H-h+1 (ours, the default in "
                        + "both modes: valid, since true values at stage h lie in [0, H-h+1])", "H", "H-h+1")
                        .withDefault("H-h+1"),
                Param.string("cce", "CCE objective", "min-gap", "feasibility").withDefault("min-gap"));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        Environment environment = context.requireEnvironment(NAME);
        long episodes = context.requireSchedule(NAME).requireEpisodes(NAME);
        if (episodes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(NAME + ": schedule.episodes must be in [1, "
                    + Integer.MAX_VALUE + "], got " + episodes);
        }
        boolean theory = params.string("mode").equals("theory");
        DpNashViConfig config = new DpNashViConfig((int) episodes, params.real("beta"),
                theory ? ConstantMode.THEORY : ConstantMode.PRACTICAL,
                theory ? 2.0 : params.real("bonus-scale"), theory ? 10.0 : params.real("bonus-scale"),
                theory ? 1.0 : params.real("e-scale"),
                params.string("truncation").equals("H") ? Truncation.H : Truncation.H_MINUS_H_PLUS_1,
                params.string("cce").equals("min-gap") ? CceObjective.MIN_GAP : CceObjective.FEASIBILITY);
        CountShape shape = shapeOf(environment.info());
        int episodeSteps = context.requireSchedule(NAME).episodeSteps(shape.horizon(), environment.info().name());
        if (episodeSteps < shape.horizon()) {
            // Refused when the learner is built (so when the run is checked), not at the end of the first episode.
            throw new IllegalArgumentException(NAME + ": schedule.step-limit must be in [" + shape.horizon()
                    + ", inf) (the count streams need episodes of exactly H = " + shape.horizon() + " steps), got "
                    + episodeSteps);
        }
        CountsPrivatizer privatizer = privatizer(params.string("privatizer"), shape.horizon(), context);
        return create(environment, shape, config, privatizer, context);
    }

    /** S, A, B, H of a two-player zero-sum (or single-agent) game with a discrete state observation. */
    static CountShape shapeOf(EnvironmentInfo info) {
        GameType.Utility utility = info.gameType().utility();
        if (utility != GameType.Utility.ZERO_SUM && utility != GameType.Utility.SINGLE_AGENT) {
            throw new IllegalArgumentException(NAME + " needs a zero-sum or single-agent game, got " + utility);
        }
        if (info.numAgents() > 2) {
            throw new IllegalArgumentException(NAME + " needs 1 or 2 agents, got " + info.numAgents());
        }
        if (!(info.observationSpaces().get(0) instanceof Space.Discrete states)) {
            throw new IllegalArgumentException(NAME + " needs a discrete state observation, got "
                    + info.observationSpaces().get(0));
        }
        if (info.horizon() == Integer.MAX_VALUE) {
            throw new IllegalArgumentException(NAME + " needs a finite horizon H");
        }
        return new CountShape(info.horizon(), states.size(), info.numActions(0),
                info.numAgents() > 1 ? info.numActions(1) : 1);
    }

    /** Resolves the nested privatizer spec, filling in {@code horizon} with H. */
    static CountsPrivatizer privatizer(String spec, int horizon, PluginContext context) {
        SpecString parsed = SpecString.parse(spec);
        if (!java.util.List.of("nashvi-central-counts", "nashvi-local-counts", "nashvi-non-private")
                .contains(parsed.name())) {
            throw new IllegalArgumentException(NAME + ": privatizer must be one of nashvi-central-counts, "
                    + "nashvi-local-counts, nashvi-non-private, got " + parsed.name());
        }
        Map<String, String> parameters = new LinkedHashMap<>(parsed.parameters());
        parameters.putIfAbsent("horizon", Integer.toString(horizon));
        String full = parsed.name() + parameters.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ", "(", ")"));
        Privatizer privatizer = context.registry().create(PluginKind.PRIVATIZER, Privatizer.class, full, context);
        if (!(privatizer instanceof CountsPrivatizer counts)) {
            throw new IllegalArgumentException(NAME + ": privatizer must be one of nashvi-central-counts, "
                    + "nashvi-local-counts, nashvi-non-private, got " + parsed.name());
        }
        return counts;
    }

    /**
     * Creates the learner for an environment with known rewards: opens the privatizer's stream on the context's
     * ledger and noise (an up-front stream is charged here).
     */
    public static DpNashViLearner create(Environment environment, CountShape shape, DpNashViConfig config,
                                         CountsPrivatizer privatizer, PluginContext context) {
        KnownRewards known = environment.capability(KnownRewards.class).orElseThrow(() ->
                new IllegalArgumentException(NAME + " needs an environment with known rewards (KnownRewards)"));
        double[][][] rewards = new double[shape.horizon()][shape.numStates()][shape.jointActions()];
        for (int h = 0; h < shape.horizon(); h++) {
            for (int s = 0; s < shape.numStates(); s++) {
                for (int j = 0; j < shape.jointActions(); j++) {
                    rewards[h][s][j] = known.reward(h, s, j, 0);
                }
            }
        }
        DpNashVi.checkRewards(shape, rewards, "environment '" + environment.info().name() + "'");
        CountReleases counts = new CountReleases(shape, config.episodes(), config.width(privatizer, shape),
                privatizer, context.ledger(), context.noise());
        return new DpNashViLearner(shape, config, rewards, counts, context.streams().stream("policy"),
                context.streams().stream("evaluation-policy"), context.metrics(), shape.numActionsMin() == 1
                && environment.info().numAgents() == 1);
    }
}
