package io.dpmarl.environments.platoon;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.comm.NetworkedEnvironment;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.validation.Checks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The CAPC (cooperative adaptive platoon control) environment of "Privacy-preserved Fully Decentralized
 * Multi-agent Reinforcement Learning for Networked Social Systems" (Section VI.B, Table I), with the kinematics of
 * the CACC environment of Chu et al. (ICLR 2020): {@code n} vehicles (8 in the paper) follow a virtual leader;
 * agent {@code i} (0-based, front to back) controls vehicle {@code i + 1} by choosing one of four OVM gain pairs
 * {@code (alpha, beta)}: 0 = (0, 0), 1 = (0, 0.5), 2 = (0.5, 0), 3 = (0.5, 0.5), the paper's order.
 *
 * <p>One step of {@code dt = 0.1} s, all vehicles from the time-t values: {@code u = clip(alpha (V(h) - v) +
 * beta (vLead - v), -2.5, 2.5)}, {@code v' = clip(v + u dt, 0, 30)}, realised acceleration {@code (v' - v)/dt},
 * headway by the trapezoidal rule {@code h' = h + dt/2 (vLead + vLead' - v - v')}. Local reward
 * {@code -[(h - 20)^2 + (v - 15)^2 + 0.1 u^2] - 5 max(0, 10 - h)^2}, the last (safety) term in training mode only;
 * when any headway falls below 1 m every agent gets {@code -1000} at that and every later step and the dynamics
 * freeze; a training episode then ends at the next multiple of {@code collisionTruncation} steps, an evaluation
 * episode runs to 600 steps (Chu et al.'s environment cuts both modes alike; see {@link PlatoonEvaluator}).
 * Observation of agent {@code i}: the features {@code ((v - 15)/7.5, (h - 20)/10,
 * u/2.5)} of its vehicle, of the vehicle ahead and of the vehicle behind (zeros where there is none), 9 values.
 * Communication graph: the bidirectional path (vehicle i talks to i-1 and i+1), fixed.
 * Rewards are the agents' private data; the environment itself releases nothing. A vehicle's local reward is a
 * function of its headway, speed and acceleration, which the observations of its neighbours carry (exactly in the
 * kinematic form; in the relative form up to the clipping of the speed gaps), so the privacy of DPC-MARL concerns the
 * critic messages, not this sensing.
 */
public final class PlatoonEnvironment implements Environment, NetworkedEnvironment {
    /** Control interval [s]. */
    public static final double DT = 0.1;
    /** Steps per episode (60 s). */
    public static final int EPISODE_STEPS = 600;
    /** Target headway [m]. */
    public static final double TARGET_HEADWAY = 20.0;
    /** Target speed [m/s]. */
    public static final double TARGET_SPEED = 15.0;
    /** Acceleration bound [m/s^2]. */
    public static final double MAX_ACCELERATION = 2.5;
    /** Collision headway [m]. */
    public static final double COLLISION_HEADWAY = 1.0;
    /** Collision penalty per agent and step. */
    public static final double COLLISION_PENALTY = 1000.0;
    /** Weight of the safety term {@code (2 h_st - h)_+^2}. */
    public static final double SAFETY_WEIGHT = 5.0;
    /** Weight of the squared acceleration. */
    public static final double ACCELERATION_WEIGHT = 0.1;
    /** Features per vehicle in the default ({@link PlatoonObservation#KINEMATIC}) observation. */
    public static final int FEATURES = 3;
    /** Steps over which the slow-down leader decelerates. */
    public static final int SLOW_DOWN_STEPS = 300;
    private static final double[][] GAINS = {{0, 0}, {0, 0.5}, {0.5, 0}, {0.5, 0.5}};

    private final PlatoonScenario scenario;
    private final int vehicles;
    private final boolean training;
    private final int collisionTruncation;
    private final PlatoonObservation observation;
    private final PlatoonStart start;
    private final int featuresPerVehicle;
    private final EnvironmentInfo info;
    private final GraphProcess graphs;
    private final double[] headway;
    private final double[] speed;
    private final double[] acceleration;
    private final double[] nextSpeed;
    private final double[] leaderSpeed = new double[EPISODE_STEPS + 1];
    private int step = -1;
    private boolean collided;

    /**
     * @param scenario            catch-up or slow-down
     * @param vehicles            controlled vehicles (agents), at least 2 (the paper: 8)
     * @param training            true for training episodes (safety term on, collision truncation)
     * @param collisionTruncation after a collision a training episode ends at the next multiple of this, in [1, 600]
     */
    public PlatoonEnvironment(PlatoonScenario scenario, int vehicles, boolean training, int collisionTruncation) {
        this(scenario, vehicles, training, collisionTruncation, PlatoonObservation.KINEMATIC);
    }

    /**
     * @param scenario            catch-up or slow-down
     * @param vehicles            controlled vehicles (agents), at least 2 (the paper: 8)
     * @param training            true for training episodes (safety term on, collision truncation)
     * @param collisionTruncation after a collision a training episode ends at the next multiple of this, in [1, 600]
     * @param observation         the features per vehicle
     */
    public PlatoonEnvironment(PlatoonScenario scenario, int vehicles, boolean training, int collisionTruncation,
                              PlatoonObservation observation) {
        this(scenario, vehicles, training, collisionTruncation, observation, PlatoonStart.PAPER);
    }

    /**
     * @param scenario            catch-up or slow-down
     * @param vehicles            controlled vehicles (agents), at least 2 (the paper: 8)
     * @param training            true for training episodes (safety term, collision truncation)
     * @param collisionTruncation after a collision a training episode ends at the next multiple of this, in [1, 600]
     * @param observation         the features per vehicle
     * @param start               how the initial state is drawn (the paper's text or Chu et al.'s code)
     */
    public PlatoonEnvironment(PlatoonScenario scenario, int vehicles, boolean training, int collisionTruncation,
                              PlatoonObservation observation, PlatoonStart start) {
        this.start = java.util.Objects.requireNonNull(start, "start");
        this.observation = java.util.Objects.requireNonNull(observation, "observation");
        this.featuresPerVehicle = observation.features();
        this.scenario = java.util.Objects.requireNonNull(scenario, "scenario");
        this.vehicles = Checks.atLeast("vehicles", vehicles, 2);
        this.training = training;
        if (collisionTruncation < 1 || collisionTruncation > EPISODE_STEPS) {
            throw new IllegalArgumentException("collision-truncation must be in [1, 600], got " + collisionTruncation);
        }
        this.collisionTruncation = collisionTruncation;
        this.headway = new double[vehicles];
        this.speed = new double[vehicles];
        this.acceleration = new double[vehicles];
        this.nextSpeed = new double[vehicles];
        this.graphs = GraphProcess.fixed(CommunicationGraph.path(vehicles));
        List<Space> observations = new ArrayList<>();
        List<Space.Discrete> actions = new ArrayList<>();
        double[] low = new double[3 * featuresPerVehicle];
        double[] high = new double[3 * featuresPerVehicle];
        Arrays.fill(low, Double.NEGATIVE_INFINITY);
        Arrays.fill(high, Double.POSITIVE_INFINITY);
        for (int agent = 0; agent < vehicles; agent++) {
            observations.add(new Space.Box(low, high));
            actions.add(new Space.Discrete(GAINS.length));
        }
        String name = "capc(scenario=" + scenario.label() + ", vehicles=" + vehicles + ", mode="
                + (training ? "training" : "evaluation")
                + (observation == PlatoonObservation.KINEMATIC ? "" : ", observation=" + observation.label())
                + (start == PlatoonStart.PAPER ? "" : ", start=" + start.label()) + ")";
        this.info = new EnvironmentInfo(name, vehicles, observations, actions, EPISODE_STEPS,
                GameType.finite(GameType.Utility.COOPERATIVE));
    }

    /** The paper's setting: 8 vehicles, truncation at the 60-step rollout. */
    public static PlatoonEnvironment paper(PlatoonScenario scenario, boolean training) {
        return new PlatoonEnvironment(scenario, 8, training, 60);
    }

    @Override
    public EnvironmentInfo info() {
        return info;
    }

    /** The scenario. */
    public PlatoonScenario scenario() {
        return scenario;
    }

    /** The features per vehicle of the observations. */
    public PlatoonObservation observation() {
        return observation;
    }

    /** How the initial state is drawn. */
    public PlatoonStart start() {
        return start;
    }

    /** True in training mode (safety term, collision truncation). */
    public boolean training() {
        return training;
    }

    @Override
    public GraphProcess communicationGraphs() {
        return graphs;
    }

    @Override
    public Observation[] reset(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] headways = new double[vehicles];
        double[] speeds = new double[vehicles];
        double[] leader = new double[EPISODE_STEPS + 1];
        Arrays.fill(headways, TARGET_HEADWAY);
        if (scenario == PlatoonScenario.CATCH_UP && start == PlatoonStart.REFERENCE_CODE) {
            Arrays.fill(speeds, TARGET_SPEED);
            headways[0] = (1.5 + random.nextDouble()) * TARGET_HEADWAY;
            Arrays.fill(leader, TARGET_SPEED);
        } else if (scenario == PlatoonScenario.CATCH_UP) {
            Arrays.fill(speeds, TARGET_SPEED);
            headways[1] = (3 + random.nextDouble()) * TARGET_HEADWAY;
            speeds[1] = 10.0;
            Arrays.fill(leader, TARGET_SPEED);
        } else {
            Arrays.fill(speeds, (1.5 + random.nextDouble()) * TARGET_SPEED);
            for (int t = 0; t <= EPISODE_STEPS; t++) {
                leader[t] = t < SLOW_DOWN_STEPS
                        ? speeds[0] + (TARGET_SPEED - speeds[0]) * t / (SLOW_DOWN_STEPS - 1) : TARGET_SPEED;
            }
        }
        return resetTo(headways, speeds, leader);
    }

    /**
     * Starts an episode from an exact state (for tests and what-if evaluation): headways and speeds per vehicle,
     * accelerations 0, and the leader's speed at steps {@code 0..600}.
     */
    public Observation[] resetTo(double[] headways, double[] speeds, double[] leaderSpeeds) {
        if (headways.length != vehicles || speeds.length != vehicles || leaderSpeeds.length != EPISODE_STEPS + 1) {
            throw new IllegalArgumentException("resetTo needs " + vehicles + " headways and speeds and "
                    + (EPISODE_STEPS + 1) + " leader speeds");
        }
        System.arraycopy(headways, 0, headway, 0, vehicles);
        System.arraycopy(speeds, 0, speed, 0, vehicles);
        System.arraycopy(leaderSpeeds, 0, leaderSpeed, 0, leaderSpeeds.length);
        Arrays.fill(acceleration, 0.0);
        step = 0;
        collided = false;
        return observations();
    }

    @Override
    public StepResult step(int[] jointAction) {
        if (step < 0) {
            throw new IllegalStateException("step called before reset or after the episode ended");
        }
        if (jointAction.length != vehicles) {
            throw new IllegalArgumentException("joint action must have " + vehicles + " entries, got "
                    + jointAction.length);
        }
        for (int action : jointAction) {
            if (action < 0 || action >= GAINS.length) {
                throw new IllegalArgumentException("action must be in [0, 3], got " + action);
            }
        }
        if (!collided) {
            move(jointAction);
        }
        double[] rewards = new double[vehicles];
        if (collided) {
            Arrays.fill(rewards, -COLLISION_PENALTY);
        } else {
            for (int i = 0; i < vehicles; i++) {
                rewards[i] = reward(i);
            }
        }
        step++;
        boolean truncated = step == EPISODE_STEPS || (collided && training && step % collisionTruncation == 0);
        Observation[] observations = observations();
        if (truncated) {
            step = -1;
        }
        return new StepResult(observations, rewards, false, truncated, Map.of("collided", collided));
    }

    private void move(int[] jointAction) {
        for (int i = 0; i < vehicles; i++) {
            double lead = i == 0 ? leaderSpeed[step] : speed[i - 1];
            double command = GAINS[jointAction[i]][0] * (OptimalVelocity.of(headway[i]) - speed[i])
                    + GAINS[jointAction[i]][1] * (lead - speed[i]);
            command = Math.max(-MAX_ACCELERATION, Math.min(MAX_ACCELERATION, command));
            nextSpeed[i] = Math.max(0, Math.min(OptimalVelocity.MAX_SPEED, speed[i] + command * DT));
            acceleration[i] = (nextSpeed[i] - speed[i]) / DT;
        }
        double minimum = Double.POSITIVE_INFINITY;
        for (int i = 0; i < vehicles; i++) {
            double lead = i == 0 ? leaderSpeed[step] : speed[i - 1];
            double leadNext = i == 0 ? leaderSpeed[step + 1] : nextSpeed[i - 1];
            headway[i] += 0.5 * DT * (lead + leadNext - speed[i] - nextSpeed[i]);
            minimum = Math.min(minimum, headway[i]);
        }
        System.arraycopy(nextSpeed, 0, speed, 0, vehicles);
        collided = minimum < COLLISION_HEADWAY;
    }

    private double reward(int i) {
        double h = headway[i] - TARGET_HEADWAY;
        double v = speed[i] - TARGET_SPEED;
        double cost = h * h + v * v + ACCELERATION_WEIGHT * acceleration[i] * acceleration[i];
        if (training) {
            double gap = Math.max(0, 2 * OptimalVelocity.STOP_HEADWAY - headway[i]);
            cost += SAFETY_WEIGHT * gap * gap;
        }
        return -cost;
    }

    private Observation[] observations() {
        Observation[] observations = new Observation[vehicles];
        for (int i = 0; i < vehicles; i++) {
            double[] values = new double[3 * featuresPerVehicle];
            features(i, values, 0);
            if (i > 0) {
                features(i - 1, values, featuresPerVehicle);
            }
            if (i + 1 < vehicles) {
                features(i + 1, values, 2 * featuresPerVehicle);
            }
            observations[i] = Observation.vector(values);
        }
        return observations;
    }

    private void features(int vehicle, double[] out, int offset) {
        if (observation == PlatoonObservation.KINEMATIC) {
            out[offset] = (speed[vehicle] - TARGET_SPEED) / 7.5;
            out[offset + 1] = (headway[vehicle] - TARGET_HEADWAY) / 10;
            out[offset + 2] = acceleration[vehicle] / MAX_ACCELERATION;
            return;
        }
        double v = speed[vehicle];
        double lead = vehicle == 0 ? leaderSpeed[step] : speed[vehicle - 1];
        out[offset] = (v - TARGET_SPEED) / TARGET_SPEED;
        out[offset + 1] = clip((lead - v) / PlatoonObservation.SPEED_GAP_SCALE);
        out[offset + 2] = clip((OptimalVelocity.of(headway[vehicle]) - v) / PlatoonObservation.SPEED_GAP_SCALE);
        out[offset + 3] = (headway[vehicle] + (lead - v) * DT - TARGET_HEADWAY) / TARGET_HEADWAY;
        out[offset + 4] = acceleration[vehicle] / MAX_ACCELERATION;
    }

    private static double clip(double value) {
        return Math.max(-PlatoonObservation.SPEED_GAP_CLIP, Math.min(PlatoonObservation.SPEED_GAP_CLIP, value));
    }

    /** Headway of vehicle {@code i} (0-based agent index) [m]. */
    public double headway(int i) {
        return headway[i];
    }

    /** Speed of vehicle {@code i} [m/s]. */
    public double speed(int i) {
        return speed[i];
    }

    /** Realised acceleration of vehicle {@code i} at the last step [m/s^2]. */
    public double acceleration(int i) {
        return acceleration[i];
    }

    /** The leader's speed at step {@code t} of the current episode. */
    public double leaderSpeed(int t) {
        return leaderSpeed[t];
    }

    /** True once a headway has fallen below 1 m in this episode. */
    public boolean collided() {
        return collided;
    }
}
