package io.dpmarl.mechanisms.audit;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import java.util.function.DoublePredicate;

/**
 * Empirical epsilon lower bound on one event (in the style of DP-Sniper and of TensorFlow Privacy's audits).
 *
 * <p>For a mechanism run on neighbouring inputs {@code D} and {@code D'} and an event {@code S} fixed in
 * advance (typically a likelihood-ratio threshold set), (epsilon, delta)-DP implies
 * {@code P[M(D) in S] <= e^epsilon P[M(D') in S] + delta}. With {@code n} runs on each input and one-sided
 * Clopper-Pearson bounds at level {@code alpha},
 * {@code epsilonLowerBound = ln((lower(p) - delta) / upper(p'))} exceeds the true epsilon with probability at
 * most {@code 2 alpha}. So an audit that finds {@code epsilonLowerBound > epsilon} refutes the claimed
 * guarantee with confidence {@code 1 - 2 alpha}: that is its false-rejection rate.
 */
public final class EpsilonLowerBoundAudit {
    private EpsilonLowerBoundAudit() {
    }

    /**
     * The result of one audit.
     *
     * @param epsilonLowerBound the bound, {@code -inf} if the event is too rare to say anything
     * @param hitsFirst         runs on D whose output fell in the event
     * @param hitsSecond        runs on D' whose output fell in the event
     * @param trials            runs per input
     * @param alpha             level of each one-sided bound
     */
    public record Result(double epsilonLowerBound, long hitsFirst, long hitsSecond, long trials, double alpha) {

        /** True if the audit is consistent with epsilon (does not refute it). */
        public boolean consistentWith(double epsilon) {
            return epsilonLowerBound <= epsilon;
        }

        /** The false-rejection rate of {@link #consistentWith}: {@code 2 alpha}. */
        public double falseRejectionRate() {
            return 2 * alpha;
        }
    }

    /** Audits a real-valued mechanism on the event {@code event} (for example {@code y -> y >= threshold}). */
    public static Result audit(RealMechanism first, RealMechanism second, DoublePredicate event, double delta,
                               long trials, double alpha, NoiseSource noise) {
        Checks.atLeast("trials", trials, 1);
        Checks.delta("delta", delta);
        long hitsFirst = 0;
        long hitsSecond = 0;
        for (long i = 0; i < trials; i++) {
            if (event.test(first.run(noise))) {
                hitsFirst++;
            }
            if (event.test(second.run(noise))) {
                hitsSecond++;
            }
        }
        return fromCounts(hitsFirst, hitsSecond, trials, delta, alpha);
    }

    /** Audits a categorical mechanism on the event "the output is {@code category}". */
    public static Result audit(CategoricalMechanism first, CategoricalMechanism second, int category, double delta,
                               long trials, double alpha, NoiseSource noise) {
        return audit(first.asReal(), second.asReal(), y -> y == category, delta, trials, alpha, noise);
    }

    /** The bound from counts: {@code ln((lower(hitsFirst) - delta) / upper(hitsSecond))}. */
    public static Result fromCounts(long hitsFirst, long hitsSecond, long trials, double delta, double alpha) {
        double lowerFirst = ClopperPearson.lower(hitsFirst, trials, alpha) - delta;
        double upperSecond = ClopperPearson.upper(hitsSecond, trials, alpha);
        double bound = lowerFirst <= 0 ? Double.NEGATIVE_INFINITY : Math.log(lowerFirst / upperSecond);
        return new Result(bound, hitsFirst, hitsSecond, trials, alpha);
    }
}
