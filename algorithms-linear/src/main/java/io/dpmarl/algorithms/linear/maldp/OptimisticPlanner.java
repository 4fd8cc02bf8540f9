package io.dpmarl.algorithms.linear.maldp;

/**
 * One agent's optimistic backward induction of MA-LDP ("Local differential privacy preserving mechanisms for
 * multi-agent reinforcement learning", Algorithm 1 lines 8-13): for h = H..1 and every (s, a),
 * {@code Q_h(s,a) = min{H+1-h, <psi(s,a), w_h> + <theta_h, f> + beta_h sqrt(f^T Sigma_h^-1 f)}} with
 * {@code f = phi_{V_{h+1}}(s,a)}, and {@code V_h(s) = max_a Q_h(s,a)} (the joint maximum; line 11 as printed is
 * ill-defined). With {@code lowerClip} the Q values are also clipped below at 0, which keeps
 * {@code 0 <= V <= H} (the value bound the privacy calibration assumes).
 *
 * <p>The features enter factored: {@code f = c + sum_b sign_b(a) g_b e_b}, so {@code <theta, f>} and
 * {@code f^T M f} are evaluated per action from per-state scalars, walking the actions in Gray-code order so each
 * costs O(B) instead of O(|S| D + D^2). No privacy
 * involved: the planner reads only the server's (post-processed) estimates and public features.
 */
final class OptimisticPlanner implements PlanStep {
    private final FactoredFeatures features;
    private final int horizon;
    private final boolean lowerClip;
    private final double[] c;
    private final double[] g;
    private final double[] mc;
    private final double[] linear;
    private final double[] quadratic;
    private final double[] thetaSign;
    private final double[] sign;
    private final double[] quadraticRow;

    OptimisticPlanner(FactoredFeatures features, int horizon, boolean lowerClip) {
        this.features = features;
        this.horizon = horizon;
        this.lowerClip = lowerClip;
        this.c = new double[features.dimension];
        this.g = new double[features.bits];
        this.mc = new double[features.dimension];
        this.linear = new double[features.bits];
        this.quadratic = new double[features.bits * features.bits];
        this.thetaSign = new double[features.bits];
        this.sign = new double[features.bits];
        this.quadraticRow = new double[features.bits];
    }

    /**
     * Fills {@code q[t][s * A + a]} and {@code v[t][s]} for stages t = H-1..0 ({@code v[H]} must be zeros).
     *
     * @param theta   theta_h per stage
     * @param inverse Sigma_h^-1 per stage (row-major)
     * @param weights w_h per stage
     * @param beta    beta_h per stage
     */
    @Override
    public void plan(double[][] theta, double[][] inverse, double[][] weights, double[] beta, double[][] q,
                     double[][] v) {
        int states = features.states;
        int actions = features.actions;
        int dimension = features.dimension;
        int bits = features.bits;
        int p = features.rewardDimension;
        for (int t = horizon - 1; t >= 0; t--) {
            double cap = horizon - t;
            double[] m = inverse[t];
            double[] th = theta[t];
            double[] w = weights[t];
            double radius = beta[t];
            double[] next = v[t + 1];
            double[] qt = q[t];
            double[] vt = v[t];
            for (int s = 0; s < states; s++) {
                features.expectation(s, next, c, g);
                double cmc = 0;
                double tc = 0;
                for (int r = 0; r < dimension; r++) {
                    double sum = 0;
                    int row = r * dimension;
                    for (int col = 0; col < dimension; col++) {
                        sum += m[row + col] * c[col];
                    }
                    mc[r] = sum;
                    cmc += c[r] * sum;
                    tc += th[r] * c[r];
                }
                for (int b = 0; b < bits; b++) {
                    int cb = features.coordinate[b];
                    linear[b] = 2 * g[b] * mc[cb];
                    thetaSign[b] = g[b] * th[cb];
                    for (int b2 = 0; b2 < bits; b2++) {
                        quadratic[b * bits + b2] = g[b] * g[b2] * m[cb * dimension + features.coordinate[b2]];
                    }
                }
                // Gray-code walk over the joint actions: one sign flips per step, so the mean and the quadratic
                // width are updated in O(B) (f^T M f = c^T M c + sum_b s_b lin_b + s^T Q s, Q symmetric).
                double mean = tc;
                double width = cmc;
                for (int b = 0; b < bits; b++) {
                    sign[b] = -1.0;
                    mean -= thetaSign[b];
                    width -= linear[b];
                    double row = 0;
                    for (int b2 = 0; b2 < bits; b2++) {
                        row -= quadratic[b * bits + b2];
                    }
                    quadraticRow[b] = row;
                }
                for (int b = 0; b < bits; b++) {
                    width -= quadraticRow[b];
                }
                double best = Double.NEGATIVE_INFINITY;
                int psiOffset = s * actions * p;
                for (int i = 0; i < actions; i++) {
                    if (i > 0) {
                        int b = bits - 1 - Integer.numberOfTrailingZeros(i);
                        double delta = -2.0 * sign[b];
                        mean += delta * thetaSign[b];
                        width += delta * linear[b] + 2 * delta * quadraticRow[b]
                                + delta * delta * quadratic[b * bits + b];
                        sign[b] = -sign[b];
                        for (int b2 = 0; b2 < bits; b2++) {
                            quadraticRow[b2] += delta * quadratic[b2 * bits + b];
                        }
                    }
                    int a = i ^ (i >> 1);
                    double reward = 0;
                    for (int j = 0; j < p; j++) {
                        reward += features.psi[psiOffset + a * p + j] * w[j];
                    }
                    double value = Math.min(cap, reward + mean + radius * Math.sqrt(Math.max(0.0, width)));
                    if (lowerClip) {
                        value = Math.max(0.0, value);
                    }
                    qt[s * actions + a] = value;
                    best = Math.max(best, value);
                }
                vt[s] = best;
            }
        }
    }
}
