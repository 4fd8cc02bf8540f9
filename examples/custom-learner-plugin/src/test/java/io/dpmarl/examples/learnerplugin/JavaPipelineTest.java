package io.dpmarl.examples.learnerplugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The three plugins assembled from Java as in {@code docs/getting-started-java.md}, with an evaluator added:
 * {@code Registry.discover()} finds them on the class path like the built-ins.
 */
class JavaPipelineTest {

    /** One trial: 60 episodes of relay-chain with team-q, Laplace rewards, value-gap every 20 episodes. */
    private static List<MetricRecord> run(String learnerSpec, int episodes, long seed) {
        Registry registry = Registry.discover();
        RandomStreams streams = RandomStreams.of(seed);
        PrivacyLedger ledger = PrivacyLedger.of(() -> registry.create(PluginKind.ACCOUNTANT, Accountant.class,
                "basic"), 1e-6);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "relay-chain(length=3, slip=0, horizon=4)");
        List<MetricRecord> rows = new ArrayList<>();
        TrialMetrics metrics = new TrialMetrics(rows::add);
        Schedule schedule = Schedule.episodes(episodes);
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(environment),
                registry, metrics, Optional.of(schedule));
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class, learnerSpec, context);
        // Evaluators are created with the same context as the learner (they may read the environment's model).
        Evaluator valueGap = registry.create(PluginKind.EVALUATOR, Evaluator.class, "value-gap(every=20)", context);
        Pipeline.builder().environment(environment).learner(learner).evaluators(List.of(valueGap)).ledger(ledger)
                .streams(streams).metrics(metrics).build().run(new TrialId("java", 0, seed), schedule);
        return rows;
    }

    private static List<Double> valueGaps(List<MetricRecord> rows) {
        return rows.stream().filter(row -> row.metric().equals(ValueGapEvaluator.VALUE_GAP))
                .map(MetricRecord::value).toList();
    }

    /** The evaluator records at episodes 20, 40 and 60; the same seed gives the same rows, another seed others. */
    @Test
    void runsAndRepeatsFromTheSeed() {
        String learner = "team-q(privatizer=laplace(epsilon=1, sensitivity=1))";
        List<MetricRecord> first = run(learner, 60, 7);
        assertEquals(List.of(20L, 40L, 60L), first.stream()
                .filter(row -> row.metric().equals(ValueGapEvaluator.VALUE_GAP)).map(MetricRecord::step).toList());
        assertEquals(first, run(learner, 60, 7));
        assertNotEquals(first, run(learner, 60, 8));
    }

    /**
     * Without noise the team learns the optimal policy of the deterministic chain (push twice, V* = 3, derived in
     * {@link ValueGapEvaluatorTest}): the all-zero table's greedy policy ("both wait") has gap 3, and the gap is 0 by
     * episode 300 (seed 7; uniform exploration, so every joint action is tried: Q-learning is off-policy). A learner
     * whose update ignored the reward would stay at 3.
     */
    @Test
    void theNonPrivateTeamLearnsTheChain() {
        List<Double> gaps = valueGaps(run("team-q(alpha=0.5, exploration=1)", 300, 7));
        assertEquals(0.0, gaps.get(gaps.size() - 1), 1e-12);
    }
}
