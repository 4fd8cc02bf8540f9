package io.dpmarl.algorithms.tabular.nashvi;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/**
 * The LEARNER plugin {@code dp-nash-vi(K, epsilon, beta, privatizer, calibration, mode, bonus-scale, e-scale,
 * truncation, cce)}: DP-Nash-VI (Qiao and Wang 2024, Algorithm 1) on a tabular zero-sum Markov game.
 * The environment must offer {@link TabularModel}; the learner reads only its reward table (known
 * rewards, paper footnote 1), never its transitions. Privacy noise comes from the context's noise source,
 * the policy's sampling from the stream {@code "policy"}.
 */
@AutoService(PluginProvider.class)
public final class DpNashViProvider implements PluginProvider<Learner> {
    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return "dp-nash-vi";
    }

    @Override
    public String description() {
        return "DP-Nash-VI self-play for two-player zero-sum Markov games (Qiao-Wang 2024 Alg. 1): "
                + "epsilon-JDP (central) or epsilon-LDP (local) count privatizers, or non-private.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.integer("K", "number of episodes (known in advance)").atLeast(1).withDefault(1000),
                Param.real("epsilon", "privacy budget (ignored by non-private)").above(0).withDefault(1.0),
                Param.real("beta", "failure probability").above(0).below(1).withDefault(0.1),
                Param.string("privatizer", "count privatizer", "non-private", "central", "local")
                        .withDefault("central"),
                Param.string("calibration", "noise calibration", "rigorous", "paper-a", "paper-b")
                        .withDefault("rigorous"),
                Param.string("mode", "constants: theory (C1=2, C2=10) or practical", "theory", "practical")
                        .withDefault("practical"),
                Param.real("bonus-scale", "C1 = C2 in practical mode").above(0).finite().withDefault(0.1),
                Param.real("e-scale", "multiplier of the theoretical E in practical mode").atLeast(0).finite()
                        .withDefault(0.001),
                Param.string("truncation", "cap of Qup", "H", "H-h+1").withDefault("H-h+1"),
                Param.string("cce", "CCE objective", "min-gap", "feasibility").withDefault("min-gap"));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        Environment environment = context.requireEnvironment(name());
        TabularModel model = environment.capability(TabularModel.class).orElseThrow(() ->
                new IllegalArgumentException("dp-nash-vi needs a tabular environment (TabularModel capability)"));
        GameType.Utility utility = environment.info().gameType().utility();
        if (utility != GameType.Utility.ZERO_SUM && utility != GameType.Utility.SINGLE_AGENT) {
            throw new IllegalArgumentException("dp-nash-vi needs a zero-sum or single-agent game, got " + utility);
        }
        PrivatizerKind privatizer = PrivatizerKind.fromLabel(params.string("privatizer"));
        boolean theory = params.string("mode").equals("theory");
        double epsilon = params.real("epsilon");
        if (privatizer != PrivatizerKind.NON_PRIVATE && Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be in (0, inf), got " + epsilon);
        }
        DpNashViConfig config = new DpNashViConfig(params.integer("K"), epsilon, params.real("beta"), privatizer,
                NoiseCalibration.fromLabel(params.string("calibration")),
                theory ? ConstantMode.THEORY : ConstantMode.PRACTICAL,
                theory ? 2.0 : params.real("bonus-scale"), theory ? 10.0 : params.real("bonus-scale"),
                theory ? 1.0 : params.real("e-scale"),
                params.string("truncation").equals("H") ? Truncation.H : Truncation.H_MINUS_H_PLUS_1,
                params.string("cce").equals("min-gap") ? CceObjective.MIN_GAP : CceObjective.FEASIBILITY);
        return create(model, config, context);
    }

    /** Creates the learner for a model and a configuration (used by the reproduction and tests). */
    public static DpNashViLearner create(TabularModel model, DpNashViConfig config, PluginContext context) {
        int[] counts = model.actionCounts();
        int numActionsMin = counts.length > 1 ? counts[1] : 1;
        CountShape shape = new CountShape(model.horizon(), model.numStates(), counts[0], numActionsMin);
        double[][][] rewards = new double[shape.horizon()][shape.numStates()][shape.jointActions()];
        for (int h = 0; h < shape.horizon(); h++) {
            for (int s = 0; s < shape.numStates(); s++) {
                for (int j = 0; j < shape.jointActions(); j++) {
                    rewards[h][s][j] = model.reward(h, s, j, 0);
                }
            }
        }
        DpNashVi.checkRewards(shape, rewards);
        double[] initial = model.initialDistribution();
        int initialState = -1;
        for (int s = 0; s < initial.length; s++) {
            if (initial[s] == 1.0) {
                initialState = s;
            }
        }
        if (initialState < 0) {
            throw new IllegalArgumentException("dp-nash-vi needs a fixed initial state s_1");
        }
        CountPrivatizer privatizer = Privatizers.create(shape, config, context.noise(), context.ledger());
        DpNashVi algorithm = new DpNashVi(shape, config, rewards, initialState, privatizer);
        return new DpNashViLearner(algorithm, context.streams().stream("policy"), counts.length == 1);
    }
}
