package io.dpmarl.algorithms.federated.evaluate;

import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.model.FederatedCostOracle;

/**
 * Evaluator {@code j-deviation}: after every episode, our reading of the "J value" that paper "Differentially
 * private federated temporal difference learning" plots in Section 6 (the paper does not define it): Jbar_t = (1/S)
 * sum_s phi(s)^T (c-average of theta_t) ({@code j_value}), the value at the TD fixed point Jbar*
 * ({@code j_fixed_point}) and the deviation Jbar_t - Jbar* ({@code j_deviation}). The reproduction's Dev is the mean
 * of |Jbar_t - Jbar*| (against the fixed point, not against a noiseless run). Privacy: none. It reads the private
 * model (the c-average is the master's pre-noise aggregate) and its metrics are written to the run directory in the
 * clear: an instrument of the experimenter, outside the guarantee of the downlink.
 */
public final class JDeviationEvaluator implements Evaluator {
    /** Metric of Jbar_t. */
    public static final String J_VALUE = "j_value";
    /** Metric of Jbar*. */
    public static final String J_FIXED_POINT = "j_fixed_point";
    /** Metric of Jbar_t - Jbar*. */
    public static final String J_DEVIATION = "j_deviation";

    @Override
    public void afterEpisode(EvaluationContext context) {
        FederatedTdEvaluation evaluation = FederatedTdEvaluation.of(context,
                context.environment().capability(FederatedCostOracle.class), "j-deviation");
        double value = evaluation.oracle().averageValue(evaluation.team().averageParameters());
        double fixedPoint = evaluation.oracle().averageValue(evaluation.thetaStar());
        context.metrics().record(J_VALUE, value);
        context.metrics().record(J_FIXED_POINT, fixedPoint);
        context.metrics().record(J_DEVIATION, value - fixedPoint);
    }
}
