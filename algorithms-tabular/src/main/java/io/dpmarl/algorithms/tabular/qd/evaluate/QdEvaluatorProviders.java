package io.dpmarl.algorithms.tabular.qd.evaluate;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.model.DiscountedTabularModel;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.List;
import java.util.random.RandomGenerator;

/** The EVALUATOR plugins of the QD learners: {@code qd-error}, {@code qd-consensus}, {@code qd-messages}. */
public final class QdEvaluatorProviders {
    private QdEvaluatorProviders() {
    }

    /** {@code qd-error(tracked-agents)}. */
    @AutoService(PluginProvider.class)
    public static final class Error implements PluginProvider<Evaluator> {
        @Override
        public PluginKind kind() {
            return PluginKind.EVALUATOR;
        }

        @Override
        public String name() {
            return "qd-error";
        }

        @Override
        public String description() {
            return "Error of a QD learner's tables to Q* of the network-average reward, after every episode: per agent,"
                    + " of the network average per pair, the Q-values of randomly tracked agents (drawn from the"
                    + " trial's"
                    + " stream qd-error/tracked), Q* and the spread of the agents' local fixed points; reads the exact"
                    + " discounted model.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(Param.integer("tracked-agents", "how many agents' Q-values to record (every agent"
                    + " when it exceeds the environment's agents)").atLeast(0).withDefault(5), RecordAt.param());
        }

        @Override
        public List<String> metrics() {
            return List.of(QdErrorEvaluator.QBAR_ERROR_MAX, QdErrorEvaluator.Q_ERROR_MAX, QdErrorEvaluator.Q_ERROR_MEAN,
                    QdErrorEvaluator.QBAR_ERROR + "_*", QdErrorEvaluator.QBAR + "_*", QdErrorEvaluator.Q_STAR + "_*",
                    QdErrorEvaluator.Q_AGENT + "*", QdErrorEvaluator.LOCAL_OPTIMUM_SPREAD);
        }

        @Override
        public Evaluator create(Params params, PluginContext context) {
            Environment environment = context.requireEnvironment(name());
            DiscountedTabularModel model = environment.capability(DiscountedTabularModel.class).orElseThrow(
                    () -> new IllegalArgumentException(name() + " needs an environment with an exact discounted model"
                            + " (DiscountedTabularModel), got " + environment.info().name()));
            int agents = model.numAgents();
            int count = Math.min(params.integer("tracked-agents"), agents);
            // A partial Fisher-Yates shuffle: count distinct agents, uniformly.
            int[] order = new int[agents];
            for (int i = 0; i < agents; i++) {
                order[i] = i;
            }
            RandomGenerator random = context.streams().stream("qd-error/tracked");
            for (int i = 0; i < count; i++) {
                int j = i + random.nextInt(agents - i);
                int swap = order[i];
                order[i] = order[j];
                order[j] = swap;
            }
            int[] tracked = java.util.Arrays.copyOf(order, count);
            java.util.Arrays.sort(tracked);
            return RecordAt.parse(params.string("record-at")).wrap(new QdErrorEvaluator(model, tracked));
        }
    }

    /** {@code qd-consensus}. */
    @AutoService(PluginProvider.class)
    public static final class Consensus implements PluginProvider<Evaluator> {
        @Override
        public PluginKind kind() {
            return PluginKind.EVALUATOR;
        }

        @Override
        public String name() {
            return "qd-consensus";
        }

        @Override
        public String description() {
            return "Consensus of a QD learner after every episode: mean-square consensus error (largest over pairs and"
                    + " per pair) and the largest gap between agents, absolute and relative; needs no model.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(RecordAt.param());
        }

        @Override
        public List<String> metrics() {
            return List.of(QdConsensusEvaluator.MS_ERROR, QdConsensusEvaluator.MS_ERROR_PAIR + "_s*",
                    QdConsensusEvaluator.MAX_GAP, QdConsensusEvaluator.RELATIVE_GAP);
        }

        @Override
        public Evaluator create(Params params, PluginContext context) {
            return RecordAt.parse(params.string("record-at")).wrap(new QdConsensusEvaluator());
        }
    }

    /** {@code qd-messages}. */
    @AutoService(PluginProvider.class)
    public static final class Messages implements PluginProvider<Evaluator> {
        @Override
        public PluginKind kind() {
            return PluginKind.EVALUATOR;
        }

        @Override
        public String name() {
            return "qd-messages";
        }

        @Override
        public String description() {
            return "The messages of a QD learner after every episode: RMS gap between transmitted and true values, the"
                    + " declared noise RMS, and the eavesdropper's view of the observed agent's last message next to"
                    + " its"
                    + " true value; needs no model.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(RecordAt.param());
        }

        @Override
        public List<String> metrics() {
            return List.of(QdMessageEvaluator.ERROR_RMS, QdMessageEvaluator.DECLARED_RMS,
                    QdMessageEvaluator.EAVESDROPPED_MESSAGE, QdMessageEvaluator.EAVESDROPPED_TRUTH,
                    QdMessageEvaluator.EAVESDROPPED_STEP, QdMessageEvaluator.EAVESDROPPED_PAIR,
                    QdMessageEvaluator.EAVESDROPPED_MESSAGE_PAIR + "_s*",
                    QdMessageEvaluator.EAVESDROPPED_TRUTH_PAIR + "_s*");
        }

        @Override
        public Evaluator create(Params params, PluginContext context) {
            return RecordAt.parse(params.string("record-at")).wrap(new QdMessageEvaluator());
        }
    }
}
