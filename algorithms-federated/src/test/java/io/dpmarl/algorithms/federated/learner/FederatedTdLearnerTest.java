package io.dpmarl.algorithms.federated.learner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.CostTrajectory;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The {@code federated-td} learner plugin drives the same rounds as the Java API, charging the context ledger. */
class FederatedTdLearnerTest {

    @Test
    void nonPrivateLearnerMatchesTheDirectApi() {
        Registry registry = Registry.discover();
        PluginContext base = PluginContext.standalone(registry);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=3, states=6, features=2, model-seed=2)", base);
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class,
                "federated-td(alpha=0.05, noise=none)", base.withEnvironment(environment));
        FederatedCostModel model = environment.capability(FederatedCostModel.class).orElseThrow();
        FederatedTdLambda reference = FederatedTdLambda.nonPrivate(model.features(), AggregationWeights.uniform(3),
                TdParameters.of(0.9, 0.5, StepSizes.constant(0.05)));
        Observation[] observations = environment.reset(8);
        learner.beginEpisode(0, observations);
        reference.begin(observations[0].state());
        for (int t = 0; t < 100; t++) {
            int[] action = learner.act(t, observations);
            assertArrayEquals(new int[3], action);
            StepResult result = environment.step(action);
            learner.observe(t, action, result);
            reference.round(result.observations()[0].state(), result.rewards());
            observations = result.observations();
        }
        assertArrayEquals(reference.averageParameters(),
                ((FederatedTdLearner) learner).team().averageParameters(), 0.0);
        assertArrayEquals(new double[] {1.0}, learner.policy().marginal(0, 0, observations), 0.0);
    }

    @Test
    void privateLearnerChargesEveryBroadcast() {
        Registry registry = Registry.discover();
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(3), ledger, Optional.empty(),
                registry);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=2, states=5, features=2)", context);
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class,
                "federated-td(noise=paper, epsilon=10, delta=3.059e-7, rounds=20)", context.withEnvironment(environment));
        Observation[] observations = environment.reset(1);
        learner.beginEpisode(0, observations);
        for (int t = 0; t < 20; t++) {
            learner.observe(t, learner.act(t, observations), environment.step(new int[2]));
        }
        assertEquals(20, ledger.entries().size());
        // the whole-run accounting covers rounds = 20 broadcasts: the 21st is refused and charges nothing
        IllegalArgumentException beyond = assertThrows(IllegalArgumentException.class,
                () -> learner.observe(20, learner.act(20, observations), environment.step(new int[2])));
        assertTrue(beyond.getMessage().contains("covers T = 20 releases"), beyond.getMessage());
        assertEquals(20, ledger.entries().size());
        assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.LEARNER, Learner.class,
                "federated-td", context));
    }
}
