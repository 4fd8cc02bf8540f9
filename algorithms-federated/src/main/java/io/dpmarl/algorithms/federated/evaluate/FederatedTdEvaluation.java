package io.dpmarl.algorithms.federated.evaluate;

import io.dpmarl.algorithms.federated.learner.FederatedTdLearner;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.model.FederatedCostOracle;

/**
 * What the federated-TD evaluators read from a run: the learner's team and the environment's exact oracle
 * ({@link FederatedCostOracle}, private mean costs: evaluators only, outside the privacy boundary).
 *
 * @param team   the team of the {@code federated-td} learner
 * @param oracle the environment's exact oracle
 */
record FederatedTdEvaluation(FederatedTdLambda team, FederatedCostOracle oracle) {

    static FederatedTdEvaluation of(EvaluationContext context, String evaluator) {
        if (!(context.learner() instanceof FederatedTdLearner learner)) {
            throw new IllegalArgumentException(evaluator + " evaluates the federated-td learner, got "
                    + context.learner().getClass().getSimpleName());
        }
        FederatedCostOracle oracle = context.environment().capability(FederatedCostOracle.class).orElseThrow(() ->
                new IllegalArgumentException(evaluator + " needs an environment with an exact oracle"
                        + " (FederatedCostOracle), for example federated-cost-chain"));
        return new FederatedTdEvaluation(learner.team(), oracle);
    }

    /** theta* of the learner's gamma and lambda. */
    double[] thetaStar() {
        return oracle.thetaStar(team.tdParameters().gamma(), team.tdParameters().lambda());
    }
}
