package io.dpmarl.algorithms.linear.dpcmarl;

import java.util.Locale;

/**
 * How a DPC-MARL A2C agent scores its own action for the actor step. Values only; no privacy role (the critic
 * parameters, the only thing exchanged, are released through the learner's privatizer either way).
 * <ul>
 *   <li>{@link #N_STEP}: {@code A_t = R_t - V(o_t, a_N)}, the n-step return of the agent's local rewards minus
 *       its critic, which sees the neighbours' actions but not its own (Chu et al.'s A2C form, the critic the
 *       DPC-MARL paper's Section VI.C describes).</li>
 *   <li>{@link #COUNTERFACTUAL}: the critic also takes the agent's own action, {@code Q(o, a_i, a_N)}, is trained
 *       on the same n-step returns, and the actor uses {@code A_t = Q(o_t, a_t, a_N) - sum_b pi(b | o_t)
 *       Q(o_t, b, a_N)}, the advantage of Algorithm 2 (lines 11-13) of "Privacy-preserved Fully Decentralized
 *       Multi-agent Reinforcement Learning for Networked Social Systems" (ConsensusMARL's actor step), computed
 *       from the consensus critic alone.</li>
 *   <li>{@link #RETURN_MINUS_EXPECTED_Q}: the same critic, used only as a baseline: {@code A_t = R_t - sum_b
 *       pi(b | o_t) Q(o_t, b, a_N)} with the n-step return {@code R_t} of the agent's local rewards. The baseline
 *       does not depend on the action taken, so the policy gradient stays unbiased however wrong the critic is for
 *       actions the policy rarely takes (COMA's counterfactual baseline applied to the sampled return).</li>
 * </ul>
 */
public enum A2cAdvantage {
    /** n-step local return minus the critic {@code V(o, a_N)}. */
    N_STEP,
    /** {@code Q(o, a, a_N) - sum_b pi(b|o) Q(o, b, a_N)} from a critic that takes the own action. */
    COUNTERFACTUAL,
    /** {@code R - sum_b pi(b|o) Q(o, b, a_N)}: the n-step return minus the counterfactual critic's baseline. */
    RETURN_MINUS_EXPECTED_Q;

    /** The parameter value: {@code n-step}, {@code counterfactual} or {@code return-minus-expected-q}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** True if the critic takes the agent's own action, {@code Q(o, a_i, a_N)}. */
    public boolean actionValueCritic() {
        return this != N_STEP;
    }

    /** Parses {@code n-step}, {@code counterfactual} or {@code return-minus-expected-q}. */
    public static A2cAdvantage parse(String label) {
        for (A2cAdvantage value : values()) {
            if (value.label().equals(label)) {
                return value;
            }
        }
        throw new IllegalArgumentException("advantage must be one of n-step, counterfactual, return-minus-expected-q,"
                + " got " + label);
    }
}
