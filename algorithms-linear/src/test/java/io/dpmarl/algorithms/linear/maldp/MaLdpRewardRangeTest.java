package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.model.RewardRange;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.environments.network.NetworkMdp;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * MA-LDP assumes per-step rewards in [0, 1] ("Local differential privacy preserving mechanisms for multi-agent
 * reinforcement learning", Section 2: {@code r_h^i(s, a) in [0, 1]}); its planner caps {@code Q_h} at
 * {@code H - h + 1}. Review finding: on {@code network-mdp(rewards=paper-literal)} (rewards 0.005, 0, 1000) every Q
 * sat at that cap from the first episode, so the learner saw no reward signal and the run measured nothing, with no
 * error and no count. Now the provider refuses, at assembly, an environment whose declared {@link RewardRange} is
 * not within [0, 1] or that declares none, and the learner stops on an observed reward outside [0, 1] (an
 * environment that breaks its declaration) instead of clipping it.
 */
class MaLdpRewardRangeTest {
    private static final String LEARNER = "ma-ldp(bonus-scale=0.1)";
    private static final String CAUSE = "(the range the optimistic cap H - h + 1 and the regret bound assume)";

    private static Learner build(Environment environment) {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0);
        return MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class, LEARNER,
                MaLdpHarness.context(environment, 3, 10, new ArrayList<>(), ledger));
    }

    private static String refusal(Environment environment) {
        return assertThrows(IllegalArgumentException.class, () -> build(environment)).getMessage();
    }

    @Test
    void thePaperLiteralRewardScaleIsRefusedNamingTheParameterAndTheRanges() {
        Environment literal = MaLdpHarness.REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class,
                "network-mdp(rewards=paper-literal)");
        assertEquals("ma-ldp: the environment's per-step rewards must be in [0, 1] " + CAUSE + ", got [0, 1000] from "
                + "network-mdp(n=2, q=1, d=2, big-delta=0.05, rewards=paper-literal, horizon=5): its parameter "
                + "'rewards' is paper-literal; rewards=normalised gives [0, 1]", refusal(literal));
        // the normalised scale (the default) is [0, 1] and assembles
        assertDoesNotThrow(() -> build(MaLdpHarness.REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class,
                "network-mdp")));
    }

    @Test
    void anEnvironmentThatDeclaresNoRangeIsRefused() {
        assertEquals("ma-ldp: the environment's per-step rewards must be declared in [0, 1] " + CAUSE + ", but "
                + "network-mdp declares no RewardRange", refusal(new Declaring(Optional.empty(), 1.0)));
    }

    @Test
    void aRangeOneUlpOutsideTheUnitIntervalOnEitherSideIsRefusedAndAnyRangeInsideAssembles() {
        String below = refusal(declaring(-Double.MIN_VALUE, 1.0));
        assertTrue(below.contains(", got [-0.000"), below);
        String above = refusal(declaring(0.0, Math.nextUp(1.0)));
        assertTrue(above.contains(", got [0, 1.0000000000000002] from network-mdp: declared"), above);
        assertDoesNotThrow(() -> build(declaring(0.0, 1.0)));
        assertDoesNotThrow(() -> build(declaring(0.25, 0.75)));
    }

    private static Environment declaring(double lowest, double highest) {
        return new Declaring(Optional.of(new RewardRange(lowest, highest, "declared")), 1.0);
    }

    @Test
    void anObservedRewardOutsideTheUnitIntervalStopsTheLearnerAndTheEndsPass() {
        Learner learner = build(MaLdpHarness.paperInstance());
        Observation[] start = {Observation.discrete(0), Observation.discrete(0)};
        learner.beginEpisode(0, start);
        learner.act(0, start);
        // both ends of [0, 1] are rewards the analysis allows
        assertDoesNotThrow(() -> learner.observe(0, new int[] {0, 0}, result(0.0, 1.0)));
        assertDoesNotThrow(() -> learner.observe(0, new int[] {0, 0}, result(1.0, 0.0)));
        assertEquals("ma-ldp: agent 1's reward at stage 0 must be in [0, 1] (the per-step range the analysis "
                + "assumes), got 1.0000000000000002", assertThrows(IllegalStateException.class,
                () -> learner.observe(0, new int[] {0, 0}, result(0.5, Math.nextUp(1.0)))).getMessage());
        assertEquals("ma-ldp: agent 0's reward at stage 0 must be in [0, 1] (the per-step range the analysis "
                + "assumes), got -4.9E-324", assertThrows(IllegalStateException.class,
                () -> learner.observe(0, new int[] {0, 0}, result(-Double.MIN_VALUE, 0.5))).getMessage());
        assertThrows(IllegalStateException.class, () -> learner.observe(0, new int[] {0, 0},
                result(Double.NaN, 0.5)));
    }

    @Test
    void anEnvironmentBreakingItsDeclarationStopsTheRun() {
        // declares [0, 1] but pays 1000 times the normalised rewards: 1000 at g, 0.005 at s_in (already above 0 and
        // below 1), so the run stops the first time an agent is at g
        Environment liar = new Declaring(Optional.of(new RewardRange(0.0, 1.0, "declared")), 1000.0);
        IllegalStateException stop = assertThrows(IllegalStateException.class,
                () -> MaLdpHarness.run(liar, LEARNER, 11, 200));
        assertTrue(stop.getMessage().endsWith("must be in [0, 1] (the per-step range the analysis assumes), got "
                + "1000.0"), stop.getMessage());
    }

    private static StepResult result(double first, double second) {
        Observation[] next = {Observation.discrete(1), Observation.discrete(1)};
        return new StepResult(next, new double[] {first, second}, false, false, Map.of());
    }

    /**
     * The paper's network MDP (named {@code network-mdp}) with its features and exact model, declaring the given
     * reward range (or none) and paying its rewards times {@code scale}.
     */
    private static final class Declaring implements Environment {
        private final NetworkMdp inner = MaLdpHarness.paperInstance();
        private final Optional<RewardRange> range;
        private final double scale;

        Declaring(Optional<RewardRange> range, double scale) {
            this.range = range;
            this.scale = scale;
        }

        @Override
        public EnvironmentInfo info() {
            return inner.info();
        }

        @Override
        public Observation[] reset(long seed) {
            return inner.reset(seed);
        }

        @Override
        public StepResult step(int[] jointAction) {
            StepResult result = inner.step(jointAction);
            double[] rewards = result.rewards().clone();
            for (int i = 0; i < rewards.length; i++) {
                rewards[i] *= scale;
            }
            return new StepResult(result.observations(), rewards, result.terminated(), result.truncated(),
                    result.info());
        }

        @Override
        public <C> Optional<C> capability(Class<C> type) {
            if (type == RewardRange.class) {
                return range.map(type::cast);
            }
            if (type == LinearMixtureFeatures.class || type == TabularModel.class) {
                return inner.capability(type);
            }
            return Optional.empty();
        }
    }
}
