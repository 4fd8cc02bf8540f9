package io.dpmarl.algorithms.tabular.qd.evaluate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.tabular.qd.QdNetworkView.Eavesdropped;
import io.dpmarl.algorithms.tabular.qd.QdNetworkView.MessageStatistics;
import io.dpmarl.algorithms.tabular.qd.evaluate.QdFixtures.ModelEnvironment;
import io.dpmarl.algorithms.tabular.qd.evaluate.QdFixtures.TableModel;
import io.dpmarl.algorithms.tabular.qd.evaluate.QdFixtures.TableNetwork;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.model.DiscountedTabularModel;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The QD evaluator plugins as a spec creates them (by name, through the registry): what they read, what they
 * record and declare, which agents {@code qd-error} tracks, and when {@code record-at=powers-of-ten} records.
 * Expected values are derived by hand in the comments.
 */
class QdEvaluatorProvidersTest {
    /**
     * Discovered afresh for every test (JUnit makes an instance per test), so that the registry reads the plugins'
     * names as they are now.
     */
    private final Registry registry = Registry.discover();

    /** Two agents, one state, one action: Q^0 = 10, Q^1 = 14, no messages. */
    private static final TableNetwork TWO_AGENTS = TableNetwork.silent(new double[][][] {{{10}}, {{14}}});

    private Environment withModel(DiscountedTabularModel model) {
        return new ModelEnvironment("table-model", model.numAgents(), Optional.of(model));
    }

    private PluginContext context(long seed, Environment environment) {
        return new PluginContext(RandomStreams.of(seed), NoiseSource.seeded(seed), PrivacyLedger.unaccounted(),
                Optional.of(environment), registry);
    }

    private Evaluator create(String spec, PluginContext context) {
        return registry.create(PluginKind.EVALUATOR, Evaluator.class, spec, context);
    }

    /** A declared metric pattern ('*' matches any text) matches the recorded name. */
    private boolean declares(PluginProvider<?> provider, String metric) {
        return provider.metrics().stream().anyMatch(pattern -> metric.matches(
                java.util.regex.Pattern.quote(pattern).replace("*", "\\E.*\\Q")));
    }

    /**
     * {@code qd-error} by name on the one-state model of {@link QdEvaluatorsTest#MODEL} (Q* = 8): Qbar = 12, error 4;
     * the default tracked-agents = 5 exceeds the 2 agents, so both agents' values 10 and 14 are recorded (a draw of
     * all N agents runs the partial shuffle to its end, i = N - 1). Every recorded metric is declared, and the
     * description says that it reads the exact model.
     */
    @Test
    void errorByNameTracksEveryAgentWhenAskedForMore() {
        PluginProvider<?> provider = registry.provider(PluginKind.EVALUATOR, "qd-error");
        Map<String, Double> values = QdFixtures.record(
                create("qd-error", context(0, withModel(QdEvaluatorsTest.MODEL))), TWO_AGENTS, 0);
        assertEquals(4, values.get("qbar_error_s0_a0"), 1e-9);
        assertEquals(10, values.get("q_agent0_s0_a0"), 0.0);
        assertEquals(14, values.get("q_agent1_s0_a0"), 0.0);
        values.keySet().forEach(metric -> assertTrue(declares(provider, metric), metric + " is not declared"));
        assertTrue(provider.description().contains("reads the exact discounted model"), provider.description());
        Map<String, Double> none = QdFixtures.record(create("qd-error(tracked-agents=0)",
                context(0, withModel(QdEvaluatorsTest.MODEL))), TWO_AGENTS, 0);
        assertFalse(none.keySet().stream().anyMatch(metric -> metric.startsWith("q_agent")), none.toString());
    }

    /**
     * Without an exact discounted model, {@code qd-error} refuses, naming itself, the capability and the
     * environment.
     */
    @Test
    void errorRefusesAnEnvironmentWithoutModel() {
        Environment plain = new ModelEnvironment("no-model(agents=2)", 2, Optional.empty());
        assertEquals("qd-error needs an environment with an exact discounted model (DiscountedTabularModel), got"
                + " no-model(agents=2)", assertThrows(IllegalArgumentException.class,
                        () -> create("qd-error", context(0, plain))).getMessage());
    }

    /**
     * The tracked agents are a uniform draw of {@code tracked-agents} distinct agents (a partial Fisher-Yates
     * shuffle of the trial's stream {@code qd-error/tracked}). With N = 3 agents and 2 tracked, each of the 3 pairs
     * {0,1}, {0,2}, {1,2} has probability 1/3: over the fixed seeds 0..299 every draw must be 2 distinct agents and
     * the pair counts must pass a chi-square test with 2 degrees of freedom at the 0.1% level (critical value
     * 13.816; a correct draw fails with probability 0.001). Always tracking the first agents gives {0,1} 300 times:
     * chi-square 600.
     */
    @Test
    void trackedAgentsAreAUniformDraw() {
        TableModel model = new TableModel(0.5, new double[][][] {{{1}}}, new double[][][] {{{1}}, {{2}}, {{3}}});
        TableNetwork network = TableNetwork.silent(new double[][][] {{{1}}, {{2}}, {{3}}});
        Map<String, Integer> counts = new java.util.TreeMap<>();
        for (long seed : LongStream.range(0, 300).toArray()) {
            Map<String, Double> values = QdFixtures.record(create("qd-error(tracked-agents=2)",
                    context(seed, withModel(model))), network, 0);
            Set<String> tracked = new TreeSet<>();
            for (String metric : values.keySet()) {
                if (metric.startsWith("q_agent")) {
                    tracked.add(metric);
                }
            }
            assertEquals(2, tracked.size(), "seed " + seed + ": " + tracked);
            counts.merge(tracked.toString(), 1, Integer::sum);
        }
        assertEquals(3, counts.size(), counts.toString());
        double chiSquare = 0;
        for (int count : counts.values()) {
            chiSquare += (count - 100.0) * (count - 100.0) / 100.0;
        }
        assertTrue(chiSquare < 13.816, "chi-square " + chiSquare + " of " + counts);
    }

    /**
     * {@code record-at=powers-of-ten} records after episodes 1, 10 and 100 (counted from 1; indices 0, 9, 99) of
     * 0..120; the default records after each of the 121. The consensus values are those of
     * {@link QdEvaluatorsTest}: mean-square error 4.
     */
    @Test
    void recordAtPowersOfTen() {
        Environment environment = withModel(QdEvaluatorsTest.MODEL);
        for (String name : List.of("qd-consensus", "qd-messages", "qd-error")) {
            assertEquals(List.of(0, 9, 99), recordedEpisodes(create(name + "(record-at=powers-of-ten)",
                    context(0, environment)), 120), name);
            assertEquals(121, recordedEpisodes(create(name, context(0, environment)), 120).size(), name);
        }
        Map<String, Double> values = QdFixtures.record(create("qd-consensus(record-at=powers-of-ten)",
                context(0, environment)), TWO_AGENTS, 9);
        assertEquals(4, values.get("consensus_ms_error"), 1e-12);
    }

    /** The episodes 0..last after which the evaluator records anything, on a network with one message per episode. */
    private static List<Integer> recordedEpisodes(Evaluator evaluator, int last) {
        Eavesdropped seen = new Eavesdropped(0, 0, 0, 0, 13, 10);
        TableNetwork network = new TableNetwork(new double[][][] {{{10}}, {{14}}}, 1,
                new MessageStatistics(1, 9, Optional.empty(), Optional.of(seen)), seen);
        List<Integer> episodes = new ArrayList<>();
        for (int episode = 0; episode <= last; episode++) {
            if (!QdFixtures.record(evaluator, network, episode).isEmpty()) {
                episodes.add(episode);
            }
        }
        return episodes;
    }

    /**
     * {@code due} by its definition: EVERY is due after every episode; POWERS_OF_TEN after episode e (from 0) iff
     * e + 1 is a power of ten, which among 0..100 000 are e = 0, 9, 99, 999, 9 999, 99 999.
     */
    @Test
    void dueByDefinition() {
        List<Long> due = new ArrayList<>();
        for (long episode = 0; episode <= 100_000; episode++) {
            assertTrue(RecordAt.EVERY.due(episode));
            if (RecordAt.POWERS_OF_TEN.due(episode)) {
                due.add(episode);
            }
        }
        assertEquals(List.of(0L, 9L, 99L, 999L, 9_999L, 99_999L), due);
        assertEquals(RecordAt.POWERS_OF_TEN, RecordAt.parse("powers-of-ten"));
        assertEquals(RecordAt.EVERY, RecordAt.parse("every"));
    }

    /**
     * {@code qd-consensus} and {@code qd-messages} by name: every recorded metric is declared and the descriptions
     * say that no model is needed. The messages: one of agent 0 (sent 13, true 10) with declared variance 2 * 8:
     * error RMS sqrt(9 / 1) = 3, declared RMS sqrt(16 / 1) = 4, pair index 0.
     */
    @Test
    void consensusAndMessagesByName() {
        Environment environment = new ModelEnvironment("no-model", 2, Optional.empty());
        PluginProvider<?> consensus = registry.provider(PluginKind.EVALUATOR, "qd-consensus");
        Map<String, Double> consensusValues = QdFixtures.record(create("qd-consensus", context(0, environment)),
                TWO_AGENTS, 0);
        assertEquals(4, consensusValues.get("consensus_max_gap"), 1e-12);
        consensusValues.keySet().forEach(metric -> assertTrue(declares(consensus, metric), metric));
        assertTrue(consensus.description().contains("needs no model"), consensus.description());

        PluginProvider<?> messages = registry.provider(PluginKind.EVALUATOR, "qd-messages");
        Eavesdropped seen = new Eavesdropped(5, 0, 0, 0, 13, 10);
        TableNetwork network = new TableNetwork(new double[][][] {{{10}}, {{14}}}, 6,
                new MessageStatistics(1, 9, Optional.of(16.0), Optional.of(seen)), seen);
        Map<String, Double> messageValues = QdFixtures.record(create("qd-messages", context(0, environment)),
                network, 0);
        assertEquals(3, messageValues.get("message_error_rms"), 1e-12);
        assertEquals(4, messageValues.get("message_noise_declared_rms"), 1e-12);
        assertEquals(0, messageValues.get("eavesdropper_pair"), 0.0);
        assertEquals(13, messageValues.get("eavesdropper_message_s0_a0"), 0.0);
        messageValues.keySet().forEach(metric -> assertTrue(declares(messages, metric), metric));
        assertTrue(messages.description().contains("needs no model"), messages.description());
    }

    /**
     * {@code optimalQ} on two absorbing states (each stays put under both actions), gamma = 0.5, both agents' mean
     * rewards ((1, 2), (4, 3)): V(s) = max_a r(s, a) / (1 - gamma) gives V(0) = 4, V(1) = 8, and
     * Q*(s, a) = r(s, a) + gamma V(s) = ((1 + 2, 2 + 2), (4 + 4, 3 + 4)) = ((3, 4), (8, 7)). The result is a copy.
     */
    @Test
    void optimalQIsACopyOfQStar() {
        double[][][] stay = {{{1, 0}, {1, 0}}, {{0, 1}, {0, 1}}};
        double[][] rewards = {{1, 2}, {4, 3}};
        QdErrorEvaluator evaluator = new QdErrorEvaluator(new TableModel(0.5, stay,
                new double[][][] {rewards, rewards}), new int[0]);
        double[][] optimal = evaluator.optimalQ();
        assertArrayEquals(new double[] {3, 4}, optimal[0], 1e-9);
        assertArrayEquals(new double[] {8, 7}, optimal[1], 1e-9);
        optimal[1][0] = -1;
        assertEquals(8, evaluator.optimalQ()[1][0], 1e-9);
    }
}
