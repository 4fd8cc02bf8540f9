package io.dpmarl.examples.learnerplugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;

/**
 * The value gap against values derived by hand from the chain's definition (reward = probability that the step
 * ends in the last state).
 */
class ValueGapEvaluatorTest {
    /** A policy that plays one joint action everywhere (joint index: agent 0 most significant; 3 = both push). */
    private static Policy always(int jointAction) {
        return new Policy() {
            @Override
            public double[] jointDistribution(int stage, Observation[] observations) {
                double[] distribution = new double[4];
                distribution[jointAction] = 1;
                return distribution;
            }

            @Override
            public double[] marginal(int agent, int stage, Observation[] observations) {
                double[] distribution = new double[2];
                distribution[agent == 0 ? jointAction / 2 : jointAction % 2] = 1;
                return distribution;
            }
        };
    }

    /**
     * length 3, slip 0, horizon 4: pushing twice reaches state 2 at step 2, which pays 1, and steps 3 and 4 stay
     * there and pay 1 each: V* = 3. Always pushing is optimal (gap 0); always waiting stays at 0 and earns nothing
     * (gap 3); one agent pushing alone does not move the token either (gap 3).
     */
    @Test
    void deterministicChain() {
        ValueGapEvaluator evaluator = new ValueGapEvaluator(new RelayChain(3, 0.0, 4, "relay-chain"), 1);
        assertEquals(0.0, evaluator.gap(always(3)), 1e-12);
        assertEquals(3.0, evaluator.gap(always(0)), 1e-12);
        assertEquals(3.0, evaluator.gap(always(1)), 1e-12);
    }

    /**
     * length 2, slip 0.5, horizon 2, always pushing: step 1 pays P(reach 1) = 0.5; at step 2 the token is at 0 or at
     * 1 with probability 0.5 each, paying 0.5 or 1: 0.75. V* = 1.25 (pushing is never worse), so waiting has gap
     * 1.25.
     */
    @Test
    void slipperyChain() {
        ValueGapEvaluator evaluator = new ValueGapEvaluator(new RelayChain(2, 0.5, 2, "relay-chain"), 1);
        assertEquals(0.0, evaluator.gap(always(3)), 1e-12);
        assertEquals(1.25, evaluator.gap(always(0)), 1e-12);
    }

    /** An environment without a tabular model is refused when the evaluator is created, naming what is missing. */
    @Test
    void refusesAnEnvironmentWithoutAModel() {
        Environment modelFree = new Environment() {
            private final RelayChain chain = new RelayChain(2, 0.0, 1, "model-free");

            @Override
            public EnvironmentInfo info() {
                return chain.info();
            }

            @Override
            public Observation[] reset(long seed) {
                return chain.reset(seed);
            }

            @Override
            public StepResult step(int[] jointAction) {
                return chain.step(jointAction);
            }
        };
        Registry registry = Registry.discover();
        PluginContext context = PluginContext.standalone(registry).withEnvironment(modelFree);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> registry.create(PluginKind.EVALUATOR, Evaluator.class, "value-gap", context));
        assertTrue(refused.getMessage().contains("value-gap needs an environment with a tabular model"),
                refused.getMessage());
    }

    @Test
    void refusesEveryBelowOne() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Registry.discover().params(PluginKind.EVALUATOR, "value-gap(every=0)"));
        assertEquals("value-gap: parameter 'every' must be in [1, 1000000], got 0", refused.getMessage());
    }
}
