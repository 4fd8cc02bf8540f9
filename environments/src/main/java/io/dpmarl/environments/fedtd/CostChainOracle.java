package io.dpmarl.environments.fedtd;

import io.dpmarl.core.model.FederatedCostOracle;
import java.util.HashMap;
import org.ejml.simple.SimpleMatrix;
import java.util.List;
import java.util.Map;

/**
 * The {@link FederatedCostOracle} of a {@link FederatedCostModel} with uniform weights c: theta* from
 * {@link TdLambdaOracle} (cached per (gamma, lambda)), Jbar from the features. Reads the private mean costs:
 * for evaluators only. No privacy guarantee.
 */
final class CostChainOracle implements FederatedCostOracle {
    private final FederatedCostModel model;
    private final Map<List<Double>, TdLambdaOracle> oracles = new HashMap<>();

    CostChainOracle(FederatedCostModel model) {
        this.model = model;
    }

    private synchronized TdLambdaOracle oracle(double gamma, double lambda) {
        return oracles.computeIfAbsent(List.of(gamma, lambda), key -> new TdLambdaOracle(model,
                AggregationWeights.uniform(model.numAgents()), gamma, lambda));
    }

    @Override
    public double[] thetaStar(double gamma, double lambda) {
        return oracle(gamma, lambda).thetaStar();
    }

    @Override
    public double averageValue(double[] theta) {
        FeatureMatrix features = model.features();
        if (theta.length != features.numFeatures()) {
            throw new IllegalArgumentException("theta must have K = " + features.numFeatures() + " entries, got "
                    + theta.length);
        }
        // the same arithmetic as TdLambdaOracle#averageApproximateValue
        SimpleMatrix values = features.toMatrix().mult(new SimpleMatrix(theta.length, 1, true, theta));
        return values.elementSum() / values.getNumRows();
    }
}
