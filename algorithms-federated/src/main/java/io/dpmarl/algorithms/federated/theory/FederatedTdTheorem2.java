package io.dpmarl.algorithms.federated.theory;

import io.dpmarl.algorithms.federated.td.StepSizeSchedule;
import io.dpmarl.core.validation.Checks;
import java.util.function.DoubleUnaryOperator;

/**
 * Theorem 2 of the DP federated TD(lambda) paper (finite-time mean-square bounds of Algorithm 1; no privacy noise, so
 * no privacy guarantee is involved), given the mixing time tau (a parameter: the paper's tau(alpha) = -H log alpha
 * leaves H unspecified) and the extreme eigenvalues sigma_max, sigma_min of the Lyapunov solution P_L of
 * {@code A^T P_L + P_L A = -I_K}. The paper never defines sigma_max and sigma_min; our reading is that of Srikant and
 * Ying (2019), "Finite-time error bounds for linear stochastic approximation and TD learning", whose Theorems 7 and
 * 11 its Lemmas 3 and 5 quote (the exact oracle computes them from A).
 * <p>
 * (1) Constant step alpha with 0 &lt; alpha &lt; min{1/(4 tau), 0.05/(Psi_3 tau + sigma_max), Psi_1}, for t &gt;= tau:
 * <pre>
 *   sum_i c^i E||theta_t^i - theta*||^2 &lt;= 2 beta^t sum_i c^i ||theta_0^i - (Theta_0)||^2 + 2 Psi_2/(1 - beta)
 *       + (2 Psi_4 sigma_max/(0.9 sigma_min)) alpha tau
 *       + 2 (sigma_max/sigma_min) (1 - 0.9 alpha/sigma_max)^{t - tau} (1.5 ||(Theta_0) - theta*|| + 0.5 R/(1 - gl))^2
 * </pre>
 * (2) Non-increasing schedule alpha_t and a T* with T* &gt;= tau(alpha_{T*}), T* alpha_0 &lt;= 1/4,
 * Psi_3 Psi_6 alpha_{T*} tau(alpha_{T*}) + sigma_max alpha_{T*} &lt;= 0.05 and alpha_{T*} &lt; Psi_1, for t &gt;= T*:
 * <pre>
 *   sum_i c^i E||theta_t^i - theta*||^2 &lt;= 2 beta^{t - T*} sum_i c^i ||theta_{T*}^i - (Theta_{T*})||^2
 *       + (2 Psi_5/(1 - beta)) (alpha_0 beta^{(t-1)/2} + alpha_{ceil((t-1)/2)})
 *       + 2 (sigma_max/sigma_min) (1.5 ||(Theta_0) - theta*|| + 0.5 R/(1 - gl))^2 prod_{k=T*}^{t-1} a_k
 *       + 4 (Psi_4 Psi_6 + sigma_max (R/(1 - gl))^2) sum_{k=T*}^{t-1} d_k prod_{l=k+1}^{t-1} a_l
 * </pre>
 * with beta = beta(alpha_{T*}) (our reading: the proof of Lemma 4 needs beta &gt;= beta_t for every t &gt;= T*, which
 * beta(alpha_{T*}) is for a non-increasing schedule). Where the statement and the proofs disagree, {@link Reading}
 * selects: the default {@link Reading#SOUND} follows the proofs (and part (2)'s form), {@link Reading#PAPER_LITERAL}
 * the printed statement. Assumption 5 (T_1 and Psi_6 with alpha_{t - tau(alpha_t)}/alpha_t &lt;= Psi_6 for t &gt;= T_1)
 * and Assumption 4 (sum alpha_t^2 finite) are the caller's to establish; the conditions at T* printed in the theorem,
 * including the odd T* alpha_0 &lt;= 1/4, are checked as printed. The bounds are informational: their admissible step
 * sizes (Psi_1 about 3e-5 in the paper's default setting) exclude every step size of the paper's experiments.
 *
 * @param constants the constants e_1, e_2, beta, Psi_1, Psi_2, Psi_5 (and the g variant) of the setting
 * @param sigmaMax  largest eigenvalue of the Lyapunov solution, in [sigmaMin, inf)
 * @param sigmaMin  smallest eigenvalue of the Lyapunov solution, in (0, sigmaMax]
 * @param reading   which of the statement's and the proofs' versions to use (null: {@link Reading#SOUND})
 */
public record FederatedTdTheorem2(FederatedTdBounds constants, double sigmaMax, double sigmaMin, Reading reading) {

    /** Where Theorem 2's statement and its proof (or its source) disagree. */
    public enum Reading {
        /**
         * The proof's {@code 2 Psi_5/(1 - beta)} in part (2) (Lemma 4 bounds the consensus error by Psi_5/(1 - beta)
         * (...) and the triangle inequality doubles it) and sigma_max in part (1)'s condition
         * {@code alpha < 0.05/(Psi_3 tau + sigma_max)} (the form part (2) prints; we read Srikant and Ying's
         * constant-step condition the same way). It is the stricter of the two, as sigma_max &gt;= sigma_min.
         */
        SOUND,
        /** The statement as printed: {@code Psi_5/(1 - beta)} in part (2), {@code 0.05/(Psi_3 tau + sigma_min)}. */
        PAPER_LITERAL
    }

    /**
     * Validates the eigenvalues.
     *
     * @throws IllegalArgumentException if constants is null, sigmaMin is not in (0, inf) or sigmaMax &lt; sigmaMin
     */
    public FederatedTdTheorem2 {
        if (constants == null) {
            throw new IllegalArgumentException("constants must be given, got null");
        }
        Checks.positiveFinite("sigmaMin", sigmaMin);
        Checks.positiveFinite("sigmaMax", sigmaMax);
        if (sigmaMax < sigmaMin) {
            throw new IllegalArgumentException("sigmaMax must be >= sigmaMin = " + sigmaMin + ", got " + sigmaMax);
        }
        if (reading == null) {
            reading = Reading.SOUND;
        }
    }

    /** Psi_3 = 62 sigma_max (1 + R/(1 - gamma lambda)). */
    public double psi3() {
        return constants.psi3(sigmaMax);
    }

    /** Psi_4 = 55 sigma_max (1 + R/(1 - gamma lambda))^3. */
    public double psi4() {
        return constants.psi4(sigmaMax);
    }

    /**
     * The largest admissible constant step of Theorem 2 (1) for a mixing time tau: every alpha in (0, this) is
     * admissible, min{1/(4 tau), 0.05/(Psi_3 tau + sigma_max), Psi_1} ({@link Reading#PAPER_LITERAL}: sigma_min in
     * the middle term).
     *
     * @param mixingTime tau(alpha), in (0, inf)
     */
    public double constantStepLimit(double mixingTime) {
        Checks.positiveFinite("mixingTime", mixingTime);
        double sigma = reading == Reading.SOUND ? sigmaMax : sigmaMin;
        double limit = Math.min(1 / (4 * mixingTime), 0.05 / (psi3() * mixingTime + sigma));
        return Math.min(limit, constants.psi1());
    }

    /**
     * The supremum over every mixing time tau &gt; 0 of {@link #constantStepLimit(double)}: min{0.05/sigma, Psi_1}
     * (1/(4 tau) grows and Psi_3 tau vanishes as tau tends to 0; the limit is decreasing in tau). No constant step at
     * or above it is covered by Theorem 2 (1), whatever the chain's mixing time.
     */
    public double constantStepSupremum() {
        double sigma = reading == Reading.SOUND ? sigmaMax : sigmaMin;
        return Math.min(0.05 / sigma, constants.psi1());
    }

    /**
     * Theorem 2 (1): the bound on sum_i c^i E||theta_t^i - theta*||^2 at round t for a constant step.
     *
     * @param alpha                 the constant step, in (0, {@link #constantStepLimit(double)})
     * @param mixingTime            tau(alpha), in (0, inf)
     * @param round                 t, at least tau
     * @param initialConsensusError sum_i c^i ||theta_0^i - (Theta_0)||^2, in [0, inf)
     * @param initialAverageGap     ||(Theta_0)^T - theta*||_2 (not squared), in [0, inf)
     * @throws IllegalArgumentException if alpha is outside the admissible range (the message names it) or t &lt; tau
     */
    public double constantStepBound(double alpha, double mixingTime, long round, double initialConsensusError,
                                    double initialAverageGap) {
        Checks.positiveFinite("alpha", alpha);
        double limit = constantStepLimit(mixingTime);
        if (!(alpha < limit)) {
            throw new IllegalArgumentException("alpha must be in (0, min{1/(4 tau), 0.05/(Psi_3 tau + sigma), Psi_1})"
                    + " = (0, " + limit + ") for tau = " + mixingTime + ", got " + alpha);
        }
        if (round < mixingTime) {
            throw new IllegalArgumentException("round must be >= tau = " + mixingTime + ", got " + round);
        }
        Checks.nonNegativeFinite("initialConsensusError", initialConsensusError);
        Checks.nonNegativeFinite("initialAverageGap", initialAverageGap);
        double beta = constants.beta(alpha);
        double consensus = 2 * Math.pow(beta, round) * initialConsensusError + 2 * constants.psi2(alpha) / (1 - beta);
        double steady = 2 * psi4() * sigmaMax / (0.9 * sigmaMin) * alpha * mixingTime;
        double decaying = 2 * sigmaMax / sigmaMin
                * Math.pow(FederatedTdBounds.contractionFactor(alpha, sigmaMax), round - mixingTime)
                * startSquared(initialAverageGap);
        return consensus + steady + decaying;
    }

    /**
     * Remark 1's limit of Theorem 2 (1) as t grows: 2 Psi_2/(1 - beta) + (2 Psi_4 sigma_max/(0.9 sigma_min)) alpha
     * tau, O(alpha log(1/alpha)) for a geometric mixing time.
     *
     * @param alpha      the constant step, in (0, {@link #constantStepLimit(double)})
     * @param mixingTime tau(alpha), in (0, inf)
     */
    public double constantStepLimsup(double alpha, double mixingTime) {
        Checks.positiveFinite("alpha", alpha);
        double limit = constantStepLimit(mixingTime);
        if (!(alpha < limit)) {
            throw new IllegalArgumentException("alpha must be in (0, " + limit + ") for tau = " + mixingTime
                    + ", got " + alpha);
        }
        double beta = constants.beta(alpha);
        return 2 * constants.psi2(alpha) / (1 - beta) + 2 * psi4() * sigmaMax / (0.9 * sigmaMin) * alpha * mixingTime;
    }

    /**
     * Theorem 2 (2): the bound on sum_i c^i E||theta_t^i - theta*||^2 at round t for a time-varying step.
     *
     * @param schedule                the non-increasing positive schedule alpha_t
     * @param mixingTime              tau as a function of the step size, values in (0, inf)
     * @param psi6                    Psi_6 of Assumption 5, in (0, inf)
     * @param startRound              T*, at least 1 (T* &gt;= T_1 &gt; 0) and at least tau(alpha_{T*})
     * @param round                   t, at least T*
     * @param startConsensusError     sum_i c^i ||theta_{T*}^i - (Theta_{T*})||^2, in [0, inf)
     * @param initialAverageGap       ||(Theta_0)^T - theta*||_2 (not squared), in [0, inf)
     * @throws IllegalArgumentException if a condition on T* fails (the message names it), t &lt; T*, or the schedule
     *     is not positive and non-increasing on [T*, t]
     */
    public double timeVaryingBound(StepSizeSchedule schedule, DoubleUnaryOperator mixingTime, double psi6,
                                   long startRound, long round, double startConsensusError,
                                   double initialAverageGap) {
        if (schedule == null || mixingTime == null) {
            throw new IllegalArgumentException("schedule and mixingTime must be given, got null");
        }
        Checks.positiveFinite("psi6", psi6);
        Checks.atLeast("startRound", startRound, 1);
        Checks.atLeast("round", round, startRound);
        Checks.nonNegativeFinite("startConsensusError", startConsensusError);
        Checks.nonNegativeFinite("initialAverageGap", initialAverageGap);
        double initialStep = Checks.positiveFinite("alpha_0", schedule.alpha(0));
        double startStep = Checks.positiveFinite("alpha_{T*}", schedule.alpha(startRound));
        double startMixing = Checks.positiveFinite("tau(alpha_{T*})", mixingTime.applyAsDouble(startStep));
        requireStartConditions(initialStep, startStep, startMixing, psi6, startRound);
        double beta = constants.beta(startStep);
        double product = 1;
        double weightedSum = 0;
        double previous = startStep;
        for (long k = startRound; k < round; k++) {
            double step = schedule.alpha(k);
            if (!(step > 0 && step <= previous)) {
                throw new IllegalArgumentException("schedule must be positive and non-increasing on [T*, t], got"
                        + " alpha_" + k + " = " + step + " after " + previous);
            }
            previous = step;
            double contraction = FederatedTdBounds.contractionFactor(step, sigmaMax);
            double mixing = FederatedTdBounds.mixingTerm(step, mixingTime.applyAsDouble(step));
            weightedSum = contraction * weightedSum + mixing;
            product *= contraction;
        }
        // ceil((t - 1)/2) = floor(t/2) for t >= 1; weightedSum follows S_{k+1} = a_k S_k + d_k, S_{T*} = 0
        double psi5Factor = reading == Reading.SOUND ? 2 : 1;
        double consensus = 2 * Math.pow(beta, round - startRound) * startConsensusError
                + psi5Factor * constants.psi5(initialStep) / (1 - beta)
                * (initialStep * Math.pow(beta, (round - 1) / 2.0) + schedule.alpha(round / 2));
        double scaled = constants.scaledCostBound();
        double average = 2 * sigmaMax / sigmaMin * startSquared(initialAverageGap) * product
                + 4 * (psi4() * psi6 + sigmaMax * scaled * scaled) * weightedSum;
        return consensus + average;
    }

    private void requireStartConditions(double initialStep, double startStep, double startMixing, double psi6,
                                        long startRound) {
        if (startRound < startMixing) {
            throw new IllegalArgumentException("T* must be >= tau(alpha_{T*}) = " + startMixing + ", got "
                    + startRound);
        }
        if (!(startRound * initialStep <= 0.25)) {
            throw new IllegalArgumentException("T* alpha_0 must be <= 1/4 (as printed), got T* = " + startRound
                    + ", alpha_0 = " + initialStep);
        }
        double condition = psi3() * psi6 * startStep * startMixing + sigmaMax * startStep;
        if (!(condition <= 0.05)) {
            throw new IllegalArgumentException("Psi_3 Psi_6 alpha_{T*} tau(alpha_{T*}) + sigma_max alpha_{T*} must be"
                    + " <= 0.05, got " + condition);
        }
        if (!(startStep < constants.psi1())) {
            throw new IllegalArgumentException("alpha_{T*} must be in (0, Psi_1) = (0, " + constants.psi1()
                    + "), got " + startStep);
        }
    }

    private double startSquared(double initialAverageGap) {
        double start = 1.5 * initialAverageGap + 0.5 * constants.scaledCostBound();
        return start * start;
    }
}
