package io.dpmarl.planning.dependency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.planning.TinyGames;
import io.dpmarl.planning.occupancy.PolicyEvaluation;
import io.dpmarl.planning.occupancy.TransientModel;
import org.junit.jupiter.api.Test;

/**
 * The statistics of a planned policy separate the joint policy the synthesis optimises from the product of its
 * marginals the agents execute (Chen et al., "Differential Privacy in Cooperative Multiagent Planning", Section 6 and
 * Theorem 1, whose {@code C_pi} is that of the executed local policies). Expected values derived by hand below.
 */
class ProductCorrelationHandSolvedTest {

    /**
     * Stay-or-go (local states 0, 1; actions 0 stay, 1 go; 1 self-looping; target (1, 1)) under the perfectly
     * correlated joint policy: at (0, 0) (go, go) or (stay, stay) with 1/2 each, uniform at the unvisited (0, 1) and
     * (1, 0).
     *
     * <p>Joint: (0, 0) is visited 2 times in expectation, x(go, go) = x(stay, stay) = 1, then (1, 1) w.p. 1. So
     * v = 1, H_joint = 2 ln 2, each agent's local process has X(0, stay) = X(0, go) = 1 and X(1, dummy) = 1, so
     * H_loc = 2 * 2 ln 2 and C_hat = 2 ln 2.
     *
     * <p>Product of the marginals: each agent goes w.p. 1/2 everywhere, independently. (0, 0) stays w.p. 1/4, so
     * y(0, 0) = 4/3; it moves to (1, 0) and to (0, 1) w.p. 1/4 each, and those stay w.p. 1/2, so
     * y(1, 0) = y(0, 1) = (4/3)(1/4) / (1/2) = 2/3; absorption in (1, 1) w.p. 1. Every joint action has probability
     * 1/4, so H_joint = (4/3 + 2/3 + 2/3) ln 4 = (16/3) ln 2. Agent 0: at local 0 (joint (0, 0) and (0, 1)),
     * X(0, stay) = X(0, go) = (4/3)/2 + (2/3)/2 = 1, giving 2 ln 2; at local 1 (joint (1, 0) and the absorbing
     * (1, 1)), X(1, stay) = X(1, go) = 1/3 and X(1, dummy) = 1, X(1) = 5/3, giving (2/3) ln 5 + ln(5/3). With agent 1
     * the same, C_hat = 4 ln 2 + (10/3) ln 5 - 2 ln 3 - (16/3) ln 2 = (10/3) ln 5 - 2 ln 3 - (4/3) ln 2 (about 2.2434,
     * above the joint policy's 2 ln 2 = 1.3863). Its length is l = sum of visits + P(absorbed) = 8/3 + 1 = 11/3,
     * v = 1. The out-degrees are rho(0) = |{0, 1}| = 2 and rho(1) = 1, so rho_m = 2. The 1e-10 occupancy floor moves
     * the entropies by less than 1e-7.
     */
    @Test
    void productOfMarginalsHasItsOwnTotalCorrelation() {
        FactoredModel game = TinyGames.stayOrGo();
        TransientModel model = new TransientModel(game);
        double[][] policy = new double[model.activeStates()][model.actions()];
        for (int s = 0; s < model.activeStates(); s++) {
            int[] locals = game.decode(model.jointState(s));
            for (int a = 0; a < model.actions(); a++) {
                int[] actions = game.decodeAction(a);
                if (locals[0] == 0 && locals[1] == 0) {
                    policy[s][a] = actions[0] == actions[1] ? 0.5 : 0;
                } else {
                    policy[s][a] = 0.25;
                }
            }
        }
        PlannedTeamPolicy plan = TeamPlans.of(model, PolicyEvaluation.occupancy(model, policy), 1e-10);
        PlannedTeamPolicy.PlanStatistics statistics = plan.statistics();
        assertEquals(1.0, statistics.jointSuccess(), 1e-12);
        assertEquals(1.0, statistics.productSuccess(), 1e-12);
        assertEquals(11.0 / 3, statistics.productLength(), 1e-12);
        assertEquals(2 * Math.log(2), statistics.totalCorrelation(), 1e-6);
        assertEquals(10.0 / 3 * Math.log(5) - 2 * Math.log(3) - 4.0 / 3 * Math.log(2),
                statistics.productTotalCorrelation(), 1e-6);
        assertEquals(2, statistics.maxOutDegree());
    }
}
