package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.validation.Checks;

/**
 * Hyper-parameters of DPC-MARL's A2C agents. Table II of "Privacy-preserved Fully Decentralized Multi-agent
 * Reinforcement Learning for Networked Social Systems" gives the learning rates (actor 5e-4, critic 2.5e-4), the
 * rollout (batch) length 60, gamma 0.99 and 64 hidden units; the rest follows Chu et al.'s A2C configuration
 * (RMSProp decay 0.99, gradient-norm clip 40, entropy weight 0.05); rewards are scaled by 0.01 by default (Chu et
 * al.'s ConsensusMARL configuration divides each local reward by 800: {@code rewardScale = 1/800}). Values, no
 * privacy role. Build them with {@link #builder()}, which starts from these values and validates on
 * {@link Builder#build()}.
 *
 * @param actorLearningRate  actor step size, in (0, inf)
 * @param criticLearningRate critic step size, in (0, inf)
 * @param rollout            rollout length (batch) {@code |B|}, at least 1
 * @param gamma              discount factor, in [0, 1]
 * @param hidden             units per hidden layer of the actor and the critic, at least 1; both have two hidden
 *                           layers (the paper's "3 layer fully-connected networks" read as three weight layers,
 *                           {@code in -> hidden -> hidden -> out}; the actor's shape is not given and copies the
 *                           critic's)
 * @param entropyWeight      entropy bonus weight, in [0, inf)
 * @param gradientClip       global gradient-norm bound, in (0, inf]
 * @param rewardScale        factor applied to every local reward, in (0, inf)
 * @param normaliseAdvantages standardise the advantages of each rollout to mean 0 and standard deviation 1 (not in
 *                           the paper or Chu et al.'s A2C; off in the paper's setting)
 * @param advantage          how the actor scores its own action ({@link A2cAdvantage})
 * @param bootstrapTruncated at a time-limit truncation (the episode is cut, no terminal state was reached), bootstrap
 *                           the last rollout from the critic at the final observation, as for any other rollout
 *                           boundary (Pardo et al., "Time Limits in Reinforcement Learning", 2018); false treats the
 *                           cut as terminal (return 0 after it), as Chu et al.'s code does and the paper's setting
 *                           presumably did
 * @param globalCritic       the critic reads the global state (every agent's observation, concatenated) and the
 *                           joint action, as Algorithm 2 writes {@code Q(s, a^i, a^{-i})}, so that every agent's
 *                           critic has the same input meaning and consensus averages like with like; false reads
 *                           the own observation and the neighbours' actions (Chu et al.'s form)
 * @param sharedTrunk        one network per agent whose trunk (two ReLU layers of {@code hidden} units over the
 *                           observation) feeds an actor head and a critic head, trained by one combined loss at the
 *                           actor learning rate, with the trunk's second layer exchanged instead of the critic (the
 *                           shape of Chu et al.'s ConsensusMARL code, whose consensus averages the LSTM under both
 *                           heads; {@link SharedTrunkAgent}); false: separate actor and critic networks, the whole
 *                           critic exchanged (the paper's text)
 * @param valueCoefficient   weight of the critic loss in the combined loss of a shared trunk, in (0, inf); Chu et
 *                           al.'s {@code value_coef} 0.5; not read with separate networks
 * @param criticHeadHidden   the shared trunk's critic head has one ReLU hidden layer of {@code hidden} units; false:
 *                           linear, as in the reference code (whose counterfactual advantage then depends on the
 *                           state only through the policy, since the own action enters the value additively)
 */
public record A2cSettings(double actorLearningRate, double criticLearningRate, int rollout, double gamma,
                          int hidden, double entropyWeight, double gradientClip, double rewardScale,
                          boolean normaliseAdvantages, A2cAdvantage advantage, boolean bootstrapTruncated,
                          boolean globalCritic, boolean sharedTrunk, double valueCoefficient,
                          boolean criticHeadHidden) {
    public A2cSettings {
        Checks.positiveFinite("actor-lr", actorLearningRate);
        Checks.positiveFinite("critic-lr", criticLearningRate);
        Checks.atLeast("rollout", rollout, 1);
        if (!(gamma >= 0 && gamma <= 1)) {
            throw new IllegalArgumentException("gamma must be in [0, 1], got " + gamma);
        }
        Checks.atLeast("hidden", hidden, 1);
        Checks.nonNegativeFinite("entropy", entropyWeight);
        Checks.positiveOrInfinite("gradient-clip", gradientClip);
        Checks.positiveFinite("reward-scale", rewardScale);
        java.util.Objects.requireNonNull(advantage, "advantage");
        if (globalCritic && !advantage.actionValueCritic()) {
            throw new IllegalArgumentException("critic=global reads the joint action, so it needs an action-value"
                    + " advantage (counterfactual or return-minus-expected-q), got advantage=" + advantage.label());
        }
        Checks.positiveFinite("value-coefficient", valueCoefficient);
        if (sharedTrunk && globalCritic) {
            throw new IllegalArgumentException("network=shared-trunk feeds the critic head from the agent's own"
                    + " observation, so it needs critic=local, got critic=global");
        }
        if (criticHeadHidden && !sharedTrunk) {
            throw new IllegalArgumentException("critic-head=hidden is a head on the shared trunk, so it needs"
                    + " network=shared-trunk, got network=separate");
        }
    }

    /** Table II of the paper with Chu et al.'s remaining values: the defaults of {@link #builder()}. */
    public static A2cSettings paper() {
        return builder().build();
    }

    /** A builder starting from the paper's settings ({@link #paper()}: n-step advantage, local critic). */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link A2cSettings} from the paper's values, changing only what is set; {@link #build()} validates. */
    public static final class Builder {
        private double actorLearningRate = 5e-4;
        private double criticLearningRate = 2.5e-4;
        private int rollout = 60;
        private double gamma = 0.99;
        private int hidden = 64;
        private double entropyWeight = 0.05;
        private double gradientClip = 40;
        private double rewardScale = 0.01;
        private boolean normaliseAdvantages;
        private A2cAdvantage advantage = A2cAdvantage.N_STEP;
        private boolean bootstrapTruncated;
        private boolean globalCritic;
        private boolean sharedTrunk;
        private double valueCoefficient = 0.5;
        private boolean criticHeadHidden;

        private Builder() {
        }

        /** Actor step size, in (0, inf). */
        public Builder actorLearningRate(double value) {
            actorLearningRate = value;
            return this;
        }

        /** Critic step size, in (0, inf). */
        public Builder criticLearningRate(double value) {
            criticLearningRate = value;
            return this;
        }

        /** Rollout length {@code |B|}, at least 1. */
        public Builder rollout(int value) {
            rollout = value;
            return this;
        }

        /** Discount factor, in [0, 1]. */
        public Builder gamma(double value) {
            gamma = value;
            return this;
        }

        /** Units per hidden layer, at least 1. */
        public Builder hidden(int value) {
            hidden = value;
            return this;
        }

        /** Entropy bonus weight, in [0, inf). */
        public Builder entropyWeight(double value) {
            entropyWeight = value;
            return this;
        }

        /** Global gradient-norm bound, in (0, inf]. */
        public Builder gradientClip(double value) {
            gradientClip = value;
            return this;
        }

        /** Factor on every local reward, in (0, inf). */
        public Builder rewardScale(double value) {
            rewardScale = value;
            return this;
        }

        /** Standardise each rollout's advantages. */
        public Builder normaliseAdvantages(boolean value) {
            normaliseAdvantages = value;
            return this;
        }

        /** How the actor scores its own action. */
        public Builder advantage(A2cAdvantage value) {
            advantage = value;
            return this;
        }

        /** Bootstrap from the critic at a time-limit truncation. */
        public Builder bootstrapTruncated(boolean value) {
            bootstrapTruncated = value;
            return this;
        }

        /** The critic reads the global state and the joint action. */
        public Builder globalCritic(boolean value) {
            globalCritic = value;
            return this;
        }

        /** One shared trunk under the actor and critic heads, its second layer exchanged. */
        public Builder sharedTrunk(boolean value) {
            sharedTrunk = value;
            return this;
        }

        /** Weight of the critic loss in a shared trunk's combined loss, in (0, inf). */
        public Builder valueCoefficient(double value) {
            valueCoefficient = value;
            return this;
        }

        /** A hidden layer in the shared trunk's critic head. */
        public Builder criticHeadHidden(boolean value) {
            criticHeadHidden = value;
            return this;
        }

        /**
         * The settings.
         *
         * @throws IllegalArgumentException naming the parameter and its range if a value is out of range
         */
        public A2cSettings build() {
            return new A2cSettings(actorLearningRate, criticLearningRate, rollout, gamma, hidden, entropyWeight,
                    gradientClip, rewardScale, normaliseAdvantages, advantage, bootstrapTruncated, globalCritic,
                    sharedTrunk, valueCoefficient, criticHeadHidden);
        }
    }
}
