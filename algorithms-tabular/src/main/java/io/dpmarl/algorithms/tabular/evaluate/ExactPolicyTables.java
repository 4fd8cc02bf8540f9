package io.dpmarl.algorithms.tabular.evaluate;

import io.dpmarl.algorithms.tabular.nashvi.CorrelatedPolicy;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.TabularModel;

/**
 * What the exact evaluators share: the environment's {@link TabularModel} (evaluators may read it, learners may
 * not), the policy of the current training episode ({@link DeployedPolicy} if the learner has one, else
 * {@link Learner#policy()}), and a policy's table {@code pi_h(j | s)} over joint actions, obtained by asking the
 * policy at every {@code (h, s)} with every agent observing the state {@code s}.
 */
final class ExactPolicyTables {
    private ExactPolicyTables() {
    }

    /** The exact model, or an error naming the evaluator. */
    static TabularModel model(Environment environment, String evaluator) {
        return environment.capability(TabularModel.class).orElseThrow(() -> new IllegalArgumentException(
                evaluator + " needs an environment with an exact tabular model (TabularModel)"));
    }

    /** The policy the learner plays in the current training episode. */
    static Policy deployed(Learner learner) {
        return learner instanceof DeployedPolicy deployed ? deployed.deployedPolicy() : learner.policy();
    }

    /** The table {@code [h][s][joint action]} of a policy. */
    static double[][][] table(Policy policy, TabularModel model, int agents) {
        double[][][] table = new double[model.horizon()][model.numStates()][];
        Observation[] observations = new Observation[agents];
        for (int s = 0; s < model.numStates(); s++) {
            java.util.Arrays.fill(observations, Observation.discrete(s));
            for (int h = 0; h < model.horizon(); h++) {
                table[h][s] = policy.jointDistribution(h, observations);
            }
        }
        return table;
    }

    /** A two-player policy as a correlated policy over {@code A x B} (no copy if it already is one). */
    static CorrelatedPolicy correlated(Policy policy, TabularModel model) {
        if (policy instanceof CorrelatedPolicy correlated) {
            return correlated;
        }
        int[] counts = model.actionCounts();
        int numActionsMin = counts.length > 1 ? counts[1] : 1;
        return new CorrelatedPolicy(counts[0], numActionsMin, table(policy, model, counts.length));
    }
}
