package io.dpmarl.planning.synthesis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.environments.reachavoid.LocalMdp;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The initial guess and one concave-convex step of the minimum-dependency synthesis (Chen et al., "Differential
 * Privacy in Cooperative Multiagent Planning", eq. 3) on the one-agent game "coin", solved in closed form. Local
 * states 0 (active, initial), 1 target, 2 avoid; action 0 "toss" enters the target or the avoid state w.p. 1/2 each;
 * action 1 "wait" stays w.p. 1/2, else enters the target. Per action: {@code P_T = 1/2} both,
 * {@code c = 1 + P(absorbed)} = 2 and 1.5, transition entropy {@code H = ln 2} both.
 *
 * <p>Soft Bellman with rewards {@code r0, r1}, weight {@code B}, slack cap (lambda = 0): {@code Q0 = r0},
 * {@code Q1 = r1 + V/2} and {@code e^(V/B) = e^(Q0/B) + e^(Q1/B)}. With {@code w = e^(V/(2B))},
 * {@code a = e^(r0/B)}, {@code b = e^(r1/B)}: {@code w^2 = a + b w}, so {@code w = (b + sqrt(b^2 + 4a))/2} and
 * {@code pi(wait) = e^(Q1/B) / e^(V/B) = b w / w^2 = b / w}. The state is visited {@code y = 1/(1 - pi(wait)/2)}
 * times; {@code v = y (pi(toss)/2 + pi(wait)/2) = y/2} and {@code l = y (2 pi(toss) + 1.5 pi(wait))}.
 *
 * <p>The initial guess uses {@code r = P_T - 0.1 c + 0.1 H} and {@code B = 0.1} (cap 20). A CCP step from a policy
 * {@code pi} uses {@code r = R P_T - D c + B G} with, for one agent, {@code G(s, a) = ln(X(s, a) / X_s) = ln pi(a|s)}
 * (and 0 for the absorbing states, whose only action is the dummy one): {@code a, b} are multiplied by
 * {@code pi(toss), pi(wait)}.
 */
class CcpStepHandSolvedTest {

    private static TransientModel coin() {
        LocalMdp local = new LocalMdp(new double[][][] {
            {{0, 0.5, 0.5}, {0.5, 0.5, 0}},
            {{0, 1, 0}, {0, 1, 0}},
            {{0, 0, 1}, {0, 0, 1}}});
        return new TransientModel(new ReachAvoidGame("coin", List.of(local), s -> s[0] == 1, s -> s[0] == 2,
                new int[] {0}, 1000));
    }

    /** pi(wait) = b / w for a = e^(r0/B), b = e^(r1/B) as derived above. */
    private static double waitProbability(double a, double b) {
        double w = (b + Math.sqrt(b * b + 4 * a)) / 2;
        return b / w;
    }

    @Test
    void theModelIsTheOneOfTheDerivation() {
        TransientModel model = coin();
        assertEquals(1, model.activeStates());
        assertEquals(0.5, model.targetProbability(0, 0), 0.0);
        assertEquals(0.5, model.targetProbability(0, 1), 0.0);
        assertEquals(2, model.lengthWeight(0, 0), 0.0);
        assertEquals(1.5, model.lengthWeight(0, 1), 0.0);
        assertEquals(Math.log(2), model.transitionEntropy(0, 0), 1e-15);
        assertEquals(Math.log(2), model.transitionEntropy(0, 1), 1e-15);
    }

    /**
     * Initial guess: r0 = 1/2 - 0.2 + 0.1 ln 2, r1 = 1/2 - 0.15 + 0.1 ln 2, B = 0.1: pi(wait) = 0.99101, y = 1.9822,
     * l = 2.982 (under the cap 20, so lambda = 0), v = y / 2 = 0.99109.
     */
    @Test
    void theInitialGuessIsTheClosedForm() {
        double ln2 = Math.log(2);
        double wait = waitProbability(Math.exp((0.5 - 0.2 + 0.1 * ln2) / 0.1),
                Math.exp((0.5 - 0.15 + 0.1 * ln2) / 0.1));
        double y = 1 / (1 - wait / 2);
        MinimumDependencySynthesis synthesis = new MinimumDependencySynthesis(coin(),
                new MinimumDependencySynthesis.Coefficients(10, 0.1, 4), 100, 1e-10);
        CcpIterate initial = synthesis.initialGuess();
        assertEquals(0.99101, wait, 1e-5); // the figure quoted above
        assertEquals(wait, initial.occupancy().policy()[0][1], 1e-9);
        assertEquals(y / 2, initial.success(), 1e-9);
        assertEquals(y * (2 * (1 - wait) + 1.5 * wait), initial.length(), 1e-8);
        assertEquals(0, initial.multiplier());
        // J = R v - D l - B C_hat by definition (v = 0.991 and l = 2.98 here, so R v, D l differ from R / v, D / l)
        double objective = 10 * initial.success() - 0.1 * initial.length() - 4 * initial.totalCorrelation();
        assertEquals(objective, initial.objective(), 1e-9);
        assertEquals(objective, synthesis.objective(initial.occupancy()), 1e-9);
    }

    /**
     * One CCP step with R = 10, D = 1, B = 4 from the initial guess' policy pi: a = e^((5 - 2)/4) pi(toss),
     * b = e^((5 - 1.5)/4) pi(wait); the cap 100 is slack.
     */
    @Test
    void oneStepIsTheClosedFormOfTheLinearisedProgram() {
        MinimumDependencySynthesis synthesis = new MinimumDependencySynthesis(coin(),
                new MinimumDependencySynthesis.Coefficients(10, 1, 4), 100, 1e-10);
        CcpIterate initial = synthesis.initialGuess();
        double[] pi = initial.occupancy().policy()[0];
        double wait = waitProbability(Math.exp(3.0 / 4) * pi[0], Math.exp(3.5 / 4) * pi[1]);
        CcpIterate first = synthesis.step(0, initial);
        assertEquals(wait, first.occupancy().policy()[0][1], 1e-8);
        assertEquals(1 / (2 - wait), first.success(), 1e-8);
        assertEquals(0, first.iteration());
    }
}
