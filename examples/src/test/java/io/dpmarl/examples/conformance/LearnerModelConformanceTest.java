package io.dpmarl.examples.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.LearnerConformance;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs the learner kit's run-time check ({@link LearnerConformance#checkReadsNoExactModel}) on every LEARNER plugin
 * that {@link Registry#discover()} finds: each learner, built by its provider on the environment of its bundled
 * quick specs, runs three episodes and an evaluation without asking for an exact-model capability. It complements
 * the architecture rule, which sees the bytecode's dependencies, with what the learners actually request. Planners
 * read the model by design and are listed apart; a learner plugin in neither list fails {@link #everyLearnerIsCovered},
 * so a new one is checked as soon as it is added. Deterministic (fixed seeds): no false rejections.
 */
class LearnerModelConformanceTest {
    private static final Registry REGISTRY = Registry.discover();

    /** Learner spec and environment spec per learner plugin: a bundled quick spec's pair, or a smaller one. */
    static final Map<String, String[]> LEARNERS = Map.ofEntries(
            Map.entry("dp-nash-vi", new String[] {"dp-nash-vi(beta=0.1, mode=practical, bonus-scale=0.1)",
                "random-zero-sum(S=2, A=2, B=2, H=2, seed=7)"}),
            Map.entry("ma-ldp", new String[] {"ma-ldp(bonus-scale=0.1)", "network-mdp(n=2, q=1, d=2, horizon=5)"}),
            Map.entry("qd-learning", new String[] {"qd-learning", "cbmp(agents=3, graph=path, model-seed=2023)"}),
            Map.entry("dp-qd-learning", new String[] {
                "dp-qd-learning(privatizer=dp-qd-laplace(noise-base=10, q=0.99, adjacency-bound=1))",
                "cbmp(agents=3, graph=path, model-seed=2023)"}),
            Map.entry("center-qd", new String[] {"center-qd", "cbmp(agents=3, graph=path, model-seed=2023)"}),
            Map.entry("independent-q", new String[] {"independent-q", "coordination-game(horizon=3)"}),
            Map.entry("dpc-marl-a2c", new String[] {"dpc-marl-a2c(hidden=8)", "capc(scenario=slow-down)"}),
            Map.entry("dpc-marl-linear", new String[] {"dpc-marl-linear",
                "cbmp(agents=3, graph=path, model-seed=2023)"}),
            Map.entry("federated-td", new String[] {"federated-td(noise=none)",
                "federated-cost-chain(agents=4, states=5, features=3, model-seed=2022)"}));

    /** Planners: they compute policies from the exact model by design (the architecture rule allows planning). */
    static final Set<String> PLANNERS = Set.of("planned-execution");

    static Stream<String> learners() {
        return LEARNERS.keySet().stream().sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("learners")
    void readsNoExactModel(String name) {
        String[] specs = LEARNERS.get(name);
        LearnerConformance.checkReadsNoExactModel(REGISTRY, specs[0],
                REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class, specs[1]));
    }

    /** Every discovered learner plugin is checked here or declared a planner, and no entry is stale. */
    @Test
    void everyLearnerIsCovered() {
        Set<String> discovered = REGISTRY.list(PluginKind.LEARNER).stream().map(PluginProvider::name)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> covered = new TreeSet<>(LEARNERS.keySet());
        covered.addAll(PLANNERS);
        assertEquals(discovered, covered, "every LEARNER plugin needs an entry in LEARNERS (or PLANNERS)");
    }

    /** The check is not vacuous here: the planner, which reads the model, fails it with the kit's message. */
    @Test
    void thePlannerFailsTheCheck() {
        String planner = "planned-execution(planner=min-dependency(iterations=6, rollouts=0), epsilon=1, k=3)";
        AssertionError failure = assertThrows(AssertionError.class, () -> LearnerConformance.checkReadsNoExactModel(
                REGISTRY, planner, REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class, "corridor-gridworld")));
        assertTrue(failure.getMessage().contains(LearnerConformance.RULE), failure.getMessage());
    }
}
