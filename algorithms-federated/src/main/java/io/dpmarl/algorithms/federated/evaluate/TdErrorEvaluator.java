package io.dpmarl.algorithms.federated.evaluate;

import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.model.FederatedCostOracle;
import io.dpmarl.core.model.FederatedWeights;

/**
 * Evaluator {@code td-error}: after every episode, the distance of the team's parameters to the TD(lambda) fixed
 * point theta* of the exact oracle (paper "Differentially private federated temporal difference learning",
 * Theorem 1): {@code td_error} = sum_i c^i ||theta_t^i - theta*||^2 and {@code theta_distance} =
 * ||sum_i c^i theta_t^i - theta*||_2. Privacy: none. It reads the private model and its metrics are written to the
 * run directory in the clear: an instrument of the experimenter, outside the guarantee of the downlink.
 */
public final class TdErrorEvaluator implements Evaluator {
    /** Metric of sum_i c^i ||theta_t^i - theta*||^2. */
    public static final String TD_ERROR = "td_error";
    /** Metric of ||c-average of theta_t - theta*||_2. */
    public static final String THETA_DISTANCE = "theta_distance";

    @Override
    public void afterEpisode(EvaluationContext context) {
        FederatedTdEvaluation evaluation = FederatedTdEvaluation.of(context,
                context.environment().capability(FederatedCostOracle.class), "td-error");
        double[] thetaStar = evaluation.thetaStar();
        double[][] theta = evaluation.team().parameters();
        FederatedWeights weights = evaluation.team().weights();
        double error = 0;
        for (int i = 0; i < theta.length; i++) {
            double squared = 0;
            for (int k = 0; k < thetaStar.length; k++) {
                double difference = theta[i][k] - thetaStar[k];
                squared += difference * difference;
            }
            error += weights.get(i) * squared;
        }
        double[] average = evaluation.team().averageParameters();
        double distance = 0;
        for (int k = 0; k < thetaStar.length; k++) {
            double difference = average[k] - thetaStar[k];
            distance += difference * difference;
        }
        context.metrics().record(TD_ERROR, error);
        context.metrics().record(THETA_DISTANCE, Math.sqrt(distance));
    }
}
