package io.dpmarl.algorithms.federated.td;

import io.dpmarl.core.comm.Message;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.model.FederatedFeatures;
import io.dpmarl.core.validation.Checks;

/**
 * Worker agent i of federated TD(lambda) (paper 003 Algorithm 1 steps 2, 3 and 6). It holds its parameter
 * theta_t^i and its copy of the public eligibility trace z_t, sends theta_t^i on the uplink, and on receiving
 * the broadcast vector (theta_{t+1}^0, or the noisy theta-hat_{t+1}^0 in Algorithm 2) applies one local
 * TD(lambda) step with its private cost r_t^i:
 * <pre>
 *   l_t^i         = (gamma phi(s_{t+1}) - phi(s_t))^T theta_t^i + r_t^i
 *   theta_{t+1}^i = broadcast + alpha_t l_t^i z_t
 *   z_{t+1}       = gamma lambda z_t + phi(s_{t+1})
 * </pre>
 * Its cost never leaves the worker except through theta (which the uplink reveals: the uplink must be
 * confidential, see the package documentation).
 *
 * <p>This class is the message view of one worker (one object per agent, one {@link Message} per uplink), for
 * teaching, tests and transports; {@link FederatedTdLambda} runs the same arithmetic for all workers at once on
 * flat arrays ({@code io.dpmarl.algorithms.federated.kernel.TdKernel}), and a test checks the two agree bit for
 * bit.
 *
 * <p>The privacy bound of the master's noise ({@code WholeRunSensitivity}) assumes |r_t^i| &lt;= R: the worker
 * therefore clips every cost to [-R, R] before using it and counts the clips ({@link #clippedCosts()}).
 */
public final class FederatedTdWorker {
    private final int index;
    private final double[][] rows;
    private final double costBound;
    private long clipped;
    private final TdParameters parameters;
    private final int numFeatures;
    private final double[] trace;
    private double[] theta;
    private long round;
    private int state = -1;

    /**
     * A worker.
     *
     * @param index        agent index (0-based; the paper's i = index + 1)
     * @param features     public features Phi
     * @param parameters   public hyper-parameters
     * @param initialTheta theta_0^i (copied), length K
     * @param costBound    R in (0, inf]: every cost is clipped to [-R, R] (infinity: no clipping, clear runs only)
     */
    public FederatedTdWorker(int index, FederatedFeatures features, TdParameters parameters, double[] initialTheta,
                             double costBound) {
        this(index, rows(features), parameters, initialTheta, costBound);
    }

    /** A worker reading the features from {@code rows} (S x K, shared read-only by the workers of one team). */
    FederatedTdWorker(int index, double[][] rows, TdParameters parameters, double[] initialTheta, double costBound) {
        this.index = index;
        this.costBound = Checks.positiveOrInfinite("costBound", costBound);
        this.rows = rows;
        this.parameters = parameters;
        this.numFeatures = rows[0].length;
        if (initialTheta.length != numFeatures) {
            throw new IllegalArgumentException("initial theta of worker " + index + " must have K = " + numFeatures
                    + " entries, got " + initialTheta.length);
        }
        this.theta = initialTheta.clone();
        this.trace = new double[numFeatures];
    }

    /** A copy of a team worker's state (theta, trace, clip count, round and state), for inspection. */
    static FederatedTdWorker snapshot(int index, double[][] rows, TdParameters parameters, double[] theta,
                                      double[] trace, double costBound, long clipped, long round, int state) {
        FederatedTdWorker worker = new FederatedTdWorker(index, rows, parameters, theta, costBound);
        System.arraycopy(trace, 0, worker.trace, 0, trace.length);
        worker.clipped = clipped;
        worker.round = round;
        worker.state = state;
        return worker;
    }

    /**
     * Starts (or restarts) a trajectory at public state s_0: z_0 = phi(s_0) (or 0, {@link TraceInitialisation}).
     * The round counter t, which indexes the step sizes, keeps counting across restarts.
     */
    public void begin(int initialState) {
        state = initialState;
        for (int k = 0; k < numFeatures; k++) {
            trace[k] = parameters.trace() == TraceInitialisation.PHI_S0 ? rows[initialState][k] : 0.0;
        }
    }

    /** Step 3: the uplink message carrying theta_t^i to the master. */
    public Message uplink() {
        requireStarted();
        return new Message(index, Message.SERVER, round, new Statistic.Vector(theta));
    }

    /**
     * Step 6: the local TD(lambda) step on top of the broadcast vector.
     *
     * @param downlink the master's broadcast of this round
     * @param next     the public next state s_{t+1}
     * @param cost     this worker's private cost r_t^i
     */
    public void receive(Message downlink, int next, double cost) {
        requireStarted();
        if (downlink.round() != round) {
            throw new IllegalArgumentException("downlink of round " + downlink.round() + " received in round " + round);
        }
        if (!(downlink.payload() instanceof Statistic.Vector vector) || vector.values().length != numFeatures) {
            throw new IllegalArgumentException("downlink must carry a vector of K = " + numFeatures + " entries");
        }
        double[] broadcast = vector.values();
        double alpha = parameters.alpha(round);
        double gamma = parameters.gamma();
        double temporalDifference = 0;
        double[] phiNext = rows[next];
        double[] phiState = rows[state];
        for (int k = 0; k < numFeatures; k++) {
            temporalDifference += (gamma * phiNext[k] - phiState[k]) * theta[k];
        }
        if (Double.isNaN(cost)) {
            throw new IllegalArgumentException("cost of worker " + index + " must be a number in [-R, R], got NaN");
        }
        double bounded = Math.max(-costBound, Math.min(costBound, cost));
        if (bounded != cost) {
            clipped++;
        }
        temporalDifference += bounded;
        double[] updated = new double[numFeatures];
        double step = alpha * temporalDifference;
        double decay = gamma * parameters.lambda();
        for (int k = 0; k < numFeatures; k++) {
            updated[k] = broadcast[k] + step * trace[k];
            trace[k] = decay * trace[k] + phiNext[k];
        }
        theta = updated;
        state = next;
        round++;
    }

    private void requireStarted() {
        if (state < 0) {
            throw new IllegalStateException("worker " + index + ": begin(s_0) must be called first");
        }
    }

    /** A copy of Phi as rows (the features are public and fixed for a run). */
    static double[][] rows(FederatedFeatures features) {
        double[][] rows = new double[features.numStates()][features.numFeatures()];
        for (int s = 0; s < rows.length; s++) {
            for (int k = 0; k < rows[s].length; k++) {
                rows[s][k] = features.get(s, k);
            }
        }
        return rows;
    }

    /** How many costs were clipped to [-R, R] so far. */
    public long clippedCosts() {
        return clipped;
    }

    /** The cost bound R this worker clips to. */
    public double costBound() {
        return costBound;
    }

    /** Agent index (0-based). */
    public int index() {
        return index;
    }

    /** A copy of theta_t^i. */
    public double[] theta() {
        return theta.clone();
    }

    /** A copy of this worker's eligibility trace z_t. */
    public double[] trace() {
        return trace.clone();
    }

    /** The round t this worker is in. */
    public long round() {
        return round;
    }

    /** The public state s_t this worker is at. */
    public int state() {
        return state;
    }
}
