package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.JointActions;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import java.util.random.RandomGenerator;

/**
 * DPC-MARL as printed: Algorithm 2 (Appendix XIII) of "Privacy-preserved Fully Decentralized Multi-agent
 * Reinforcement Learning for Networked Social Systems", the on-line average-reward consensus actor-critic of
 * ConsensusMARL (Zhang et al., ICML 2018) with a DP step. For discrete states: the critic of agent {@code i} is
 * linear in one-hot features of (state, joint action), {@code Q(s, a; omega) = omega[s, a]}; the actor is a
 * softmax over {@code theta_i[s, .]}. Per step (line numbers of Algorithm 2): observe {@code s_{t+1}} and the local
 * reward (4), sample {@code a_{t+1}} (6-7), TD error {@code delta = r - mu_t + Q_{t+1} - Q_t} (9), critic step (10),
 * counterfactual advantage {@code A = Q_t - sum_b pi(b|s) Q(s, (b, a^{-i}))} (11), actor step along
 * {@code A grad log pi} (12-13), average reward {@code mu <- (1 - beta) mu + beta r} (5), then the critic exchange
 * through the channel's privatizer (14-15) and the consensus rule (17). Step sizes {@code beta_omega = (t+1)^-0.65}
 * and {@code beta_theta = (t+1)^-0.85} (two time scales; the paper gives none). Its guarantee is the channel's, as
 * for {@link DpcMarlA2c}. Actor parameters and rewards are never sent.
 */
public final class DpcMarlLinear implements Learner {
    private final int agents;
    private final int states;
    private final int[] actions;
    private final JointActions joint;
    private final double[][] critics;
    private final double[][] actors;
    private final double[] averages;
    private final CriticExchange exchange;
    private final RandomGenerator[] random;
    private final double[] probabilities;
    private int[] pending;
    private int state;
    private long step;
    private boolean evaluation;

    /**
     * @param info    discrete-state environment metadata
     * @param states  number of states
     * @param graph   the communication graph
     * @param rule    the consensus rule
     * @param channel the critic channel (clear: ConsensusMARL)
     * @param random  per-agent randomness for sampling actions
     */
    public DpcMarlLinear(EnvironmentInfo info, int states, CommunicationGraph graph, ConsensusRule rule,
                         Channel channel, RandomGenerator[] random) {
        this.agents = info.numAgents();
        this.states = io.dpmarl.core.validation.Checks.atLeast("states", states, 1);
        this.actions = new int[agents];
        int most = 0;
        for (int i = 0; i < agents; i++) {
            actions[i] = info.numActions(i);
            most = Math.max(most, actions[i]);
        }
        this.joint = new JointActions(actions);
        this.critics = new double[agents][states * joint.size()];
        this.actors = new double[agents][];
        for (int i = 0; i < agents; i++) {
            actors[i] = new double[states * actions[i]];
        }
        this.averages = new double[agents];
        this.exchange = new CriticExchange(channel, graph, rule, states * joint.size());
        this.random = random.clone();
        this.probabilities = new double[most];
    }

    @Override
    public void beginEpisode(int episode, Observation[] observations) {
        pending = null;
        state = observations[0].state();
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        state = observations[0].state();
        if (pending != null && !evaluation) {
            int[] out = pending;
            pending = null;
            return out;
        }
        return sample(state);
    }

    private int[] sample(int s) {
        int[] out = new int[agents];
        for (int i = 0; i < agents; i++) {
            policy(i, s);
            if (evaluation) {
                int best = 0;
                for (int b = 1; b < actions[i]; b++) {
                    best = probabilities[b] > probabilities[best] ? b : best;
                }
                out[i] = best;
                continue;
            }
            double u = random[i].nextDouble();
            double cumulative = 0;
            out[i] = actions[i] - 1;
            for (int b = 0; b < actions[i] - 1; b++) {
                cumulative += probabilities[b];
                if (u < cumulative) {
                    out[i] = b;
                    break;
                }
            }
        }
        return out;
    }

    private void policy(int i, int s) {
        double max = Double.NEGATIVE_INFINITY;
        for (int b = 0; b < actions[i]; b++) {
            max = Math.max(max, actors[i][s * actions[i] + b]);
        }
        double sum = 0;
        for (int b = 0; b < actions[i]; b++) {
            probabilities[b] = Math.exp(actors[i][s * actions[i] + b] - max);
            sum += probabilities[b];
        }
        for (int b = 0; b < actions[i]; b++) {
            probabilities[b] /= sum;
        }
    }

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        int next = result.observations()[0].state();
        pending = sample(next);
        double criticStep = Math.pow(step + 1, -0.65);
        double actorStep = Math.pow(step + 1, -0.85);
        int current = state * joint.size() + joint.encode(jointAction);
        int following = next * joint.size() + joint.encode(pending);
        for (int i = 0; i < agents; i++) {
            double[] omega = critics[i];
            double reward = result.rewards()[i];
            double delta = reward - averages[i] + omega[following] - omega[current];
            double qNow = omega[current];
            policy(i, state);
            double baseline = 0;
            int[] counterfactual = jointAction.clone();
            for (int b = 0; b < actions[i]; b++) {
                counterfactual[i] = b;
                baseline += probabilities[b] * omega[state * joint.size() + joint.encode(counterfactual)];
            }
            double advantage = qNow - baseline;
            omega[current] += criticStep * delta; // gradient of omega^T phi(s, a) is the one-hot phi
            for (int b = 0; b < actions[i]; b++) {
                double score = (b == jointAction[i] ? 1 : 0) - probabilities[b];
                actors[i][state * actions[i] + b] += actorStep * advantage * score;
            }
            averages[i] = (1 - criticStep) * averages[i] + criticStep * reward;
        }
        exchange.exchange(critics);
        state = next;
        step++;
    }

    @Override
    public void endEpisode(int episode) {
        pending = null;
    }

    @Override
    public void evaluationMode(boolean on) {
        evaluation = on;
    }

    /** Agent {@code i}'s critic parameters (a copy). */
    public double[] critic(int i) {
        return critics[i].clone();
    }

    /** Agent {@code i}'s probability of action {@code b} at state {@code s}. */
    public double probability(int i, int s, int b) {
        policy(i, s);
        return probabilities[b];
    }

    /** Sets agent {@code i}'s actor parameters, {@code theta_i[s * actions + b]} (tests set them by hand). */
    void setActor(int i, double[] theta) {
        System.arraycopy(theta, 0, actors[i], 0, actors[i].length);
    }

    /** Agent {@code i}'s average-reward estimate {@code mu_i}. */
    public double averageReward(int i) {
        return averages[i];
    }

    @Override
    public Policy policy() {
        return new Policy() {
            @Override
            public double[] jointDistribution(int stage, Observation[] observations) {
                double[] out = new double[joint.size()];
                for (int index = 0; index < out.length; index++) {
                    int[] decoded = joint.decode(index);
                    double p = 1;
                    for (int i = 0; i < agents; i++) {
                        p *= probability(i, observations[0].state(), decoded[i]);
                    }
                    out[index] = p;
                }
                return out;
            }

            @Override
            public double[] marginal(int agent, int stage, Observation[] observations) {
                double[] out = new double[actions[agent]];
                for (int b = 0; b < out.length; b++) {
                    out[b] = probability(agent, observations[0].state(), b);
                }
                return out;
            }
        };
    }
}
