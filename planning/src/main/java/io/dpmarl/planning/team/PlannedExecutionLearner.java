package io.dpmarl.planning.team;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.trajectory.SymbolicTrajectoryMechanism;
import io.dpmarl.mechanisms.trajectory.SymbolicTrajectoryPrivatizer;
import io.dpmarl.planning.dependency.PlannedTeamPolicy;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * The team executing a planned policy with private communication (Chen et al., "Differential Privacy in Cooperative
 * Multiagent Planning", Algorithm 2), as a learner of the run loop: each episode, every agent opens one
 * symbolic-trajectory release stream, broadcasts a private copy of its local state after every transition, and
 * acts by its local policy at the joint state made of its own true state and the others' private states. It never
 * learns (the policy comes from a trusted offline planner) and reads no exact model: the plan carries the public
 * structure it needs.
 *
 * <p>Privacy: per episode and agent, one up-front charge of {@code pure(epsilon)} to {@code user(episode)/agent(i)}
 * covers the whole trajectory: epsilon-word-DP for Hamming-k adjacency (Lemma 1). The initial state is public and
 * not released unless {@code privatizeInitialState}. In evaluation mode the agents share true states (truthful
 * execution) and release nothing.
 */
public final class PlannedExecutionLearner implements Learner {
    private final Supplier<PlannedTeamPolicy> planner;
    private final double epsilon;
    private final int adjacency;
    private final boolean privatizeInitialState;
    private final int horizon;
    private final PrivacyLedger ledger;
    private final NoiseSource noise;
    private final RandomGenerator random;
    private PlannedTeamPolicy plan;
    private SymbolicTrajectoryPrivatizer[] privatizers;
    private ReleaseStream[] streams;
    private int[] reported;
    private boolean evaluation;

    /**
     * Executes the plan {@code planner} makes (once, at the first episode, so that its diagnostics are recorded in
     * the trial) at word-DP level {@code epsilon} with adjacency {@code k}.
     */
    public PlannedExecutionLearner(Supplier<PlannedTeamPolicy> planner, double epsilon, int adjacency,
                                   boolean privatizeInitialState, int horizon, PrivacyLedger ledger,
                                   NoiseSource noise, RandomGenerator random) {
        this.planner = planner;
        this.epsilon = epsilon;
        this.adjacency = adjacency;
        this.privatizeInitialState = privatizeInitialState;
        this.horizon = horizon;
        this.ledger = ledger;
        this.noise = noise;
        this.random = random;
    }

    private PlannedTeamPolicy plan() {
        if (plan == null) {
            plan = planner.get();
            privatizers = new SymbolicTrajectoryPrivatizer[plan.agents()];
            for (int i = 0; i < privatizers.length; i++) {
                privatizers[i] = new SymbolicTrajectoryPrivatizer(new SymbolicTrajectoryMechanism(
                        plan.graphs().get(i), epsilon, adjacency), plan.initialLocals()[i]);
            }
        }
        return plan;
    }

    @Override
    public void beginEpisode(int episode, Observation[] observations) {
        plan();
        int[] truth = plan.decode(observations[0].state());
        streams = new ReleaseStream[plan.agents()];
        reported = plan.initialLocals().clone();
        for (int i = 0; i < streams.length; i++) {
            streams[i] = privatizers[i].openStream(new StreamRequest(ledger, LedgerKey.user(episode).child("agent", i),
                    noise, "planned-execution", OptionalLong.of(horizon + 1L)));
            if (privatizeInitialState) {
                reported[i] = release(i, truth[i]);
            }
        }
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        plan();
        int joint = observations[0].state();
        int[] truth = plan.decode(joint);
        int[] actions = new int[plan.agents()];
        for (int i = 0; i < actions.length; i++) {
            int estimate = joint;
            if (!evaluation) {
                int[] view = reported.clone();
                view[i] = truth[i];
                estimate = plan.encode(view);
            }
            actions[i] = plan.sample(i, estimate, random.nextDouble());
        }
        return actions;
    }

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        if (result.done()) {
            return;
        }
        int[] truth = plan.decode(result.observations()[0].state());
        for (int i = 0; i < truth.length; i++) {
            reported[i] = release(i, truth[i]);
        }
    }

    private int release(int agent, int state) {
        return ((Statistic.Category) streams[agent].release(new Statistic.Category(state,
                plan.localStates()[agent]))).value();
    }

    @Override
    public void endEpisode(int episode) {
        streams = null;
    }

    @Override
    public void evaluationMode(boolean on) {
        evaluation = on;
    }

    @Override
    public Policy policy() {
        return plan();
    }
}
