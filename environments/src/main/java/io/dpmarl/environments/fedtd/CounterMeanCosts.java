package io.dpmarl.environments.fedtd;

import io.dpmarl.core.validation.Checks;

/**
 * Every agent's mean cost R^i(s, s') of the random federated cost process (paper "Differentially private
 * federated temporal difference learning", Section 6: i.i.d. U[low, high] per agent and ordered state pair),
 * generated on demand from a counter-based generator instead of stored: the value for (agent, s, s') is
 * {@code low + (high - low) u} with {@code u} the top 53 bits of a keyed 64-bit mix of (seed, agent, s, s') (three
 * rounds of the SplitMix64 finaliser, one per coordinate). Memory O(1) instead of N S^2 doubles; the same key
 * always gives the same value. The mix is a statistical generator like {@code SplittableRandom}'s (not a
 * cryptographic one): this is the simulated world, not privacy noise.
 *
 * @param seed      the key, drawn from the model's generator
 * @param numAgents N at least 1
 * @param low       the lower end of the range
 * @param high      the upper end, at least low
 */
public record CounterMeanCosts(long seed, int numAgents, double low, double high) {
    private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

    public CounterMeanCosts {
        Checks.atLeast("numAgents", numAgents, 1);
        Checks.finite("low", low);
        Checks.finite("high", high);
        if (!(high >= low)) {
            throw new IllegalArgumentException("high must be in [low = " + low + ", inf), got " + high);
        }
    }

    /** R^i(s, s') for agent index {@code agent} (0-based). */
    public double get(int agent, int state, int next) {
        long x = mix(seed + GOLDEN * (agent + 1L));
        x = mix(x + GOLDEN * (state + 1L));
        x = mix(x + GOLDEN * (next + 1L));
        return low + (high - low) * ((x >>> 11) * 0x1.0p-53);
    }

    /** The largest |R^i(s, s')| any key can give. */
    public double maxAbs() {
        return Math.max(Math.abs(low), Math.abs(high));
    }

    /** The SplitMix64 finaliser (Steele, Lea and Flood 2014). */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }
}
