package io.dpmarl.algorithms.federated.learner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.kernel.BlockPool;
import io.dpmarl.algorithms.federated.kernel.TdKernel;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.RdpAccountant;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The {@code threads} parameter of the {@code federated-td} plugin: the same trial (2.5 blocks of agents, Gaussian
 * downlink, the module's two evaluators) gives byte-identical metric and privacy rows and final parameters at 1, 2
 * and 3 threads; a bad count is refused naming {@code threads} and its range; and the helper threads of a trial
 * are gone when the pipeline's run returns (none started while the learner is only built).
 */
class FederatedTdThreadsParameterTest {
    private static final int AGENTS = 2 * TdKernel.BLOCK + TdKernel.BLOCK / 2;
    private static final Schedule SCHEDULE = Schedule.steps(120).withStepLimit(40);
    private static final String ENVIRONMENT = "federated-cost-chain(agents=" + AGENTS
            + ", states=12, features=5, model-seed=7)";

    /** One trial's rows (metrics and privacy, as text) and final parameters (as bytes). */
    private record Trial(List<String> rows, byte[] parameters) {
    }

    private static PluginContext context(Registry registry, PrivacyLedger ledger, TrialMetrics metrics) {
        return new PluginContext(RandomStreams.of(31), RandomStreams.of(31).noise("privacy"), ledger,
                Optional.empty(), registry, metrics, Optional.of(SCHEDULE));
    }

    private static Trial run(int threads, Evaluator... extra) {
        Registry registry = Registry.discover();
        List<String> rows = new ArrayList<>();
        TrialMetrics metrics = new TrialMetrics(record -> rows.add(record.toString()));
        PrivacyLedger ledger = PrivacyLedger.of(RdpAccountant::new, 1e-5);
        PluginContext context = context(registry, ledger, metrics);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, ENVIRONMENT, context);
        PluginContext learning = context.withEnvironment(environment);
        FederatedTdLearner learner = (FederatedTdLearner) registry.create(PluginKind.LEARNER, Learner.class,
                "federated-td(noise=sound, epsilon=10, delta=1e-5, threads=" + threads + ")", learning);
        assertEquals(threads, learner.team().threads());
        List<Evaluator> evaluators = new ArrayList<>(List.of(
                registry.create(PluginKind.EVALUATOR, Evaluator.class, "td-error", learning),
                registry.create(PluginKind.EVALUATOR, Evaluator.class, "j-deviation", learning)));
        evaluators.addAll(List.of(extra));
        Pipeline.builder().environment(environment).learner(learner).evaluators(evaluators).ledger(ledger)
                .streams(RandomStreams.of(31)).metrics(metrics).privacySink(row -> rows.add(row.toString())).build()
                .run(new TrialId("threads", 0, 31), SCHEDULE);
        double[][] theta = learner.team().parameters();
        ByteBuffer bytes = ByteBuffer.allocate(8 * AGENTS * theta[0].length);
        for (double[] row : theta) {
            for (double value : row) {
                bytes.putDouble(value);
            }
        }
        return new Trial(rows, bytes.array());
    }

    private static Set<Thread> helperThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith(BlockPool.THREAD_NAME_PREFIX) && thread.isAlive())
                .collect(Collectors.toSet());
    }

    @Test
    void sameRowsAndParametersAtOneTwoAndThreeThreads() {
        Trial one = run(1);
        assertTrue(one.rows().stream().anyMatch(row -> row.contains("j_value")), "the evaluators recorded");
        assertTrue(one.rows().stream().anyMatch(row -> row.contains("epsilon_spent")), "the ledger was charged");
        for (int threads : new int[] {2, 3}) {
            Trial other = run(threads);
            assertEquals(one.rows(), other.rows(), "rows at " + threads + " threads");
            assertArrayEquals(one.parameters(), other.parameters(), "parameters at " + threads + " threads");
        }
    }

    @Test
    void threadsOutsideOneToSixtyFourIsRefusedNamingTheParameterAndItsRange() {
        Registry registry = Registry.discover();
        PluginContext context = context(registry, PrivacyLedger.unaccounted(), TrialMetrics.discarding());
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, ENVIRONMENT, context);
        for (String bad : List.of("0", "-1", "65", "1.5")) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> registry.create(
                    PluginKind.LEARNER, Learner.class, "federated-td(noise=none, threads=" + bad + ")",
                    context.withEnvironment(environment)));
            assertTrue(refused.getMessage().contains("'threads'"), refused.getMessage());
            assertTrue(refused.getMessage().contains("[1, " + FederatedTdLearnerProvider.MAX_THREADS + "]"),
                    refused.getMessage());
        }
    }

    @Test
    void theHelperThreadsOfATrialAreGoneWhenItsRunReturns() {
        Set<Thread> before = helperThreads();
        // a learner that is built and never run (as the preflight check builds one) starts no thread
        Registry registry = Registry.discover();
        PluginContext context = context(registry, PrivacyLedger.unaccounted(), TrialMetrics.discarding());
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, ENVIRONMENT, context);
        Learner unused = registry.create(PluginKind.LEARNER, Learner.class, "federated-td(noise=none, threads=3)",
                context.withEnvironment(environment));
        assertEquals(3, ((FederatedTdLearner) unused).team().threads());
        assertEquals(before, helperThreads(), "no helper started by building the learner");

        List<Set<Thread>> during = new ArrayList<>();
        Evaluator watcher = new Evaluator() {
            @Override
            public void afterEpisode(EvaluationContext evaluation) {
                Set<Thread> started = helperThreads();
                started.removeAll(before);
                during.add(started);
            }
        };
        run(3, watcher);
        assertEquals(SCHEDULE.length() / SCHEDULE.stepLimit().getAsInt(), during.size());
        // the helpers were at work during the trial: two of them after the first episode ...
        assertEquals(2, during.get(0).size(), "helpers alive after episode 0");
        // ... and none of the trial's helpers is alive once the run has returned
        Set<Thread> after = helperThreads();
        after.removeAll(before);
        assertEquals(Set.of(), after);
    }
}
