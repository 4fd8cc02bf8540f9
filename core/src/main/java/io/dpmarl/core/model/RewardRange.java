package io.dpmarl.core.model;

import java.math.BigDecimal;

/**
 * The per-step reward range an environment declares: every reward {@code r^i} any agent receives from any
 * {@code step} lies in {@code [lowest, highest]}. A learner whose analysis assumes a range (for example rewards in
 * [0, 1], so that {@code H - h + 1} caps the value at stage {@code h}) asks for it with
 * {@code environment.capability(RewardRange.class)} and refuses at assembly an environment whose range is not
 * within its own, instead of running with its guarantee or its optimism silently broken.
 *
 * <p>A capability of an {@link io.dpmarl.core.env.Environment} that learners may read: public structure (the scale
 * of the rewards, not any reward a user produced), so it is no privacy mechanism and reading it costs no privacy.
 * An environment offers it by overriding {@link io.dpmarl.core.env.Environment#capability(Class)}; the range may be
 * wider than the rewards actually reachable (it is a bound, not the attained minimum and maximum), and an
 * environment whose {@code step} returns a reward outside its declared range breaks its contract.
 *
 * @param lowest  the smallest reward any agent can receive at one step, finite
 * @param highest the largest reward any agent can receive at one step, finite and at least {@code lowest}
 * @param origin  what fixes the range, in the environment's own terms, quoted by refusals so that the user knows
 *                which parameter to change (for example {@code "its parameter 'rewards' is paper-literal;
 *                rewards=normalised gives [0, 1]"}); not blank
 */
public record RewardRange(double lowest, double highest, String origin) {
    /**
     * @throws IllegalArgumentException if an end is not finite, {@code highest < lowest}, or {@code origin} is blank
     */
    public RewardRange {
        if (!Double.isFinite(lowest) || !Double.isFinite(highest)) {
            throw new IllegalArgumentException("reward range ends must be finite, got [" + lowest + ", " + highest
                    + "]");
        }
        if (highest < lowest) {
            throw new IllegalArgumentException("reward range highest must be in [lowest = " + lowest + ", inf), got "
                    + highest);
        }
        if (origin == null || origin.isBlank()) {
            throw new IllegalArgumentException("reward range origin must name what fixes the range, got '" + origin
                    + "'");
        }
    }

    /** True if every reward in this range lies in {@code [low, high]}. */
    public boolean within(double low, double high) {
        return lowest >= low && highest <= high;
    }

    /** True if {@code reward} lies in this range. */
    public boolean contains(double reward) {
        return reward >= lowest && reward <= highest;
    }

    /** The range as {@code [lowest, highest]}, each end in its shortest exact decimal form (0, 1000, 0.005). */
    public String interval() {
        return "[" + plain(lowest) + ", " + plain(highest) + "]";
    }

    /** {@code value} in its shortest decimal form without exponent or trailing zeros (-0 prints as 0). */
    static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
