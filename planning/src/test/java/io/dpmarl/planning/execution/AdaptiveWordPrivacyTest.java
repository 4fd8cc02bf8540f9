package io.dpmarl.planning.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.mechanisms.trajectory.FeasibilityGraph;
import io.dpmarl.mechanisms.trajectory.SymbolicTrajectoryMechanism;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The adaptive use of the symbolic-trajectory mechanism in private execution (Chen et al., "Differential Privacy in
 * Cooperative Multiagent Planning", Algorithm 2), checked exactly on a two-agent game with three local states and
 * three steps. Lemma 1 is stated for a fixed input word; in Algorithm 2 agent 0's word reacts to agent 1's releases,
 * which react to agent 0's earlier releases. Agent 0's data is therefore a <em>reactive word</em> {@code W}: its state
 * at step t as a function of agent 1's releases before t (its own randomness fixed). The chain rule over steps gives,
 * for every view {@code V} (all releases of both agents),
 * {@code P(V | W) = prod_t mu(o0_t | W_t, o0_{t-1}) * Q(V)}, where {@code Q(V)} sums agent 1's paths and does not
 * involve {@code W} when the kernel is a product and agent 1 acts only on its own state and agent 0's releases. Two
 * reactive words that differ in at most k positions along every history then give a likelihood ratio of at most
 * {@code (e^(epsilon/k))^k = e^epsilon}: the per-agent, per-episode {@code pure(epsilon)} charge is sound.
 *
 * <p>The test computes {@code P(V | W)} exactly by the forward recursion over agent 1's hidden states and checks: (1)
 * it sums to 1 over the views; (2) the worst ratio over random adjacent pairs is at most {@code e^epsilon} and reaches
 * it on a pair that changes the first state ({@code mu(0 | 0) / mu(0 | 1) = tau / ((1 - tau) / 2) = e^epsilon} for
 * k = 1 and three feasible successors); (3) two negative controls show the conditions are needed: if agent 1 acts on
 * agent 0's TRUE state, the ratio exceeds {@code e^epsilon}; if the episode ends when the true joint state is
 * absorbing (both agents in state 2), a pair that changes whether agent 0 is in state 2 gives a view of probability 0
 * under one word and positive under the other (no finite epsilon), while pairs whose differences never change the end
 * (only 0 against 1) stay within {@code e^epsilon}.
 */
class AdaptiveWordPrivacyTest {
    private static final int STATES = 3;
    private static final int STEPS = 3;
    /** Entries of a reactive word: 1 prefix at step 1, 3 at step 2, 9 at step 3. */
    private static final int ENTRIES = 1 + 3 + 9;
    private static final double EPSILON = 1.2;
    private static final FeasibilityGraph COMPLETE = new FeasibilityGraph(
            new int[][] {{0, 1, 2}, {0, 1, 2}, {0, 1, 2}});

    /** How agent 1 moves and when the episode ends. */
    private enum Variant { PRIVATE, COUPLED, ENDS_ON_TARGET }

    /** Agent 1's local kernel {@code T1(s, a, y)}, all entries positive, rows normalised. */
    private static final double[][][] KERNEL = kernel();

    private static double[][][] kernel() {
        double[][][] kernel = new double[STATES][STATES][STATES];
        for (int s = 0; s < STATES; s++) {
            for (int a = 0; a < STATES; a++) {
                double total = 0;
                for (int y = 0; y < STATES; y++) {
                    kernel[s][a][y] = 1 + (s + 2 * a + 3 * y) % 4;
                    total += kernel[s][a][y];
                }
                for (int y = 0; y < STATES; y++) {
                    kernel[s][a][y] /= total;
                }
            }
        }
        return kernel;
    }

    /** The entry of step t (from 1) for agent 1's releases {@code o1[1..t-1]}. */
    private static int entry(int t, int[] o1) {
        int prefix = 0;
        for (int j = t - 1; j >= 1; j--) {
            prefix = prefix * STATES + o1[j];
        }
        return t == 1 ? 0 : t == 2 ? 1 + prefix : 4 + prefix;
    }

    /**
     * {@code P(V | W)} for the view of agent 0's releases {@code o0[1..L]}, agent 1's {@code o1[1..L]} and the end
     * step {@code end} (0: no end within the steps, L = STEPS; else L = end - 1: no release at the absorbing step).
     */
    private static double probability(int[] word, int[] o0, int[] o1, int end, Variant variant, int k) {
        SymbolicTrajectoryMechanism mechanism = new SymbolicTrajectoryMechanism(COMPLETE, EPSILON, k);
        double[] alpha = {1, 0, 0};
        double own = 1;
        int previousState = 0;
        for (int t = 1; t <= STEPS; t++) {
            int state = word[entry(t, o1)];
            int action = variant == Variant.COUPLED ? previousState : o0[t - 1];
            double[] next = new double[STATES];
            for (int s = 0; s < STATES; s++) {
                for (int y = 0; y < STATES; y++) {
                    next[y] += alpha[s] * KERNEL[s][action][y];
                }
            }
            if (variant == Variant.ENDS_ON_TARGET) {
                boolean canEnd = state == 2;
                if (t == end) {
                    return canEnd ? own * next[2] : 0;
                }
                if (canEnd) {
                    next[2] = 0;
                }
            }
            own *= mechanism.probability(o0[t], state, o0[t - 1]);
            for (int y = 0; y < STATES; y++) {
                next[y] *= mechanism.probability(o1[t], y, o1[t - 1]);
            }
            alpha = next;
            previousState = state;
        }
        return end == 0 ? own * (alpha[0] + alpha[1] + alpha[2]) : 0;
    }

    /** The largest {@code P(V | a) / P(V | b)} over every view; infinity if some view is possible only under a. */
    private static double worstRatio(int[] a, int[] b, Variant variant, int k) {
        double worst = 0;
        int ends = variant == Variant.ENDS_ON_TARGET ? STEPS : 0;
        for (int end = 0; end <= ends; end++) {
            int length = end == 0 ? STEPS : end - 1;
            int views = (int) Math.pow(STATES, 2 * length);
            for (int code = 0; code < views; code++) {
                int[] o0 = new int[STEPS + 1];
                int[] o1 = new int[STEPS + 1];
                int rest = code;
                for (int t = 1; t <= length; t++) {
                    o0[t] = rest % STATES;
                    rest /= STATES;
                    o1[t] = rest % STATES;
                    rest /= STATES;
                }
                double p = probability(a, o0, o1, end, variant, k);
                double q = probability(b, o0, o1, end, variant, k);
                if (p > 0) {
                    worst = Math.max(worst, q == 0 ? Double.POSITIVE_INFINITY : p / q);
                }
            }
        }
        return worst;
    }

    private static double total(int[] word, Variant variant) {
        double sum = 0;
        int ends = variant == Variant.ENDS_ON_TARGET ? STEPS : 0;
        for (int end = 0; end <= ends; end++) {
            int length = end == 0 ? STEPS : end - 1;
            int views = (int) Math.pow(STATES, 2 * length);
            for (int code = 0; code < views; code++) {
                int[] o0 = new int[STEPS + 1];
                int[] o1 = new int[STEPS + 1];
                int rest = code;
                for (int t = 1; t <= length; t++) {
                    o0[t] = rest % STATES;
                    rest /= STATES;
                    o1[t] = rest % STATES;
                    rest /= STATES;
                }
                sum += probability(word, o0, o1, end, variant, 1);
            }
        }
        return sum;
    }

    /** Differing positions of two reactive words, the most along any history of agent 1's releases. */
    private static int distance(int[] a, int[] b) {
        int most = 0;
        for (int history = 0; history < STATES * STATES; history++) {
            int[] o1 = {0, history % STATES, history / STATES, 0};
            int differ = 0;
            for (int t = 1; t <= STEPS; t++) {
                differ += a[entry(t, o1)] != b[entry(t, o1)] ? 1 : 0;
            }
            most = Math.max(most, differ);
        }
        return most;
    }

    /**
     * The worst ratio over random pairs at distance at most k (fixed seed), each pair in both orders. With
     * {@code endSafe} words take any state but differ only between 0 and 1 (never changing whether agent 0 is in 2).
     */
    private static double worstOverRandomPairs(Variant variant, int k, boolean endSafe, int pairs) {
        SplittableRandom random = new SplittableRandom(20231107L + k);
        double worst = 0;
        int found = 0;
        while (found < pairs) {
            int[] a = new int[ENTRIES];
            int[] b = new int[ENTRIES];
            for (int e = 0; e < ENTRIES; e++) {
                a[e] = random.nextInt(STATES);
                b[e] = a[e];
                if (random.nextDouble() < 0.25) {
                    b[e] = endSafe ? (a[e] == 2 ? 2 : 1 - a[e]) : (a[e] + 1 + random.nextInt(STATES - 1)) % STATES;
                }
            }
            int d = distance(a, b);
            if (d == 0 || d > k) {
                continue;
            }
            found++;
            worst = Math.max(worst, Math.max(worstRatio(a, b, variant, k), worstRatio(b, a, variant, k)));
        }
        return worst;
    }

    @Test
    void theForwardRecursionIsADistributionOverViews() {
        int[] word = new int[ENTRIES];
        for (int e = 0; e < ENTRIES; e++) {
            word[e] = (e * 7 + 1) % STATES;
        }
        for (Variant variant : Variant.values()) {
            assertEquals(1.0, total(word, variant), 1e-12, variant.name());
        }
    }

    @Test
    void adjacentReactiveWordsStayWithinEpsilonAndTheFirstStateReachesIt() {
        double bound = Math.exp(EPSILON);
        for (int k = 1; k <= 2; k++) {
            double worst = worstOverRandomPairs(Variant.PRIVATE, k, false, 150);
            assertTrue(worst <= bound * (1 + 1e-9), "k = " + k + ": worst ratio " + worst + " > e^eps = " + bound);
            assertTrue(worst > 1, "k = " + k + ": the pairs must differ in what they release, worst " + worst);
        }
        // k = 1, words differing only in the first state (0 against 1): the view releasing 0 first has ratio e^eps.
        int[] zero = new int[ENTRIES];
        int[] one = new int[ENTRIES];
        one[0] = 1;
        assertEquals(bound, worstRatio(zero, one, Variant.PRIVATE, 1), 1e-9 * bound);
    }

    @Test
    void aTeammateActingOnTheTrueStateBreaksTheBound() {
        // The second factor Q(V) then depends on W: agent 1's path (hence its releases) carries agent 0's states.
        double worst = worstOverRandomPairs(Variant.COUPLED, 1, false, 150);
        assertTrue(worst > Math.exp(EPSILON) * 1.01, "coupled worst ratio " + worst);
    }

    @Test
    void anEndOnTheTrueJointStateIsOutsideTheGuaranteeUnlessNeighboursLeaveItUnchanged() {
        // Agent 0 in state 2 at step 1 against state 1: the view "ended at step 1" has positive probability under the
        // first (agent 1 reaches 2 with probability T1(0, 0, 2) > 0) and none under the second.
        int[] target = new int[ENTRIES];
        int[] away = new int[ENTRIES];
        target[0] = 2;
        away[0] = 1;
        assertEquals(Double.POSITIVE_INFINITY, worstRatio(target, away, Variant.ENDS_ON_TARGET, 1));
        double worst = worstOverRandomPairs(Variant.ENDS_ON_TARGET, 1, true, 150);
        assertTrue(worst <= Math.exp(EPSILON) * (1 + 1e-9), "end-preserving worst ratio " + worst);
        assertTrue(worst > 1, "end-preserving pairs must differ in what they release, worst " + worst);
    }
}
