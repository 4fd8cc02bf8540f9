package io.dpmarl.algorithms.federated.td;

import io.dpmarl.core.validation.Checks;

/**
 * The step-size schedules of the DP federated TD(lambda) paper, Section 6: constant alpha, and the time-varying alpha_t
 * = t^{-p} of Figures 1 and 3, indexed as (t + 1)^{-p} from t = 0 because t^{-p} is undefined at 0 (our choice; the
 * paper is silent).
 */
public final class StepSizes {
    private StepSizes() {
    }

    /** A constant step size alpha in (0, inf). */
    public static StepSizeSchedule constant(double alpha) {
        Checks.positiveFinite("alpha", alpha);
        return new StepSizeSchedule() {
            @Override
            public double alpha(long round) {
                return alpha;
            }

            @Override
            public String label() {
                return "alpha=" + alpha;
            }
        };
    }

    /** alpha_t = (t + 1)^{-p}, p in (0, inf) (diminishing; Assumption 4 needs p in (1/2, 1]). */
    public static StepSizeSchedule power(double p) {
        Checks.positiveFinite("p", p);
        return new StepSizeSchedule() {
            @Override
            public double alpha(long round) {
                return Math.pow(round + 1.0, -p);
            }

            @Override
            public String label() {
                return "alpha=(t+1)^-" + p;
            }
        };
    }
}
