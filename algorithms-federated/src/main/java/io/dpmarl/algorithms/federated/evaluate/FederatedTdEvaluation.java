package io.dpmarl.algorithms.federated.evaluate;

import io.dpmarl.algorithms.federated.learner.FederatedTdLearner;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.model.FederatedCostOracle;
import java.util.Optional;

/**
 * What the federated-TD evaluators read from a run: the learner's team and the environment's exact oracle
 * ({@link FederatedCostOracle}, private mean costs: evaluators only, outside the privacy boundary).
 *
 * @param team   the team of the {@code federated-td} learner
 * @param oracle the environment's exact oracle
 */
record FederatedTdEvaluation(FederatedTdLambda team, FederatedCostOracle oracle) {

    /** The evaluation of the context's learner against {@code oracle} (which the evaluator asked for). */
    static FederatedTdEvaluation of(EvaluationContext context, Optional<FederatedCostOracle> oracle,
                                    String evaluator) {
        if (!(context.learner() instanceof FederatedTdLearner learner)) {
            throw new IllegalArgumentException(evaluator + " evaluates the federated-td learner, got "
                    + context.learner().getClass().getSimpleName());
        }
        return new FederatedTdEvaluation(learner.team(), oracle.orElseThrow(() -> new IllegalArgumentException(
                evaluator + " needs an environment with an exact oracle (FederatedCostOracle), for example"
                        + " federated-cost-chain")));
    }

    /** theta* of the learner's gamma and lambda. */
    double[] thetaStar() {
        return oracle.thetaStar(team.tdParameters().gamma(), team.tdParameters().lambda());
    }
}
