package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.rng.RandomStreams;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/**
 * The conformance kit for {@link Environment} plugins, in the manner of PettingZoo's {@code api_test}
 * and {@code seed_test}. One line for a plugin author:
 * <pre>{@code
 * EnvironmentConformance.check(() -> registry.create(PluginKind.ENVIRONMENT, Environment.class, "matrix-game"));
 * }</pre>
 * The factory must return a new instance on every call (the seed test compares two).
 *
 * <p>What is checked:
 * <ol>
 *   <li><b>Metadata</b>: {@link EnvironmentInfo} has a name, one observation and action space per agent,
 *   a horizon of at least 1 and a game type, and stays the same across calls and episodes.</li>
 *   <li><b>API contract</b>: {@code step} before {@code reset} and after the end of an episode throws
 *   {@link IllegalStateException}; a joint action of the wrong length or out of range throws
 *   {@link IllegalArgumentException}; observations lie in their spaces, rewards are finite, one per
 *   agent; every episode ends ({@code terminated} or {@code truncated}) within the horizon (episodes of an
 *   unbounded horizon are followed for {@value #UNBOUNDED_STEPS} steps); three consecutive episodes run.</li>
 *   <li><b>Seed determinism</b>: two instances reset with seed 42 and fed the same seeded random joint
 *   actions give identical observations, rewards and flags over three episodes, and resetting one
 *   instance with 42 again replays the same trajectory.</li>
 *   <li><b>Exact model</b>, if the environment offers a {@link TabularModel} capability: its sizes
 *   match the metadata; the initial distribution and every row {@code P_h(. | s, a)} are non-negative and
 *   sum to 1 within 1e-12; rewards are finite. When agent 0 observes the model state (its observation
 *   space is {@code Discrete(S)}), {@code step} is checked against the model: a transition of model
 *   probability 0 fails at once, and the frequencies of next states pooled over all visited (stage,
 *   state, joint action) rows are compared with the model by one chi-square goodness-of-fit test at a
 *   false-rejection rate of {@value #CHI_SQUARE_FALSE_REJECTION} (cells with an expected count below 5
 *   are merged; rows visited fewer than 20 times are left out).</li>
 * </ol>
 * Everything is driven by fixed seeds, so a conforming environment fails only with the chi-square
 * test's stated probability, and then on every run.
 */
public final class EnvironmentConformance {
    /** Steps followed in an episode of an environment with an unbounded horizon. */
    public static final int UNBOUNDED_STEPS = 1000;
    /** False-rejection rate of the chi-square test of {@code step} against the tabular model. */
    public static final double CHI_SQUARE_FALSE_REJECTION = 1e-6;
    private static final int EPISODES = 3;
    private static final long SEED = 42;
    private static final int MODEL_EPISODES = 600;
    private static final long MAX_MODEL_ROWS = 2_000_000;

    private EnvironmentConformance() {
    }

    /** Runs every check on instances from {@code factory}. */
    public static void check(Supplier<? extends Environment> factory) {
        Environment environment = factory.get();
        assertNotNull(environment, "the factory returned null");
        checkInfo(environment);
        checkApiContract(factory.get());
        checkSeedDeterminism(factory);
        Environment modelled = factory.get();
        Optional<TabularModel> model = modelled.capability(TabularModel.class);
        if (model.isPresent()) {
            checkTabularModel(modelled.info(), model.get());
            checkStepAgainstModel(modelled, model.get());
        }
    }

    /** Metadata is complete and consistent. */
    public static void checkInfo(Environment environment) {
        EnvironmentInfo info = environment.info();
        assertNotNull(info, "info() must be non-null");
        assertTrue(info.name() != null && !info.name().isBlank(), "info().name() must be non-blank");
        String name = info.name();
        assertTrue(info.numAgents() >= 1, name + ": numAgents must be in [1, inf), got " + info.numAgents());
        assertEquals(info.numAgents(), info.observationSpaces().size(), name + ": one observation space per agent");
        assertEquals(info.numAgents(), info.actionSpaces().size(), name + ": one action space per agent");
        assertTrue(info.horizon() >= 1, name + ": horizon must be in [1, inf), got " + info.horizon());
        assertNotNull(info.gameType(), name + ": gameType must be non-null");
        for (int agent = 0; agent < info.numAgents(); agent++) {
            assertNotNull(info.observationSpaces().get(agent), name + ": observation space of agent " + agent);
            assertNotNull(info.actionSpaces().get(agent), name + ": action space of agent " + agent);
        }
        assertEquals(info, environment.info(), name + ": info() must not change between calls");
    }

    /** The step/reset contract, spaces, finite rewards and episode ends within the horizon. */
    public static void checkApiContract(Environment environment) {
        EnvironmentInfo info = environment.info();
        String name = info.name();
        int[] valid = new int[info.numAgents()];
        assertThrows(IllegalStateException.class, () -> environment.step(valid),
                name + ": step before the first reset must throw IllegalStateException");
        RandomGenerator actions = RandomStreams.of(SEED).stream("conformance/actions");
        for (int episode = 0; episode < EPISODES; episode++) {
            Observation[] first = environment.reset(SEED + episode);
            checkObservations(info, first, "reset of episode " + episode);
            if (episode == 0) {
                assertThrows(IllegalArgumentException.class, () -> environment.step(new int[info.numAgents() + 1]),
                        name + ": a joint action with numAgents + 1 entries must throw IllegalArgumentException");
                int[] outOfRange = new int[info.numAgents()];
                outOfRange[info.numAgents() - 1] = info.numActions(info.numAgents() - 1);
                assertThrows(IllegalArgumentException.class, () -> environment.step(outOfRange),
                        name + ": an action equal to the action-space size must throw IllegalArgumentException");
                int[] negative = new int[info.numAgents()];
                negative[0] = -1;
                assertThrows(IllegalArgumentException.class, () -> environment.step(negative),
                        name + ": a negative action must throw IllegalArgumentException");
                environment.reset(SEED + episode);
            }
            int limit = info.horizon() == Integer.MAX_VALUE ? UNBOUNDED_STEPS : info.horizon();
            boolean done = false;
            int steps = 0;
            while (!done && steps < limit) {
                StepResult result = environment.step(randomJointAction(info, actions));
                steps++;
                checkStepResult(info, result, "step " + steps + " of episode " + episode);
                done = result.done();
            }
            if (info.horizon() != Integer.MAX_VALUE) {
                assertTrue(done, name + ": episode " + episode + " did not end (terminated or truncated) within the "
                        + "horizon of " + info.horizon() + " steps");
                assertThrows(IllegalStateException.class, () -> environment.step(valid),
                        name + ": step after the end of an episode must throw IllegalStateException");
            }
            assertEquals(info, environment.info(), name + ": info() must not change between episodes");
        }
    }

    /** Two instances with the same seed and actions agree; reseeding replays the trajectory. */
    public static void checkSeedDeterminism(Supplier<? extends Environment> factory) {
        Environment one = factory.get();
        Environment two = factory.get();
        String name = one.info().name();
        List<String> first = trajectory(one);
        List<String> second = trajectory(two);
        assertTrajectoriesEqual(name + ": two instances reset with seed " + SEED + " and given the same actions",
                first, second);
        assertTrajectoriesEqual(name + ": resetting the same instance with seed " + SEED + " again", first,
                trajectory(one));
    }

    private static void assertTrajectoriesEqual(String label, List<String> expected, List<String> actual) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                fail(label + " diverged at record " + i + ": " + expected.get(i) + " vs " + actual.get(i));
            }
        }
        assertEquals(expected.size(), actual.size(), label + " gave trajectories of different lengths");
    }

    private static List<String> trajectory(Environment environment) {
        EnvironmentInfo info = environment.info();
        RandomGenerator actions = RandomStreams.of(SEED).stream("conformance/seed-test");
        List<String> records = new ArrayList<>();
        int limit = info.horizon() == Integer.MAX_VALUE ? UNBOUNDED_STEPS : info.horizon();
        for (int episode = 0; episode < EPISODES; episode++) {
            Observation[] observations = episode == 0 ? environment.reset(SEED) : environment.reset(SEED + episode);
            records.add("reset " + java.util.Arrays.toString(observations));
            boolean done = false;
            for (int step = 0; step < limit && !done; step++) {
                int[] joint = randomJointAction(info, actions);
                StepResult result = environment.step(joint);
                records.add(java.util.Arrays.toString(joint) + " -> " + java.util.Arrays.toString(result.observations())
                        + " r=" + java.util.Arrays.toString(result.rewards()) + " terminated=" + result.terminated()
                        + " truncated=" + result.truncated());
                done = result.done();
            }
        }
        return records;
    }

    private static int[] randomJointAction(EnvironmentInfo info, RandomGenerator random) {
        int[] joint = new int[info.numAgents()];
        for (int agent = 0; agent < joint.length; agent++) {
            joint[agent] = random.nextInt(info.numActions(agent));
        }
        return joint;
    }

    private static void checkObservations(EnvironmentInfo info, Observation[] observations, String where) {
        String name = info.name();
        assertNotNull(observations, name + ": " + where + " returned null observations");
        assertEquals(info.numAgents(), observations.length,
                name + ": " + where + " must return one observation per agent");
        for (int agent = 0; agent < observations.length; agent++) {
            Observation observation = observations[agent];
            assertNotNull(observation, name + ": " + where + ": observation of agent " + agent + " is null");
            Space space = info.observationSpaces().get(agent);
            assertTrue(space.contains(observation), name + ": " + where + ": observation " + observation + " of agent "
                    + agent + " is outside its space " + space);
            for (double feature : observation.features()) {
                assertTrue(Double.isFinite(feature), name + ": " + where + ": observation of agent " + agent
                        + " has a non-finite feature " + feature);
            }
        }
    }

    private static void checkStepResult(EnvironmentInfo info, StepResult result, String where) {
        String name = info.name();
        assertNotNull(result, name + ": " + where + " returned null");
        checkObservations(info, result.observations(), where);
        assertNotNull(result.rewards(), name + ": " + where + " returned null rewards");
        assertEquals(info.numAgents(), result.rewards().length,
                name + ": " + where + " must return one reward per agent");
        for (int agent = 0; agent < info.numAgents(); agent++) {
            assertTrue(Double.isFinite(result.rewards()[agent]), name + ": " + where + ": reward of agent " + agent
                    + " must be finite, got " + result.rewards()[agent]);
        }
        assertNotNull(result.info(), name + ": " + where + ": info map must be non-null (use Map.of())");
    }

    /** Sizes match the metadata; the initial distribution and every transition row are distributions. */
    public static void checkTabularModel(EnvironmentInfo info, TabularModel model) {
        String name = info.name() + " (tabular model)";
        int states = model.numStates();
        assertTrue(states >= 1, name + ": numStates must be in [1, inf), got " + states);
        int[] actionCounts = new int[info.numAgents()];
        for (int agent = 0; agent < actionCounts.length; agent++) {
            actionCounts[agent] = info.numActions(agent);
        }
        assertArrayEquals(actionCounts, model.actionCounts(), name + ": action counts must match the action spaces");
        assertEquals(info.horizon(), model.horizon(), name + ": horizon must match info().horizon()");
        checkDistribution(name + ": initial distribution", model.initialDistribution(), states);
        int joint = model.jointActions().size();
        long rows = (long) model.horizon() * states * joint;
        long stride = Math.max(1, rows / MAX_MODEL_ROWS);
        for (long row = 0; row < rows; row += stride) {
            int stage = (int) (row / ((long) states * joint));
            int state = (int) (row / joint % states);
            int action = (int) (row % joint);
            String where = name + ": P_" + stage + "(. | s=" + state + ", a=" + action + ")";
            checkDistribution(where, model.transition(stage, state, action), states);
            for (int agent = 0; agent < info.numAgents(); agent++) {
                double reward = model.reward(stage, state, action, agent);
                assertTrue(Double.isFinite(reward),
                        where + ": reward of agent " + agent + " must be finite, got " + reward);
            }
        }
    }

    private static void checkDistribution(String where, double[] distribution, int states) {
        assertNotNull(distribution, where + " is null");
        assertEquals(states, distribution.length, where + " must have one entry per state");
        double sum = 0;
        for (int s = 0; s < distribution.length; s++) {
            assertTrue(distribution[s] >= 0 && distribution[s] <= 1, where + ": entry " + s
                    + " must be a probability, got " + distribution[s]);
            sum += distribution[s];
        }
        assertEquals(1.0, sum, 1e-12, where + " must sum to 1");
    }

    /**
     * The outcome of the chi-square comparison of {@code step} with a tabular model.
     *
     * @param statistic Pearson's statistic pooled over the initial distribution and every tested row
     * @param degrees   its degrees of freedom
     * @param critical  the critical value at {@link #CHI_SQUARE_FALSE_REJECTION}
     */
    public record ModelFit(double statistic, int degrees, double critical) {
    }

    /**
     * Compares {@code step} with the model when agent 0 observes the model state: impossible
     * transitions fail at once; next-state frequencies pass a pooled chi-square test (see class doc).
     * Returns the test's outcome, or empty when agent 0's observation space is not {@code Discrete(S)}
     * (the state is not observed) or no row was visited often enough to test.
     */
    public static Optional<ModelFit> checkStepAgainstModel(Environment environment, TabularModel model) {
        EnvironmentInfo info = environment.info();
        String name = info.name() + " (step vs tabular model)";
        if (!(info.observationSpaces().get(0) instanceof Space.Discrete discrete)
                || discrete.size() != model.numStates()) {
            return Optional.empty();
        }
        RandomGenerator actions = RandomStreams.of(SEED).stream("conformance/model-test");
        Map<Long, long[]> counts = new HashMap<>();
        Map<Long, double[]> expected = new HashMap<>();
        long[] initialCounts = new long[model.numStates()];
        int limit = Math.min(model.horizon(), 50);
        for (int episode = 0; episode < MODEL_EPISODES; episode++) {
            int state = environment.reset(1000 + episode)[0].state();
            initialCounts[state]++;
            assertTrue(model.initialDistribution()[state] > 0, name + ": reset produced state " + state
                    + " of initial probability 0");
            for (int stage = 0; stage < limit; stage++) {
                int[] joint = randomJointAction(info, actions);
                int jointIndex = model.jointActions().encode(joint);
                StepResult result = environment.step(joint);
                int next = result.observations()[0].state();
                double[] row = model.transition(stage, state, jointIndex);
                assertTrue(row[next] > 0, name + ": step moved from state " + state + " under joint action "
                        + jointIndex + " at stage " + stage + " to state " + next + ", of model probability 0");
                long rowKey = ((long) stage * model.numStates() + state) * model.jointActions().size() + jointIndex;
                counts.computeIfAbsent(rowKey, k -> new long[model.numStates()])[next]++;
                expected.putIfAbsent(rowKey, row);
                state = next;
                if (result.done()) {
                    break;
                }
            }
        }
        double statistic = 0;
        int degrees = 0;
        double[] pooled = chiSquare(initialCounts, model.initialDistribution());
        statistic += pooled[0];
        degrees += (int) pooled[1];
        for (Map.Entry<Long, long[]> entry : counts.entrySet()) {
            double[] part = chiSquare(entry.getValue(), expected.get(entry.getKey()));
            statistic += part[0];
            degrees += (int) part[1];
        }
        if (degrees == 0) {
            return Optional.empty();
        }
        double critical = new ChiSquaredDistribution(degrees)
                .inverseCumulativeProbability(1 - CHI_SQUARE_FALSE_REJECTION);
        assertTrue(statistic <= critical, name + ": next-state frequencies disagree with the model: chi-square "
                + statistic + " on " + degrees + " degrees of freedom exceeds " + critical
                + " (false-rejection rate " + CHI_SQUARE_FALSE_REJECTION + ")");
        return Optional.of(new ModelFit(statistic, degrees, critical));
    }

    /**
     * Pearson's statistic of one row and its degrees of freedom. Cells are sorted by expected count and
     * merged, smallest first, into groups of expected count at least 5 (a remainder below 5 joins the last
     * group); degrees of freedom are groups - 1. Rows with fewer than 20 draws contribute nothing.
     */
    static double[] chiSquare(long[] observed, double[] probabilities) {
        long total = 0;
        for (long count : observed) {
            total += count;
        }
        if (total < 20) {
            return new double[] {0, 0};
        }
        List<double[]> cells = new ArrayList<>();
        for (int s = 0; s < observed.length; s++) {
            if (probabilities[s] > 0) {
                cells.add(new double[] {probabilities[s] * total, observed[s]});
            }
        }
        cells.sort((first, second) -> Double.compare(first[0], second[0]));
        List<double[]> groups = new ArrayList<>();
        double groupExpected = 0;
        double groupObserved = 0;
        for (double[] cell : cells) {
            groupExpected += cell[0];
            groupObserved += cell[1];
            if (groupExpected >= 5) {
                groups.add(new double[] {groupExpected, groupObserved});
                groupExpected = 0;
                groupObserved = 0;
            }
        }
        if (groupExpected > 0 && !groups.isEmpty()) {
            double[] last = groups.get(groups.size() - 1);
            last[0] += groupExpected;
            last[1] += groupObserved;
        }
        if (groups.size() < 2) {
            return new double[] {0, 0};
        }
        double statistic = 0;
        for (double[] group : groups) {
            statistic += (group[1] - group[0]) * (group[1] - group[0]) / group[0];
        }
        return new double[] {statistic, groups.size() - 1};
    }
}
