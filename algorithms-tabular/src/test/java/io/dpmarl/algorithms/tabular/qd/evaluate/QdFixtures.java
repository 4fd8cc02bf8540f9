package io.dpmarl.algorithms.tabular.qd.evaluate;

import io.dpmarl.algorithms.tabular.qd.QdNetworkView;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.DiscountedTabularModel;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Test fixtures shared by the QD evaluator tests: a learner that does nothing, a QD network over fixed tables, a
 * discounted model given by tables and an environment that offers it. The evaluators only read the network view
 * (and, for {@code qd-error}, the model), so nothing here learns or steps.
 */
final class QdFixtures {
    private QdFixtures() {
    }

    /** A learner whose episode hooks do nothing; it acts with action 0 for every agent and has no policy. */
    static class InertLearner implements Learner {
        private final int agents;

        InertLearner(int agents) {
            this.agents = agents;
        }

        @Override
        public void beginEpisode(int episode, Observation[] observations) {
        }

        @Override
        public int[] act(int stage, Observation[] observations) {
            return new int[agents];
        }

        @Override
        public void observe(int stage, int[] jointAction, StepResult result) {
        }

        @Override
        public void endEpisode(int episode) {
        }

        @Override
        public Policy policy() {
            throw new UnsupportedOperationException("the QD evaluators do not read the policy");
        }
    }

    /**
     * A QD network over fixed tables {@code Q^i(s, a) = tables[i][s][a]} (a read outside them throws, so the
     * evaluators' loop ranges are checked too), with the given message statistics of the episode; the per-pair
     * eavesdropper view of (s, a) is the last of {@code perPair} on that pair (a pair outside the tables throws).
     */
    static final class TableNetwork extends InertLearner implements QdNetworkView {
        private final double[][][] tables;
        private final long steps;
        private final MessageStatistics messages;
        private final List<Eavesdropped> perPair;
        private OptionalDouble discount = OptionalDouble.empty();

        TableNetwork(double[][][] tables, long steps, MessageStatistics messages, Eavesdropped... perPair) {
            super(tables.length);
            this.tables = tables;
            this.steps = steps;
            this.messages = messages;
            this.perPair = List.of(perPair);
        }

        /** This network, now declaring that its Q-targets use the discount {@code gamma}. */
        TableNetwork declaringDiscount(double gamma) {
            discount = OptionalDouble.of(gamma);
            return this;
        }

        @Override
        public OptionalDouble discount() {
            return discount;
        }

        /** The network over {@code tables} that sent no message. */
        static TableNetwork silent(double[][][] tables) {
            return new TableNetwork(tables, 0, new MessageStatistics(0, 0, Optional.empty(), Optional.empty()));
        }

        @Override
        public int numAgents() {
            return tables.length;
        }

        @Override
        public int numStates() {
            return tables[0].length;
        }

        @Override
        public int numActions() {
            return tables[0][0].length;
        }

        @Override
        public double value(int agent, int state, int action) {
            return tables[agent][state][action];
        }

        @Override
        public long steps() {
            return steps;
        }

        @Override
        public MessageStatistics episodeMessages() {
            return messages;
        }

        @Override
        public Optional<Eavesdropped> lastObserved(int state, int action) {
            if (state < 0 || state >= numStates() || action < 0 || action >= numActions()) {
                throw new IndexOutOfBoundsException("no pair (" + state + ", " + action + ")");
            }
            Optional<Eavesdropped> last = Optional.empty();
            for (Eavesdropped seen : perPair) {
                if (seen.state() == state && seen.action() == action) {
                    last = Optional.of(seen);
                }
            }
            return last;
        }
    }

    /**
     * A discounted tabular model given by tables.
     *
     * @param discount    gamma
     * @param transitions {@code P(s' | s, a) = transitions[s][a][s']}
     * @param rewards     {@code mu_i(s, a) = rewards[i][s][a]}
     */
    record TableModel(double discount, double[][][] transitions, double[][][] rewards)
            implements DiscountedTabularModel {
        @Override
        public int numAgents() {
            return rewards.length;
        }

        @Override
        public int numStates() {
            return transitions.length;
        }

        @Override
        public int numActions() {
            return transitions[0].length;
        }

        @Override
        public double[] transition(int state, int action) {
            return transitions[state][action];
        }

        @Override
        public double meanReward(int agent, int state, int action) {
            return rewards[agent][state][action];
        }
    }

    /**
     * An environment named {@code name} with {@code agents} agents, offering {@code model} as its exact model when
     * present; it never steps (evaluator providers only read its information and model).
     */
    record ModelEnvironment(String name, int agents, Optional<DiscountedTabularModel> model) implements Environment {
        @Override
        public EnvironmentInfo info() {
            return new EnvironmentInfo(name, agents, Collections.nCopies(agents, new Space.Discrete(1)),
                    Collections.nCopies(agents, new Space.Discrete(1)), 1,
                    GameType.finite(GameType.Utility.COOPERATIVE));
        }

        @Override
        public Observation[] reset(long seed) {
            throw new UnsupportedOperationException();
        }

        @Override
        public StepResult step(int[] jointAction) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <C> Optional<C> capability(Class<C> type) {
            return model.filter(type::isInstance).map(type::cast);
        }
    }

    /** The metrics {@code evaluator} records after episode {@code episode} of {@code learner}, by name, in order. */
    static Map<String, Double> record(Evaluator evaluator, Learner learner, int episode) {
        Map<String, Double> values = new LinkedHashMap<>();
        TrialMetrics metrics = new TrialMetrics(r -> values.put(r.metric(), r.value()));
        evaluator.afterEpisode(new EvaluationContext(null, learner, episode, metrics));
        return values;
    }
}
