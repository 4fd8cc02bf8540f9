package io.dpmarl.planning.occupancy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.planning.TinyGames;
import org.junit.jupiter.api.Test;

/**
 * The floored total-correlation surrogate (Chen et al., "Differential Privacy in Cooperative Multiagent Planning",
 * eq. 1 and Section 6; every entry of the augmented occupancy floored at f) and its gradient, on games solved by
 * hand. A local marginal sums max(x, f) over every joint (state, augmented action) that maps to it.
 */
class TotalCorrelationFloorHandSolvedTest {
    private static final double TOLERANCE = 1e-12;

    /** {@code sum X log(rowSum / X)} over the entries of one row. */
    static double rowEntropy(double... row) {
        double sum = 0;
        for (double x : row) {
            sum += x;
        }
        double h = 0;
        for (double x : row) {
            h += x * Math.log(sum / x);
        }
        return h;
    }

    /**
     * Stay-or-go, (go, go) everywhere: from (0, 0) the target (1, 1) is reached at once, so x((0, 0), (go, go)) = 1,
     * every other x is 0 and z(1, 1) = 1. Floor f = 0.01. For agent 0 (agent 1 is symmetric), local state sigma
     * has 2 joint states and each local action 3 augmented joint actions (the other agent's stay, go, dummy): 6
     * entries, each floored at f. X^0(0, go) = 1 + 5f (the one occupied pair), X^0(0, stay) = X^0(0, dummy) = 6f;
     * X^0(1, dummy) = 1 + 5f (the absorbed mass z(1, 1)), X^0(1, stay) = X^0(1, go) = 6f; each row sums to 1 + 17f.
     * H_loc = 2 agents x 2 rows x [(1 + 5f) ln((1 + 17f)/(1 + 5f)) + 2 (6f) ln((1 + 17f)/(6f))].
     * H_joint: at (0, 0) floored x = (f, f, f, 1), total 1 + 3f: 3 f ln((1 + 3f)/f) + ln(1 + 3f); at (0, 1) and
     * (1, 0) four entries f, total 4f: 4 f ln 4 each. G((0, 0), (go, go)) = 2 ln((1 + 5f)/(1 + 17f)),
     * G((0, 0), (stay, stay)) = 2 ln(6f/(1 + 17f)); at the target, G = 2 ln((1 + 5f)/(1 + 17f)); the dummy action
     * at the active state (0, 0) gets 2 ln(6f/(1 + 17f)).
     */
    @Test
    void twoAgentsFlooredMarginals() {
        TransientModel model = new TransientModel(TinyGames.stayOrGo());
        double[][] policy = new double[model.activeStates()][4];
        for (double[] row : policy) {
            row[3] = 1;
        }
        double f = 0.01;
        TotalCorrelation correlation = new TotalCorrelation(PolicyEvaluation.occupancy(model, policy), f);
        double local = 4 * rowEntropy(1 + 5 * f, 6 * f, 6 * f);
        double joint = 3 * f * Math.log((1 + 3 * f) / f) + Math.log(1 + 3 * f) + 2 * 4 * f * Math.log(4);
        assertEquals(local, correlation.localEntropy(), TOLERANCE);
        assertEquals(joint, correlation.jointEntropy(), TOLERANCE);
        assertEquals(local - joint, correlation.value(), TOLERANCE);
        int start = model.initial();
        assertEquals(2 * Math.log((1 + 5 * f) / (1 + 17 * f)), correlation.gradient(start, 3), TOLERANCE);
        assertEquals(2 * Math.log(6 * f / (1 + 17 * f)), correlation.gradient(start, 0), TOLERANCE);
        assertEquals(2 * Math.log((1 + 5 * f) / (1 + 17 * f)), correlation.absorbingGradient(3), TOLERANCE);
        assertEquals(2 * Math.log(6 * f / (1 + 17 * f)), correlation.absorbingGradient(0), TOLERANCE);
        assertEquals(f, correlation.floor());
    }

    /**
     * One agent on twoStates under the uniform policy (occupancy in {@link PolicyEvaluationHandSolvedTest}:
     * x(0, .) = 13/11 each, x(1, .) = 5/11 each, z(2) = 6.9/11, z(3) = 4.1/11), floor f = 0.5, above x(1, .) and
     * z(3). One agent: each local entry is one joint entry, floored at f. Rows (a0, a1, dummy): state 0
     * (13/11, 13/11, f), state 1 (f, f, f), state 2 (f, f, 6.9/11), state 3 (f, f, f). H_joint: state 0 has
     * 2 (13/11) ln 2, state 1 floored (f, f), total 2f = 1: 2 f ln 2 = ln 2; H_joint = (26/11 + 1) ln 2.
     * G(1, a0) = ln(f / 3f) = -ln 3; G(0, a1) = ln((13/11) / (26/11 + f)); at the target
     * ln((6.9/11) / (6.9/11 + 2f)); at the avoid state -ln 3.
     */
    @Test
    void oneAgentFloorAboveSomeEntries() {
        TransientModel model = new TransientModel(TinyGames.twoStates());
        double f = 0.5;
        TotalCorrelation correlation = new TotalCorrelation(
                PolicyEvaluation.occupancy(model, PolicyEvaluationHandSolvedTest.uniform()), f);
        double local = rowEntropy(13.0 / 11, 13.0 / 11, f) + rowEntropy(f, f, f) + rowEntropy(f, f, 6.9 / 11)
                + rowEntropy(f, f, f);
        double joint = (26.0 / 11 + 1) * Math.log(2);
        assertEquals(local, correlation.localEntropy(), TOLERANCE);
        assertEquals(joint, correlation.jointEntropy(), TOLERANCE);
        assertEquals(local - joint, correlation.value(), TOLERANCE);
        assertEquals(-Math.log(3), correlation.gradient(1, 0), TOLERANCE);
        assertEquals(Math.log((13.0 / 11) / (26.0 / 11 + f)), correlation.gradient(0, 1), TOLERANCE);
        assertEquals(Math.log((6.9 / 11) / (6.9 / 11 + 2 * f)), correlation.absorbingGradient(2), TOLERANCE);
        assertEquals(-Math.log(3), correlation.absorbingGradient(3), TOLERANCE);
    }

    /**
     * Without a floor, one agent has no correlation: the local marginals are the joint occupancy itself (plus the
     * dummy entries z at absorbing states, whose rows hold one entry and add 0), so H_loc = H_joint =
     * (26/11 + 10/11) ln 2 and C = 0; G(s, a) = ln pi(a | s) = -ln 2; G at an absorbing state = ln 1 = 0.
     */
    @Test
    void oneAgentWithoutFloorHasNoCorrelation() {
        TransientModel model = new TransientModel(TinyGames.twoStates());
        TotalCorrelation correlation = new TotalCorrelation(
                PolicyEvaluation.occupancy(model, PolicyEvaluationHandSolvedTest.uniform()), 0);
        assertEquals(36.0 / 11 * Math.log(2), correlation.jointEntropy(), TOLERANCE);
        assertEquals(36.0 / 11 * Math.log(2), correlation.localEntropy(), TOLERANCE);
        assertEquals(0, correlation.value(), TOLERANCE);
        assertEquals(-Math.log(2), correlation.gradient(1, 1), TOLERANCE);
        assertEquals(0, correlation.absorbingGradient(2), TOLERANCE);
    }
}
