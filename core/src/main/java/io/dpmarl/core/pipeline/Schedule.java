package io.dpmarl.core.pipeline;

import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.validation.Checks;
import java.util.OptionalInt;

/**
 * How long a trial runs and when it is measured: a number of training episodes or of environment steps, a
 * per-episode step limit for continuing tasks (federated TD rounds, CBMP), evaluation episodes every
 * {@code evaluateEvery} episodes, and how often the privacy ledger is reported to {@code privacy.csv}.
 * Learner parameters that only repeat the schedule (DP-Nash-VI's K, federated TD's rounds) are read from here.
 *
 * @param length             how many episodes or steps, at least 1
 * @param unit               whether {@code length} counts episodes or environment steps
 * @param stepLimit          the most steps of one episode; required when the environment has no horizon
 * @param evaluateEvery      evaluation every this many training episodes, 0 for never
 * @param evaluationEpisodes how many evaluation episodes at each evaluation point, at least 1
 * @param privacyReportEvery report the ledger every this many episodes (and always at the end), at least 1
 */
public record Schedule(long length, Unit unit, OptionalInt stepLimit, int evaluateEvery, int evaluationEpisodes,
                       int privacyReportEvery) {

    /** What {@link #length} counts. */
    public enum Unit {
        /** Training episodes. */
        EPISODES,
        /** Environment steps of training episodes; the last episode is cut at the total. */
        STEPS
    }

    public Schedule {
        Checks.atLeast("length", length, 1);
        java.util.Objects.requireNonNull(unit, "unit");
        java.util.Objects.requireNonNull(stepLimit, "stepLimit");
        if (stepLimit.isPresent()) {
            Checks.atLeast("step-limit", stepLimit.getAsInt(), 1);
        }
        Checks.atLeast("evaluate-every", evaluateEvery, 0);
        Checks.atLeast("evaluation-episodes", evaluationEpisodes, 1);
        Checks.atLeast("privacy-report-every", privacyReportEvery, 1);
    }

    /** {@code episodes} training episodes, no evaluation, the ledger reported every episode. */
    public static Schedule episodes(long episodes) {
        return new Schedule(episodes, Unit.EPISODES, OptionalInt.empty(), 0, 1, 1);
    }

    /** {@code steps} environment steps, no evaluation. */
    public static Schedule steps(long steps) {
        return new Schedule(steps, Unit.STEPS, OptionalInt.empty(), 0, 1, 1);
    }

    /** This schedule with a per-episode step limit. */
    public Schedule withStepLimit(int limit) {
        return new Schedule(length, unit, OptionalInt.of(limit), evaluateEvery, evaluationEpisodes, privacyReportEvery);
    }

    /** This schedule with {@code episodes} evaluation episodes every {@code every} training episodes. */
    public Schedule withEvaluation(int every, int episodes) {
        return new Schedule(length, unit, stepLimit, every, episodes, privacyReportEvery);
    }

    /** This schedule with the ledger reported every {@code every} episodes. */
    public Schedule withPrivacyReportEvery(int every) {
        return new Schedule(length, unit, stepLimit, evaluateEvery, evaluationEpisodes, every);
    }

    /**
     * The number of training episodes, when the schedule counts episodes.
     *
     * @throws IllegalArgumentException naming {@code plugin} if the schedule counts steps
     */
    public long requireEpisodes(String plugin) {
        if (unit != Unit.EPISODES) {
            throw new IllegalArgumentException(plugin + " needs a schedule of episodes, got " + length + " steps");
        }
        return length;
    }

    /**
     * The most environment steps training can take: the schedule's steps, or its episodes times the steps of one
     * episode ({@link #episodeSteps}); evaluation episodes are not counted. A learner that releases once per
     * training step declares this as the length of its release streams.
     *
     * @throws IllegalArgumentException if the episodes of a continuing environment are not bounded, or the product
     *                                  overflows a long (the message names {@code schedule.episodes} and the steps
     *                                  of one episode it is multiplied by)
     */
    public long trainingSteps(EnvironmentInfo info) {
        if (unit == Unit.STEPS) {
            return length;
        }
        int episodeSteps = episodeSteps(info.horizon(), info.name());
        try {
            return Math.multiplyExact(length, (long) episodeSteps);
        } catch (ArithmeticException overflow) {
            String bound = stepLimit.isPresent() && stepLimit.getAsInt() < info.horizon() ? "schedule.step-limit"
                    : "the horizon";
            throw new IllegalArgumentException("schedule.episodes must be in [1, " + Long.MAX_VALUE / episodeSteps
                    + "] for " + info.name() + ": it is multiplied by the " + episodeSteps + " steps of one episode ("
                    + bound + ") to count the training steps, which must fit in a long; got " + length, overflow);
        }
    }

    /** The step limit of one episode given the environment's horizon, or an error if neither bounds it. */
    public int episodeSteps(int horizon, String environment) {
        if (stepLimit.isPresent()) {
            return Math.min(stepLimit.getAsInt(), horizon);
        }
        if (horizon == Integer.MAX_VALUE) {
            throw new IllegalArgumentException("schedule.step-limit must be set in [1, inf) for " + environment
                    + ", a continuing environment whose episodes never end by themselves");
        }
        return horizon;
    }
}
