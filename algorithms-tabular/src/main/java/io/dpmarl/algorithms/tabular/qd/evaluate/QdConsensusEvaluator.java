package io.dpmarl.algorithms.tabular.qd.evaluate;

import io.dpmarl.algorithms.tabular.qd.QdNetworkView;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;

/**
 * Consensus of a QD network after every training episode (Qiao et al., Theorem V.1, mean-square consensus;
 * Fig. 5b): the mean-square consensus error {@code (1/N) sum_i (Q^i(s,a) - Qbar(s,a))^2} (largest over pairs, and
 * per pair), and the largest gap {@code max_{i,j} |Q^i - Q^j|}, absolute and relative to {@code |Qbar|}. Needs no
 * model.
 */
public final class QdConsensusEvaluator implements Evaluator {
    /** Metric: largest over pairs of the mean-square consensus error. */
    public static final String MS_ERROR = "consensus_ms_error";
    /** Metric family {@code consensus_ms_error_s<s>_a<a>}. */
    public static final String MS_ERROR_PAIR = "consensus_ms_error";
    /** Metric: {@code max_{s,a} max_{i,j} |Q^i - Q^j|}. */
    public static final String MAX_GAP = "consensus_max_gap";
    /** Metric: {@code max_{s,a} max_{i,j} |Q^i - Q^j| / |Qbar|}. */
    public static final String RELATIVE_GAP = "consensus_relative_gap";

    @Override
    public void afterEpisode(EvaluationContext context) {
        QdNetworkView view = QdViews.of(context, "qd-consensus");
        double worstSquare = 0;
        double worstGap = 0;
        double worstRelative = 0;
        for (int s = 0; s < view.numStates(); s++) {
            for (int a = 0; a < view.numActions(); a++) {
                double average = QdViews.average(view, s, a);
                double squares = 0;
                double low = Double.POSITIVE_INFINITY;
                double high = Double.NEGATIVE_INFINITY;
                for (int i = 0; i < view.numAgents(); i++) {
                    double value = view.value(i, s, a);
                    squares += (value - average) * (value - average);
                    low = Math.min(low, value);
                    high = Math.max(high, value);
                }
                double meanSquare = squares / view.numAgents();
                context.metrics().record(QdViews.pair(MS_ERROR_PAIR, s, a), meanSquare);
                worstSquare = Math.max(worstSquare, meanSquare);
                worstGap = Math.max(worstGap, high - low);
                if (average != 0) {
                    worstRelative = Math.max(worstRelative, (high - low) / Math.abs(average));
                }
            }
        }
        context.metrics().record(MS_ERROR, worstSquare);
        context.metrics().record(MAX_GAP, worstGap);
        context.metrics().record(RELATIVE_GAP, worstRelative);
    }
}
