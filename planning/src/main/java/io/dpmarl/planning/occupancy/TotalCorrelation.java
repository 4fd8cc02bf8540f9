package io.dpmarl.planning.occupancy;

/**
 * The total-correlation surrogate of an occupancy measure and its gradient (Chen et al., "Differential Privacy in
 * Cooperative Multiagent Planning", eq. 1 and Section 6): with the dummy action appended to each agent's actions,
 * the local marginals {@code X^i(sigma, alpha) = sum over s^i = sigma, a^i = alpha of x(s, a)} (every entry floored
 * at {@code floor}, structural zeros included, as in the authors' code), the local entropies
 * {@code H_loc = -sum_i sum X^i log(X^i / X^i_sigma)}, the joint action entropy
 * {@code H_joint = sum x(s, a) log(x_s / x(s, a))} and {@code C = H_loc - H_joint >= C_pi >= 0} in nats. The
 * gradient of the convex part {@code F = -H_loc} is {@code G(s, a) = sum_i log(X^i(s^i, a^i) / X^i_{s^i})}.
 * Releases nothing.
 */
public final class TotalCorrelation {
    private final TransientModel model;
    private final double floor;
    private final double[][][] marginal;
    private final double[][] stateMarginal;
    private final double jointEntropy;

    /** The marginals of {@code occupancy} with entries floored at {@code floor} (0 for none). */
    public TotalCorrelation(Occupancy occupancy, double floor) {
        this.model = occupancy.model();
        this.floor = floor;
        var game = model.game();
        int agents = game.numAgents();
        marginal = new double[agents][][];
        stateMarginal = new double[agents][];
        long jointStates = game.jointStates();
        long auxActions = 1;
        for (int i = 0; i < agents; i++) {
            auxActions *= game.localActions(i) + 1;
        }
        for (int i = 0; i < agents; i++) {
            int states = game.localStates(i);
            int actions = game.localActions(i) + 1;
            marginal[i] = new double[states][actions];
            double base = floor * (jointStates / states) * (auxActions / actions);
            for (double[] row : marginal[i]) {
                java.util.Arrays.fill(row, base);
            }
        }
        double entropy = 0;
        for (int s = 0; s < model.activeStates(); s++) {
            int[] locals = game.decode(model.jointState(s));
            double total = 0;
            for (int a = 0; a < model.actions(); a++) {
                total += Math.max(occupancy.x(s, a), floor);
            }
            for (int a = 0; a < model.actions(); a++) {
                double x = occupancy.x(s, a);
                double floored = Math.max(x, floor);
                if (floored > 0) {
                    entropy += floored * Math.log(total / floored);
                }
                if (floored > floor) {
                    int[] actions = game.decodeAction(a);
                    for (int i = 0; i < agents; i++) {
                        marginal[i][locals[i]][actions[i]] += floored - floor;
                    }
                }
            }
        }
        double[] absorbed = occupancy.absorbed();
        for (int s = 0; s < absorbed.length; s++) {
            if (absorbed[s] > floor) {
                int[] locals = game.decode(s);
                for (int i = 0; i < agents; i++) {
                    marginal[i][locals[i]][game.localActions(i)] += absorbed[s] - floor;
                }
            }
        }
        for (int i = 0; i < agents; i++) {
            stateMarginal[i] = new double[marginal[i].length];
            for (int sigma = 0; sigma < marginal[i].length; sigma++) {
                for (double value : marginal[i][sigma]) {
                    stateMarginal[i][sigma] += value;
                }
            }
        }
        this.jointEntropy = entropy;
    }

    /** {@code H_joint}: the action-entropy part of the joint process entropy. */
    public double jointEntropy() {
        return jointEntropy;
    }

    /** {@code H_loc = sum_i H^i_loc}. */
    public double localEntropy() {
        double h = 0;
        for (int i = 0; i < marginal.length; i++) {
            for (int sigma = 0; sigma < marginal[i].length; sigma++) {
                for (double value : marginal[i][sigma]) {
                    if (value > 0) {
                        h += value * Math.log(stateMarginal[i][sigma] / value);
                    }
                }
            }
        }
        return h;
    }

    /** The surrogate {@code C_hat = H_loc - H_joint}. */
    public double value() {
        return localEntropy() - jointEntropy;
    }

    /** {@code G(s, a)} for active index {@code s} and true joint action {@code a}. */
    public double gradient(int s, int a) {
        var game = model.game();
        int[] locals = game.decode(model.jointState(s));
        int[] actions = game.decodeAction(a);
        double g = 0;
        for (int i = 0; i < locals.length; i++) {
            g += Math.log(marginal[i][locals[i]][actions[i]] / stateMarginal[i][locals[i]]);
        }
        return g;
    }

    /** {@code G(s', dummy...dummy)} for an absorbing joint state {@code s'}. */
    public double absorbingGradient(int jointState) {
        var game = model.game();
        int[] locals = game.decode(jointState);
        double g = 0;
        for (int i = 0; i < locals.length; i++) {
            g += Math.log(marginal[i][locals[i]][game.localActions(i)] / stateMarginal[i][locals[i]]);
        }
        return g;
    }

    /** The floor applied to every entry. */
    public double floor() {
        return floor;
    }
}
