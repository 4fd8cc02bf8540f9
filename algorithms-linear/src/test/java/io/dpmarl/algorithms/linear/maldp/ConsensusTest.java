package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The random consensus option: Erdos-Renyi graphs with Metropolis weights give symmetric, doubly stochastic matrices
 * whose positive entries are at least kappa = 1/n (Assumption 2), and repeated stochastic-approximation steps with
 * them drive heterogeneous agents to a common reward parameter (Lemma 1 in its simplest form: one feature, fixed
 * sampling, mean reward 0.5, tolerance 1e-2 after 20000 steps with gamma_t = t^-0.65).
 */
class ConsensusTest {

    @Test
    void metropolisMatricesSatisfyAssumptionTwo() {
        Consensus consensus = Consensus.erdosRenyiMetropolis(5, 0.4, new SplittableRandom(3));
        for (int draw = 0; draw < 200; draw++) {
            double[][] l = consensus.matrix(draw, 0);
            for (int i = 0; i < 5; i++) {
                double row = 0;
                double column = 0;
                for (int j = 0; j < 5; j++) {
                    row += l[i][j];
                    column += l[j][i];
                    assertEquals(l[i][j], l[j][i], 0.0);
                    assertTrue(l[i][j] == 0 || l[i][j] >= 1.0 / 5 - 1e-15, "kappa");
                }
                assertEquals(1.0, row, 1e-12);
                assertEquals(1.0, column, 1e-12);
            }
        }
    }

    @Test
    void agentsWithDifferentRewardsAgreeOnTheMeanReward() {
        int agents = 3;
        RewardEstimates estimates = new RewardEstimates(agents, 1, 1);
        Consensus consensus = Consensus.erdosRenyiMetropolis(agents, 0.5, new SplittableRandom(8));
        double[] rewards = {0.1, 0.5, 0.9};
        for (int t = 1; t <= 20_000; t++) {
            estimates.begin();
            estimates.step(0, new double[] {1.0}, 0, rewards, Math.pow(t, -0.65));
            estimates.mix(0, consensus.matrix(t, 0));
        }
        for (int i = 0; i < agents; i++) {
            assertEquals(0.5, estimates.weights(i, 0)[0], 1e-2, "agent " + i);
        }
    }
}
