package io.dpmarl.algorithms.federated.td;

/**
 * The public hyper-parameters of federated TD(lambda) (paper 003 Algorithm 1).
 *
 * @param gamma     discount in (0, 1)
 * @param lambda    trace decay in [0, 1]
 * @param stepSizes the step-size schedule alpha_t (values must be positive)
 * @param trace     trace initialisation
 */
public record TdParameters(double gamma, double lambda, StepSizeSchedule stepSizes, TraceInitialisation trace) {
    public TdParameters {
        if (!(gamma > 0 && gamma < 1)) {
            throw new IllegalArgumentException("gamma must be in (0, 1), got " + gamma);
        }
        if (!(lambda >= 0 && lambda <= 1)) {
            throw new IllegalArgumentException("lambda must be in [0, 1], got " + lambda);
        }
        if (stepSizes == null) {
            throw new IllegalArgumentException("stepSizes must be a step-size schedule, got null");
        }
        if (trace == null) {
            trace = TraceInitialisation.PHI_S0;
        }
    }

    /** Parameters with the default trace initialisation z_0 = phi(s_0). */
    public static TdParameters of(double gamma, double lambda, StepSizeSchedule stepSizes) {
        return new TdParameters(gamma, lambda, stepSizes, TraceInitialisation.PHI_S0);
    }

    /** alpha_t, checked to be in (0, inf). */
    public double alpha(long round) {
        double alpha = stepSizes.alpha(round);
        if (!(alpha > 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("step size alpha_" + round + " must be in (0, inf), got " + alpha);
        }
        return alpha;
    }
}
