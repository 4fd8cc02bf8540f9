package io.dpmarl.algorithms.federated.evaluate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A plugin must declare every metric it records ({@code PluginProvider.metrics()}): the federated TD(lambda)
 * evaluators and learner, run for one short episode, record exactly the metrics their providers declare; the
 * learner's policy is the single (passive) action, probability 1; without an exact oracle an evaluator refuses.
 */
class DeclaredMetricsTest {

    private static Set<String> declared(PluginKind kind, String name) {
        PluginProvider<?> provider = Registry.discover().provider(kind, name);
        assertTrue(provider.description().startsWith("Federated TD(lambda)")
                || provider.description().startsWith("DP federated TD(lambda)"), provider.description());
        return new TreeSet<>(provider.metrics());
    }

    private static PluginContext withMetrics(PluginContext context, TrialMetrics metrics) {
        return new PluginContext(context.streams(), context.noise(), context.ledger(), context.environment(),
                context.registry(), metrics, context.schedule());
    }

    @Test
    void evaluatorsAndLearnerRecordWhatTheyDeclare() {
        Registry registry = Registry.discover();
        PluginContext base = PluginContext.standalone(registry);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=2, states=4, features=2, model-seed=3)", base);
        Set<String> learnerRecords = new TreeSet<>();
        TrialMetrics learnerMetrics = new TrialMetrics(r -> learnerRecords.add(r.metric()));
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class, "federated-td(alpha=0.05, noise=none)",
                withMetrics(base.withEnvironment(environment), learnerMetrics));
        Observation[] observations = environment.reset(5);
        learner.beginEpisode(0, observations);
        assertArrayEquals(new double[] {1.0}, learner.policy().jointDistribution(0, observations), 0.0);
        for (int t = 0; t < 5; t++) {
            int[] action = learner.act(t, observations);
            StepResult result = environment.step(action);
            learner.observe(t, action, result);
            observations = result.observations();
        }
        learner.endEpisode(0);
        assertEquals(declared(PluginKind.LEARNER, "federated-td"), learnerRecords);

        Set<String> tdError = new TreeSet<>();
        new TdErrorEvaluator().afterEpisode(new EvaluationContext(environment, learner, 0,
                new TrialMetrics(r -> tdError.add(r.metric()))));
        assertEquals(declared(PluginKind.EVALUATOR, "td-error"), tdError);
        Set<String> jDeviation = new TreeSet<>();
        new JDeviationEvaluator().afterEpisode(new EvaluationContext(environment, learner, 0,
                new TrialMetrics(r -> jDeviation.add(r.metric()))));
        assertEquals(declared(PluginKind.EVALUATOR, "j-deviation"), jDeviation);

        // without an exact oracle the evaluators refuse, naming what they need
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdEvaluation.of(new EvaluationContext(environment, learner, 0, new TrialMetrics(r -> {
                })), Optional.empty(), "td-error"));
        assertTrue(refused.getMessage().startsWith("td-error needs an environment with an exact oracle"),
                refused.getMessage());
    }
}
