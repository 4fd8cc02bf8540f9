package io.dpmarl.examples.reproduce.fedtd;

/**
 * The sizes of a {@code federated-td} reproduction (spec 003 sections 4-5): N = 20, S = 20, K = 10, gamma = 0.9,
 * lambda = 0.5, uniform c, theta_0 = 0, unit-norm features; non-private runs to t = 10^4 (Figures 1-3), the
 * Theorem 1 run to {@code theoremHorizon}, private runs to T = 1000 (Figures 4-7).
 *
 * @param seeds          independent (environment, trajectory, noise) seeds
 * @param theoremHorizon horizon of the (t+1)^-0.65 run used for the Theorem 1 trend (10^5 in the spec)
 * @param longStride     metric stride of the 10^4-round figures
 * @param shortStride    metric stride of the 1000-round private figures
 */
public record FedTdProtocol(int seeds, int theoremHorizon, int longStride, int shortStride) {
    /** Agents. */
    public static final int AGENTS = 20;
    /** States. */
    public static final int STATES = 20;
    /** Features. */
    public static final int FEATURES = 10;
    /** Discount. */
    public static final double GAMMA = 0.9;
    /** Trace decay. */
    public static final double LAMBDA = 0.5;
    /** Horizon of Figures 1-3. */
    public static final int LONG_HORIZON = 10_000;
    /** Horizon T of Figures 4-7 and of the noise calibration. */
    public static final int PRIVATE_HORIZON = 1000;
    /** Moment order of Theorem 3 for the reproduction. */
    public static final int NU = 3;
    /** The privacy budgets of Figures 4-7. */
    public static final double[] EPSILONS = {10, 100, 200};

    /** Quick default: 10 seeds (the spec's minimum), Theorem 1 trend to 10^5. */
    public static FedTdProtocol quick() {
        return new FedTdProtocol(10, 100_000, 50, 10);
    }

    /** Paper size: 20 seeds (spec 003 section 4 for final plots). */
    public static FedTdProtocol full() {
        return new FedTdProtocol(20, 100_000, 20, 5);
    }
}
