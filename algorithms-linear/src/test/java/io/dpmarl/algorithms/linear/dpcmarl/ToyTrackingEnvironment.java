package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Test fixture: {@code n} agents each hold a position {@code x_i} in [-1, 1] drawn at reset; action {@code a} in
 * {0..3} moves it by {@code 0.1 (a - 1.5)}; local reward {@code -x_i^2}. Observation {@code (x_i, x_{i-1}, x_{i+1})}
 * (zero where absent). Episodes of {@code horizon} steps. Learning shows as a rising return.
 */
final class ToyTrackingEnvironment implements Environment {
    private final int agents;
    private final int horizon;
    private final EnvironmentInfo info;
    private final double[] position;
    private int step = -1;

    ToyTrackingEnvironment(int agents, int horizon) {
        this.agents = agents;
        this.horizon = horizon;
        this.position = new double[agents];
        List<Space> observations = new ArrayList<>();
        List<Space.Discrete> actions = new ArrayList<>();
        for (int i = 0; i < agents; i++) {
            observations.add(new Space.Box(new double[] {-9, -9, -9}, new double[] {9, 9, 9}));
            actions.add(new Space.Discrete(4));
        }
        info = new EnvironmentInfo("toy-tracking", agents, observations, actions, horizon,
                GameType.finite(GameType.Utility.COOPERATIVE));
    }

    @Override
    public EnvironmentInfo info() {
        return info;
    }

    @Override
    public Observation[] reset(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < agents; i++) {
            position[i] = 2 * random.nextDouble() - 1;
        }
        step = 0;
        return observations();
    }

    @Override
    public StepResult step(int[] jointAction) {
        double[] rewards = new double[agents];
        for (int i = 0; i < agents; i++) {
            position[i] = Math.max(-3, Math.min(3, position[i] + 0.1 * (jointAction[i] - 1.5)));
            rewards[i] = -position[i] * position[i];
        }
        step++;
        boolean done = step == horizon;
        Observation[] observations = observations();
        if (done) {
            step = -1;
        }
        return new StepResult(observations, rewards, false, done, Map.of());
    }

    private Observation[] observations() {
        Observation[] out = new Observation[agents];
        for (int i = 0; i < agents; i++) {
            out[i] = Observation.vector(position[i], i > 0 ? position[i - 1] : 0, i + 1 < agents ? position[i + 1] : 0);
        }
        return out;
    }

    /** Runs {@code episodes} training episodes of {@code learner}; returns the mean team return of the last 20%. */
    static double train(Environment environment, io.dpmarl.core.learn.Learner learner, int episodes, long seed) {
        SplittableRandom resets = new SplittableRandom(seed);
        double tail = 0;
        int counted = 0;
        for (int episode = 0; episode < episodes; episode++) {
            Observation[] observations = environment.reset(resets.nextLong());
            learner.beginEpisode(episode, observations);
            double total = 0;
            boolean done = false;
            for (int stage = 0; !done; stage++) {
                int[] joint = learner.act(stage, observations);
                StepResult result = environment.step(joint);
                learner.observe(stage, joint, result);
                for (double reward : result.rewards()) {
                    total += reward;
                }
                observations = result.observations();
                done = result.done();
            }
            learner.endEpisode(episode);
            if (episode >= episodes * 4 / 5) {
                tail += total;
                counted++;
            }
        }
        return tail / counted;
    }

    /**
     * ConsensusMARL (clear critic channel, self-plus-neighbours consensus on the path) for 3 agents of this fixture,
     * with initial weights and action streams from the fixed seed 7.
     */
    static DpcMarlA2c consensusLearner(A2cSettings settings) {
        ToyTrackingEnvironment environment = new ToyTrackingEnvironment(3, 30);
        io.dpmarl.core.rng.RandomStreams streams = io.dpmarl.core.rng.RandomStreams.of(7);
        java.util.random.RandomGenerator[] initialise = new java.util.random.RandomGenerator[3];
        java.util.random.RandomGenerator[] policy = new java.util.random.RandomGenerator[3];
        for (int i = 0; i < 3; i++) {
            initialise[i] = streams.stream("initialisation/agent/" + i);
            policy[i] = streams.stream("policy/agent/" + i);
        }
        return new DpcMarlA2c(environment.info(), io.dpmarl.core.comm.CommunicationGraph.path(3), settings,
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, io.dpmarl.core.comm.Channel.clear("critic"), initialise,
                policy, io.dpmarl.core.experiment.TrialMetrics.discarding());
    }
}
