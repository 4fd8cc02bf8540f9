package io.dpmarl.algorithms.tabular.qd.evaluate;

import io.dpmarl.algorithms.tabular.qd.QdNetworkView;
import io.dpmarl.core.evaluate.EvaluationContext;

/** Helpers of the QD evaluators: the learner's view, and network-average tables. */
final class QdViews {
    private QdViews() {
    }

    /** The learner under evaluation as a QD network, or an error naming the evaluator. */
    static QdNetworkView of(EvaluationContext context, String evaluator) {
        if (context.learner() instanceof QdNetworkView view) {
            return view;
        }
        throw new IllegalArgumentException(evaluator + " evaluates a QD learner (dp-qd-learning, qd-learning,"
                + " center-qd), got " + context.learner().getClass().getSimpleName());
    }

    /** {@code Qbar(s, a) = (1/N) sum_i Q^i(s, a)}. */
    static double average(QdNetworkView view, int state, int action) {
        double sum = 0;
        for (int i = 0; i < view.numAgents(); i++) {
            sum += view.value(i, state, action);
        }
        return sum / view.numAgents();
    }

    /** The metric name of a per-pair quantity: {@code prefix + "_s" + s + "_a" + a}. */
    static String pair(String prefix, int state, int action) {
        return prefix + "_s" + state + "_a" + action;
    }
}
