package io.dpmarl.algorithms.tabular.qd.evaluate;

import io.dpmarl.algorithms.tabular.qd.QdNetworkView;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.model.DiscountedTabularModel;
import io.dpmarl.core.model.DiscountedValueIteration;

/**
 * Error of a QD network to the common target Q* (the optimal Q-function of the network-average reward; Qiao et
 * al., Theorems V.3 and V.4), after every training episode: per agent (largest and mean sup-norm error), of the
 * network average per pair (signed, for the error histogram and the (p, r)-accuracy check), the Q-values of the
 * tracked agents and Q* itself. Also records how far apart the agents' local fixed points {@code Q^{i*}} (each
 * agent's reward alone) are, relative to Q*. Reads the exact model; releases nothing.
 */
public final class QdErrorEvaluator implements Evaluator {
    /** Metric: {@code max_{s,a} |Qbar - Q*|}. */
    public static final String QBAR_ERROR_MAX = "qbar_error_max";
    /** Metric: {@code max_i max_{s,a} |Q^i - Q*|}. */
    public static final String Q_ERROR_MAX = "q_error_max";
    /** Metric: {@code (1/N) sum_i max_{s,a} |Q^i - Q*|}. */
    public static final String Q_ERROR_MEAN = "q_error_mean";
    /** Metric family {@code qbar_error_s<s>_a<a>}: {@code Qbar(s, a) - Q*(s, a)}. */
    public static final String QBAR_ERROR = "qbar_error";
    /** Metric family {@code qbar_s<s>_a<a>}: {@code Qbar(s, a)}. */
    public static final String QBAR = "qbar";
    /** Metric family {@code q_star_s<s>_a<a>}: {@code Q*(s, a)}. */
    public static final String Q_STAR = "q_star";
    /** Metric family {@code q_agent<i>_s<s>_a<a>}: a tracked agent's {@code Q^i(s, a)}. */
    public static final String Q_AGENT = "q_agent";
    /** Metric: {@code max_{s,a} max_{i,j} |Q^{i*} - Q^{j*}| / |Q*|}, the spread of the local fixed points. */
    public static final String LOCAL_OPTIMUM_SPREAD = "local_optimum_relative_spread";

    /**
     * The largest discount whose Q* this evaluator computes: value iteration contracts the sweep change by gamma
     * per sweep and stops at a relative change of {@link DiscountedValueIteration#TOLERANCE} = 1e-12 within its
     * budget of 100 000 sweeps; at gamma = 0.999 that takes ln(1e-12) / ln(0.999), about 27 600 sweeps.
     */
    public static final double MAX_DISCOUNT = 0.999;

    private final double discount;
    private final double[][] optimal;
    private final double localSpread;
    private final int[] tracked;

    /** An evaluator on {@code model} tracking the given agents' Q-values. */
    public QdErrorEvaluator(DiscountedTabularModel model, int[] tracked) {
        if (!(model.discount() <= MAX_DISCOUNT)) {
            throw new IllegalArgumentException("qd-error: the environment's discount (its parameter 'gamma') must be"
                    + " in [0, " + MAX_DISCOUNT + "] for the exact Q* by value iteration, got " + model.discount());
        }
        this.discount = model.discount();
        this.optimal = DiscountedValueIteration.optimalQ(model);
        this.tracked = tracked.clone();
        double spread = 0;
        double[][][] local = new double[model.numAgents()][][];
        for (int i = 0; i < model.numAgents(); i++) {
            local[i] = DiscountedValueIteration.localOptimalQ(model, i);
        }
        for (int s = 0; s < model.numStates(); s++) {
            for (int a = 0; a < model.numActions(); a++) {
                double low = Double.POSITIVE_INFINITY;
                double high = Double.NEGATIVE_INFINITY;
                for (double[][] table : local) {
                    low = Math.min(low, table[s][a]);
                    high = Math.max(high, table[s][a]);
                }
                spread = Math.max(spread, (high - low) / Math.abs(optimal[s][a]));
            }
        }
        this.localSpread = spread;
    }

    /** Q* ([state][action], a copy). */
    public double[][] optimalQ() {
        double[][] copy = new double[optimal.length][];
        for (int s = 0; s < optimal.length; s++) {
            copy[s] = optimal[s].clone();
        }
        return copy;
    }

    @Override
    public void afterEpisode(EvaluationContext context) {
        QdNetworkView view = QdViews.of(context, "qd-error");
        if (view.discount().isPresent() && view.discount().getAsDouble() != discount) {
            throw new IllegalArgumentException("qd-error: the learner's discount (its parameter 'gamma') is "
                    + view.discount().getAsDouble() + " but the environment's (its parameter 'gamma') is " + discount
                    + ": Q* is the fixed point of the environment's discount, so set both to the same value");
        }
        var metrics = context.metrics();
        double worst = 0;
        double meanError = 0;
        for (int i = 0; i < view.numAgents(); i++) {
            double error = 0;
            for (int s = 0; s < optimal.length; s++) {
                for (int a = 0; a < optimal[s].length; a++) {
                    error = Math.max(error, Math.abs(view.value(i, s, a) - optimal[s][a]));
                }
            }
            worst = Math.max(worst, error);
            meanError += error / view.numAgents();
        }
        double averageError = 0;
        for (int s = 0; s < optimal.length; s++) {
            for (int a = 0; a < optimal[s].length; a++) {
                double average = QdViews.average(view, s, a);
                averageError = Math.max(averageError, Math.abs(average - optimal[s][a]));
                metrics.record(QdViews.pair(QBAR_ERROR, s, a), average - optimal[s][a]);
                metrics.record(QdViews.pair(QBAR, s, a), average);
                metrics.record(QdViews.pair(Q_STAR, s, a), optimal[s][a]);
                for (int agent : tracked) {
                    if (agent < view.numAgents()) {
                        metrics.record(QdViews.pair(Q_AGENT + agent, s, a), view.value(agent, s, a));
                    }
                }
            }
        }
        metrics.record(QBAR_ERROR_MAX, averageError);
        metrics.record(Q_ERROR_MAX, worst);
        metrics.record(Q_ERROR_MEAN, meanError);
        metrics.record(LOCAL_OPTIMUM_SPREAD, localSpread);
    }
}
