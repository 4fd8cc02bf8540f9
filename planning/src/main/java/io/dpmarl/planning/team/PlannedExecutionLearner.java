package io.dpmarl.planning.team;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.trajectory.SymbolicTrajectoryMechanism;
import io.dpmarl.mechanisms.trajectory.SymbolicTrajectoryPrivatizer;
import io.dpmarl.planning.dependency.PlannedTeamPolicy;
import java.util.OptionalLong;
import java.util.function.BiFunction;
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
 * execution, for the experimenter's {@code evaluation_return} only) and release nothing. Each stream is opened with
 * its declared release shape, a {@code Category} over the agent's local states, so a privatizer that cannot release
 * it refuses when the episode's streams open, before anything is charged or drawn, not at a later release.
 *
 * <p>Adaptivity. Lemma 1 is for a fixed word, while here agent i's path reacts to its teammates' releases, which
 * react to its own. The charge stays sound by the chain rule over steps: with agent i's own randomness fixed its path
 * is a function W of the teammates' earlier releases, and {@code P(V | W) = prod_t mu(o^i_t | W_t, o^i_(t-1)) Q(V)}
 * for every view V of all releases. Q (the teammates' kernels, policies and releases) does not involve W, because
 * the kernel is a product of local kernels ({@code FactoredModel}) and every agent acts only on its own true state
 * and the others' releases ({@link #act}). Paths that differ in at most k positions along every history therefore
 * give a ratio of at most {@code e^epsilon}. The end of the episode is not covered: the environment ends it when the
 * true joint state is absorbing and tells every agent (and {@code episode_return} records success), outside any
 * privatizer. So the guarantee holds for neighbouring paths that leave the end unchanged whatever the teammates' paths
 * are; the end itself is public. The planning README gives the argument, and {@code AdaptiveWordPrivacyTest} checks
 * it exactly.
 */
public final class PlannedExecutionLearner implements Learner {
    private final Supplier<PlannedTeamPolicy> planner;
    private final boolean privatizeInitialState;
    private final int horizon;
    private final PrivacyLedger ledger;
    private final NoiseSource noise;
    private final RandomGenerator random;
    private final BiFunction<PlannedTeamPolicy, Integer, Privatizer> privatizerOf;
    private PlannedTeamPolicy plan;
    private Privatizer[] privatizers;
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
        this(planner, privatizeInitialState, horizon, ledger, noise, random,
                (plan, agent) -> new SymbolicTrajectoryPrivatizer(new SymbolicTrajectoryMechanism(
                        plan.graphs().get(agent), epsilon, adjacency), plan.initialLocals()[agent]));
    }

    /** As the public constructor, with agent i's privatizer made by {@code privatizerOf(plan, i)} (for tests). */
    PlannedExecutionLearner(Supplier<PlannedTeamPolicy> planner, boolean privatizeInitialState, int horizon,
                            PrivacyLedger ledger, NoiseSource noise, RandomGenerator random,
                            BiFunction<PlannedTeamPolicy, Integer, Privatizer> privatizerOf) {
        this.privatizerOf = privatizerOf;
        this.planner = planner;
        this.privatizeInitialState = privatizeInitialState;
        this.horizon = horizon;
        this.ledger = ledger;
        this.noise = noise;
        this.random = random;
    }

    private PlannedTeamPolicy plan() {
        if (plan == null) {
            plan = planner.get();
            privatizers = new Privatizer[plan.agents()];
            for (int i = 0; i < privatizers.length; i++) {
                privatizers[i] = privatizerOf.apply(plan, i);
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
                    noise, "planned-execution", OptionalLong.of(horizon + 1L))
                    .withShape(StreamRequest.Shape.category(plan.localStates()[i])));
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
