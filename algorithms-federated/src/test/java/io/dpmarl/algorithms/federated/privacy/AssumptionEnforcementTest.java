package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.FederatedTdMaster;
import io.dpmarl.algorithms.federated.td.FederatedTdWorker;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.algorithms.federated.td.TestDownlinks;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.FederatedFeatures;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import io.dpmarl.environments.fedtd.FeatureScaling;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Each assumption of {@link WholeRunSensitivity} (feature rows of norm at most 1, every cost in [-R, R], R at least
 * the environment's declared bound) is fed an input that violates it. With the enforcement bypassed (raw features
 * handed to bare workers; a worker that trusts an understated R) the measured whole-run sensitivity exceeds the
 * declared one; through the real path the run is refused or the bound holds. The measurement is the derivation's
 * coupling: two copies of one worker fed the same broadcasts, one cost of round 0 changed, the l2 norm over
 * rounds of their parameter difference (the change of the releases, c^i &lt;= 1); it is deterministic.
 */
class AssumptionEnforcementTest {
    private static final int ROUNDS = 100;
    private static final TdParameters PARAMETERS = TdParameters.of(0.9, 0.5, StepSizes.constant(0.02));

    /** sqrt(sum_s ||theta_s - theta'_s||^2) of two workers whose round-0 costs are {@code cost} and {@code -cost}. */
    private static double measuredSensitivity(FederatedFeatures features, double workerBound, double cost) {
        int k = features.numFeatures();
        FederatedTdWorker original = new FederatedTdWorker(0, features, PARAMETERS, new double[k], workerBound);
        FederatedTdWorker changed = new FederatedTdWorker(0, features, PARAMETERS, new double[k], workerBound);
        SplittableRandom random = new SplittableRandom(9);
        int state = random.nextInt(features.numStates());
        original.begin(state);
        changed.begin(state);
        double squares = 0;
        for (int t = 0; t < ROUNDS - 1; t++) {
            double[] broadcast = new double[k];
            for (int f = 0; f < k; f++) {
                broadcast[f] = random.nextGaussian();
            }
            Message message = new Message(Message.SERVER, FederatedTdMaster.BROADCAST, t,
                    new Statistic.Vector(broadcast));
            int next = random.nextInt(features.numStates());
            double other = 0.5 * random.nextDouble();
            original.receive(message, next, t == 0 ? cost : other);
            changed.receive(message, next, t == 0 ? -cost : other);
            double[] a = original.theta();
            double[] b = changed.theta();
            for (int f = 0; f < k; f++) {
                squares += (a[f] - b[f]) * (a[f] - b[f]);
            }
        }
        return Math.sqrt(squares);
    }

    private static FeatureMatrix rawFeatures() {
        // the reviewed case: 50 states, 40 raw U[0, 1] features (max row norm about 4.2)
        return FeatureMatrix.random(50, 40, FeatureScaling.NONE, 0.9, 0.5, new SplittableRandom(3));
    }

    @Test
    void rawFeaturesBreakTheBoundAndTheRealPathRefusesThem() {
        FeatureMatrix raw = rawFeatures();
        assertTrue(raw.maxRowNorm() > 3, "raw features of dimension 40 have row norms near 4, got "
                + raw.maxRowNorm());
        WholeRunSensitivity declared = WholeRunSensitivity.of(0.5, PARAMETERS, ROUNDS);
        // bypass: bare workers on the raw features, costs within R
        double measured = measuredSensitivity(raw, 0.5, 0.5);
        System.out.println("raw features: measured whole-run sensitivity " + measured + " = "
                + measured / declared.l2() + " x the declared " + declared.l2());
        assertTrue(measured > declared.l2(), "measured " + measured + " must exceed the declared " + declared.l2()
                + " when the feature assumption is violated");
        // control: the same measurement on unit-norm features stays within the bound
        FeatureMatrix unit = FeatureMatrix.random(50, 40, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5,
                new SplittableRandom(3));
        assertTrue(measuredSensitivity(unit, 0.5, 0.5) <= declared.l2());
        // the real path: a private team refuses the features
        IllegalArgumentException team = assertThrows(IllegalArgumentException.class, () -> new FederatedTdLambda(
                raw, AggregationWeights.uniform(1), PARAMETERS, 0.5, new double[1][40],
                TestDownlinks.noisy(NoiseMechanism.GAUSSIAN, 1, 40, 1)));
        assertTrue(team.getMessage().contains("max_s ||phi(s)||_2 in [0, 1]"), team.getMessage());
        // and so does the plugin, before anything is charged
        Registry registry = Registry.discover();
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(1), ledger,
                Optional.empty(), registry).withSchedule(Schedule.steps(ROUNDS).withStepLimit(ROUNDS));
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=1, states=50, features=40, scaling=none)", context);
        IllegalArgumentException plugin = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.LEARNER, Learner.class, "federated-td(alpha=0.02)", context.withEnvironment(environment)));
        assertTrue(plugin.getMessage().contains("max_s ||phi(s)||_2 in [0, 1]"), plugin.getMessage());
        assertEquals(0, ledger.charges());
    }

    @Test
    void costsAboveTheBoundBreakItUnlessClipped() {
        FeatureMatrix unit = FeatureMatrix.random(20, 10, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5,
                new SplittableRandom(4));
        WholeRunSensitivity declared = WholeRunSensitivity.of(0.5, PARAMETERS, ROUNDS);
        // a cost of 5 against a declared R = 0.5
        double trusted = measuredSensitivity(unit, Double.POSITIVE_INFINITY, 5.0);
        assertTrue(trusted > declared.l2(), "an unclipped cost of 10 R must break the bound: " + trusted + " vs "
                + declared.l2());
        double clipped = measuredSensitivity(unit, 0.5, 5.0);
        assertTrue(clipped <= declared.l2(), "clipped to R the bound holds: " + clipped + " vs " + declared.l2());
        // the clips are counted
        FederatedTdLambda team = FederatedTdLambda.nonPrivate(unit, AggregationWeights.uniform(2), PARAMETERS, 0.5);
        team.begin(0);
        team.round(1, new double[] {5.0, 0.2});
        team.round(2, new double[] {-0.7, 0.5});
        assertEquals(2, team.clippedCosts());
        assertEquals(2, team.workers().get(0).clippedCosts());
        assertEquals(0, team.workers().get(1).clippedCosts());
    }

    @Test
    void aCostBoundBelowTheEnvironmentsDeclaredBoundIsRefused() {
        Registry registry = Registry.discover();
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(1), ledger,
                Optional.empty(), registry).withSchedule(Schedule.steps(10).withStepLimit(10));
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=2, states=5, features=2)", context);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.LEARNER, Learner.class, "federated-td(cost-bound=0.1)",
                context.withEnvironment(environment)));
        assertTrue(error.getMessage().startsWith("cost-bound must be in [0.5, inf)"), error.getMessage());
        assertEquals(0, ledger.charges());
        registry.create(PluginKind.LEARNER, Learner.class, "federated-td(cost-bound=0.5)",
                context.withEnvironment(environment));
        assertEquals(1, ledger.charges());
    }
}
