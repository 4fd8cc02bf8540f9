package io.dpmarl.planning.dependency;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.planning.execution.LocalPolicies;
import io.dpmarl.planning.execution.PrivateExecution;
import io.dpmarl.planning.occupancy.TransientModel;
import io.dpmarl.planning.synthesis.CcpIterate;
import io.dpmarl.planning.synthesis.MinimumDependencySynthesis;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * The PLANNER {@code min-dependency}: minimum-total-correlation policy synthesis of Chen et al., "Differential Privacy
 * in Cooperative Multiagent Planning" (eq. 3 by the concave-convex procedure, {@link MinimumDependencySynthesis}),
 * returning the marginalised local policies ({@link PlannedTeamPolicy}). Per iteration k it records, at step k + 1:
 * {@code planner_success} (v of the joint iterate), {@code planner_length}, {@code total_correlation} (C_hat, nats),
 * {@code planner_objective} (J) and {@code planner_multiplier}; with diagnostic rollouts, also
 * {@code planner_private_success}, the Monte Carlo success of the iterate's local policies under private
 * communication (Algorithm 2). Those rollouts release symbolic trajectories: each charges {@code pure(epsilon)} per
 * agent to {@code user(10^9 + k n + r)/agent(i)}, principals apart from the executing learner's episodes.
 */
public final class MinimumDependencyPlanner implements LocalPolicyPlanner {
    /**
     * Settings of the synthesis and of its diagnostics; {@code initialLengthCap} caps the expected length of the
     * initial guess ({@link MinimumDependencySynthesis#INITIAL_LENGTH_CAP} in the authors' code).
     */
    public record Settings(MinimumDependencySynthesis.Coefficients coefficients, int iterations, double lengthCap,
                           double initialLengthCap, double floor, int diagnosticRollouts, double epsilon, int adjacency,
                           boolean privatizeInitialState, int maxSteps) {
    }

    /** The first principal id of diagnostic rollouts. */
    public static final long ROLLOUT_PRINCIPALS = 1_000_000_000L;
    private final Settings settings;
    private final TrialMetrics metrics;
    private final PrivacyLedger ledger;
    private final NoiseSource noise;
    private final Supplier<SplittableRandom> random;

    /** A planner recording to {@code metrics}; diagnostics charge {@code ledger} and draw from {@code noise}. */
    public MinimumDependencyPlanner(Settings settings, TrialMetrics metrics, PrivacyLedger ledger, NoiseSource noise,
                                    Supplier<SplittableRandom> random) {
        this.settings = settings;
        this.metrics = metrics;
        this.ledger = ledger;
        this.noise = noise;
        this.random = random;
    }

    @Override
    public PlannedTeamPolicy plan(Environment environment) {
        FactoredModel game = TeamPlans.model(environment, "min-dependency");
        TransientModel model = new TransientModel(game);
        MinimumDependencySynthesis synthesis = new MinimumDependencySynthesis(model, settings.coefficients(),
                settings.lengthCap(), settings.initialLengthCap(), settings.floor());
        SplittableRandom rollouts = random.get();
        List<CcpIterate> iterates = synthesis.run(settings.iterations(), iterate -> {
            long step = iterate.iteration() + 1L;
            metrics.record("planner_success", step, iterate.success());
            metrics.record("planner_length", step, iterate.length());
            metrics.record("total_correlation", step, iterate.totalCorrelation());
            metrics.record("planner_objective", step, iterate.objective());
            metrics.record("planner_multiplier", step, iterate.multiplier());
            if (settings.diagnosticRollouts() > 0) {
                LocalPolicies policies = new LocalPolicies(model, iterate.occupancy().policy());
                PrivateExecution execution = new PrivateExecution(game, policies, settings.epsilon(),
                        settings.adjacency(), settings.maxSteps(), settings.privatizeInitialState());
                long first = ROLLOUT_PRINCIPALS + (long) iterate.iteration() * settings.diagnosticRollouts();
                metrics.record("planner_private_success", step, execution.estimate(first,
                        settings.diagnosticRollouts(), 0.05, ledger, noise, rollouts).mean());
            }
        });
        return TeamPlans.of(model, iterates.get(iterates.size() - 1).occupancy(), settings.floor());
    }
}
