package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    /**
     * With two or more agents, p = 0 draws only edgeless graphs, L = I, the spectral norm of
     * {@code E[L^T (I - 1 1^T/n) L]} is one and the agents never mix: refused, naming the parameter and its range.
     * One agent has no edge to draw, and p = 0 is accepted (L = (1)).
     */
    @Test
    void anEdgeProbabilityOfZeroIsRefusedForTwoOrMoreAgents() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Consensus.erdosRenyiMetropolis(2, 0.0, new SplittableRandom(1)));
        assertEquals("ma-ldp: parameter 'edge-probability' must be in (0, 1] for consensus=erdos-renyi with 2 "
                + "agents (an edgeless graph never mixes the reward parameters: Assumption 2 (iii)), got 0.0",
                refused.getMessage());
        assertArrayEquals(new double[][] {{1.0}},
                Consensus.erdosRenyiMetropolis(1, 0.0, new SplittableRandom(1)).matrix(0, 0));
        assertEquals(2, Consensus.erdosRenyiMetropolis(2, Double.MIN_VALUE, new SplittableRandom(1)).matrix(0, 0)
                .length, "any positive edge probability is accepted");
    }

    /**
     * Disconnected draws are kept: Assumption 2 (iii) is on the expectation. n = 2, p = 1/2: a draw is edgeless,
     * L = I, or the edge, Metropolis weight 1/(1 + 1) = 1/2 everywhere, L = 1 1^T/2, each with probability 1/2. Then
     * {@code E[L^T (I - J) L] = (1/2)(I - J) + (1/2) 0}, J = 1 1^T/2, of spectral norm 1/2 < 1. Over 400 draws with a
     * fixed seed, the fraction of identity draws is within 0.5 +- 0.1 (5 standard deviations of 0.025: a false
     * rejection rate below 1e-6), and the empirical mean of {@code L^T (I - J) L} is
     * {@code q (I - J)}, q the identity fraction, so its norm is q.
     */
    @Test
    void disconnectedDrawsAreKeptAndTheExpectedContractionIsBelowOne() {
        Consensus consensus = Consensus.erdosRenyiMetropolis(2, 0.5, new SplittableRandom(11));
        int draws = 400;
        int identities = 0;
        for (int draw = 0; draw < draws; draw++) {
            double[][] l = consensus.matrix(draw, 0);
            if (l[0][1] == 0.0) {
                identities++;
                assertArrayEquals(new double[][] {{1, 0}, {0, 1}}, l, "an edgeless draw is kept as L = I");
            } else {
                assertArrayEquals(new double[][] {{0.5, 0.5}, {0.5, 0.5}}, l);
            }
        }
        double fraction = identities / (double) draws;
        assertEquals(0.5, fraction, 0.1);
        assertTrue(fraction < 1, "the expected contraction (norm = fraction) is below one");
    }
}
