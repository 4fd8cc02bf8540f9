package io.dpmarl.algorithms.federated.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.audit.CoupledFederatedTd.Dataset;
import io.dpmarl.algorithms.federated.audit.CoupledFederatedTd.Setting;
import io.dpmarl.algorithms.federated.privacy.FederatedTdSensitivity;
import io.dpmarl.algorithms.federated.privacy.WholeRunSensitivity;
import io.dpmarl.algorithms.federated.td.StepSizeSchedule;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import io.dpmarl.environments.fedtd.FeatureScaling;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.environments.fedtd.RandomFederatedCostChain;
import io.dpmarl.mechanisms.audit.SensitivityAudit;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Norm;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Pair;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Report;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Empirical audit of the declared sensitivities of DP federated TD(lambda) (paper 003 Lemma 7 and the whole-run
 * bound {@link WholeRunSensitivity}) on coupled neighbouring data: one agent's cost at one round replaced.
 *
 * <p>Both bounds assume ||phi(s)|| &lt;= 1 for every state and |r| &lt;= R for every cost. Inside those
 * assumptions the audit must not refute them; outside (raw U[0,1] features, costs beyond R) the low-level TD
 * recursion is shown to exceed them, which is why the release has to enforce the assumptions.
 */
class FederatedTdSensitivityAuditTest {
    private static final double R = RandomFederatedCostChain.COST_BOUND;
    private static final double GAMMA = 0.9;
    private static final double LAMBDA = 0.5;

    // ---------------------------------------------------------------- settings

    private static FederatedCostModel withFeatures(FederatedCostModel model, FeatureMatrix features) {
        int n = model.numAgents();
        int s = model.numStates();
        double[][][] means = new double[n][s][s];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < s; a++) {
                for (int b = 0; b < s; b++) {
                    means[i][a][b] = model.meanCost(i, a, b);
                }
            }
        }
        return new FederatedCostModel(model.transitionMatrix(), means, model.costHalfWidth(), features, R);
    }

    /** A two-state chain that alternates deterministically, with the given model's costs. */
    private static FederatedCostModel alternating(int agents, FeatureMatrix features, long seed) {
        FederatedCostModel random = RandomFederatedCostChain.generate(agents, 2, 1, FeatureScaling.UNIT_MAX_ROW_NORM,
                GAMMA, LAMBDA, new SplittableRandom(seed));
        double[][][] means = new double[agents][2][2];
        for (int i = 0; i < agents; i++) {
            for (int a = 0; a < 2; a++) {
                for (int b = 0; b < 2; b++) {
                    means[i][a][b] = random.meanCost(i, a, b);
                }
            }
        }
        return new FederatedCostModel(new double[][] {{0, 1}, {1, 0}}, means, random.costHalfWidth(), features, R);
    }

    private static TdParameters parameters(StepSizeSchedule schedule) {
        return TdParameters.of(GAMMA, LAMBDA, schedule);
    }

    private static final StepSizeSchedule[] SCHEDULES = {
        StepSizes.constant(0.1), StepSizes.constant(0.5), StepSizes.constant(1.0), StepSizes.power(0.65)};

    /** Random small chains whose features satisfy ||phi|| &lt;= 1 (unit and strict scaling). */
    private static List<Setting> randomAssumptionSettings() {
        SplittableRandom random = new SplittableRandom(2026);
        List<Setting> out = new ArrayList<>();
        for (int k = 0; k < 12; k++) {
            int agents = 1 + random.nextInt(3);
            int features = 1 + random.nextInt(3);
            int states = features + random.nextInt(5);
            FeatureScaling scaling = random.nextBoolean() ? FeatureScaling.UNIT_MAX_ROW_NORM
                    : FeatureScaling.ASSUMPTION2_STRICT;
            FederatedCostModel model = RandomFederatedCostChain.generate(agents, states, features, scaling, GAMMA,
                    LAMBDA, new SplittableRandom(random.nextLong()));
            AggregationWeights weights = random.nextBoolean() ? AggregationWeights.uniform(agents)
                    : AggregationWeights.random(agents, new SplittableRandom(random.nextLong()));
            out.add(new Setting("random " + k + " " + scaling, model, weights,
                    parameters(SCHEDULES[random.nextInt(SCHEDULES.length)]), 25, random.nextLong()));
        }
        return out;
    }

    /** Hand-made extreme settings with ||phi|| = 1 exactly: constant, alternating-sign and unit-vector features. */
    private static List<Setting> adversarialAssumptionSettings() {
        List<Setting> out = new ArrayList<>();
        for (StepSizeSchedule schedule : SCHEDULES) {
            out.add(constantFeatures(schedule, 30));
            out.add(new Setting("alternating phi = +-1", alternating(1, new FeatureMatrix(new double[][] {{1}, {-1}}),
                    5), AggregationWeights.uniform(1), parameters(schedule), 30, 2));
            FederatedCostModel square = RandomFederatedCostChain.generate(2, 4, 2, FeatureScaling.UNIT_MAX_ROW_NORM,
                    GAMMA, LAMBDA, new SplittableRandom(6));
            out.add(new Setting("unit vectors +-e_k", withFeatures(square,
                    new FeatureMatrix(new double[][] {{1, 0}, {0, 1}, {-1, 0}, {0, -1}})),
                    new AggregationWeights(new double[] {0.999, 0.001}), parameters(schedule), 30, 3));
        }
        return out;
    }

    /**
     * Pairs inside the assumptions: the largest cost change 2R at rounds 0, 1 and T - 2 (the trace is largest late
     * in the run), and a random change in [-R, R] at a random round.
     */
    private static List<Pair<Dataset>> assumptionPairs(Setting setting) {
        SplittableRandom random = new SplittableRandom(setting.seed() ^ 0x5eed);
        List<Pair<Dataset>> out = new ArrayList<>();
        for (int agent = 0; agent < setting.model().numAgents(); agent++) {
            out.add(CoupledFederatedTd.pair(setting, agent, 0, R, -R));
            out.add(CoupledFederatedTd.pair(setting, agent, 1, -R, R));
            out.add(CoupledFederatedTd.pair(setting, agent, setting.rounds() - 2, R, -R));
            int round = random.nextInt(setting.rounds() - 1);
            out.add(CoupledFederatedTd.pair(setting, agent, round, random.nextDouble(-R, R), random.nextDouble(-R, R)));
        }
        return out;
    }

    private static List<Setting> assumptionSettings() {
        List<Setting> all = new ArrayList<>(randomAssumptionSettings());
        all.addAll(adversarialAssumptionSettings());
        return all;
    }

    // ---------------------------------------------------------------- audits inside the assumptions

    @Test
    void wholeRunBoundHoldsForEveryInstanceInsideTheAssumptions() {
        double largest = 0;
        for (Setting setting : assumptionSettings()) {
            Report<Dataset> report = wholeRunAudit(setting).check(assumptionPairs(setting),
                    CoupledFederatedTd::wholeRun);
            report.assertHolds();
            largest = Math.max(largest, report.ratio());
        }
        // The audit is informative: some instance comes within a factor 2 of the bound (recorded: 0.75).
        assertTrue(largest > 0.5, "largest whole-run ratio " + largest);
    }

    @Test
    void perReleaseBoundOfLemma7HoldsAndConstantFeaturesAttainItsDerivedValue() {
        for (Setting setting : assumptionSettings()) {
            if (!isConstant(setting.parameters().stepSizes())) {
                continue;
            }
            perReleaseAudit(setting, 1.0).check(assumptionPairs(setting), CoupledFederatedTd::firstAffectedRelease)
                    .assertHolds();
        }
        // phi = 1 in every state, N = 1: z_t = sum_{k <= t} (gamma lambda)^k, so the change of release t + 1 is
        // alpha 2R (1 - (gamma lambda)^{t+1}) / (1 - gamma lambda): the ratio to Lemma 7 is 1 - (gamma lambda)^{t+1}.
        Setting constant = constantFeatures(StepSizes.constant(0.1), 30);
        int late = 28;
        Report<Dataset> report = perReleaseAudit(constant, 1.0).check(
                List.of(CoupledFederatedTd.pair(constant, 0, late, R, -R)), CoupledFederatedTd::firstAffectedRelease);
        assertEquals(1 - Math.pow(GAMMA * LAMBDA, late + 1), report.ratio(), 1e-12);
    }

    @Test
    void perReleaseMutantWithoutTheTraceFactorIsRefuted() {
        // Mutant: Lemma 7 with ||z|| <= 1 instead of 1/(1 - gamma lambda), i.e. declared c alpha 2R.
        Setting constant = constantFeatures(StepSizes.constant(0.1), 30);
        Report<Dataset> report = perReleaseAudit(constant, 1 - GAMMA * LAMBDA).check(assumptionPairs(constant),
                CoupledFederatedTd::firstAffectedRelease);
        report.assertRefuted();
        assertTrue(report.ratio() > 1.5, report.toString());
    }

    @Test
    void wholeRunMutantThatChargesOnlyTheFirstAffectedReleaseIsRefuted() {
        // Mutant: the paper's per-round argument applied to the run, declared alpha_0 Delta_M for the whole sequence
        // (the change of later releases ignored). With alternating-sign features z_t d_t^T = -(1 + gamma)/(1 + gamma
        // lambda) = -1.31 in steady state, so at alpha = 1 the change grows from round to round (within the
        // assumptions, and within the whole-run bound, whose growth factor kappa = 3.45 covers it).
        for (Setting setting : adversarialAssumptionSettings()) {
            if (!setting.label().startsWith("alternating") || !setting.parameters().stepSizes().label()
                    .equals("alpha=1.0")) {
                continue;
            }
            double firstOnly = FederatedTdSensitivity.tight(R, GAMMA, LAMBDA, 1.0, setting.parameters().alpha(0));
            Report<Dataset> report = SensitivityAudit.of("whole run, first release only (mutant)", firstOnly, Norm.L2)
                    .check(assumptionPairs(setting), CoupledFederatedTd::wholeRun);
            report.assertRefuted();
            wholeRunAudit(setting).check(assumptionPairs(setting), CoupledFederatedTd::wholeRun).assertHolds();
            return;
        }
        throw new AssertionError("no alternating setting with alpha = 1");
    }

    // ---------------------------------------------------------------- outside the assumptions

    @Test
    void unscaledFeaturesBreakBothBoundsOfTheUnguardedRecursionAndThePrivatePathRefusesThem() {
        // Raw U[0, 1] features (scaling=none): max row norm about 4 > 1. The low-level TD recursion does not check
        // the features, so the realised sensitivity exceeds the declared one.
        for (int agents : new int[] {1, 2}) {
            FederatedCostModel model = RandomFederatedCostChain.generate(agents, 50, 40, FeatureScaling.NONE, GAMMA,
                    LAMBDA, new SplittableRandom(7));
            assertTrue(model.features().maxRowNorm() > 1);
            Setting setting = new Setting("scaling=none", model, AggregationWeights.uniform(agents),
                    parameters(StepSizes.constant(0.02)), 100, 11).unguarded();
            List<Pair<Dataset>> pairs = new ArrayList<>();
            for (int agent = 0; agent < agents; agent++) {
                for (int round : new int[] {0, 10, 20, 50, 98}) {
                    pairs.add(CoupledFederatedTd.pair(setting, agent, round, R, -R));
                }
            }
            Report<Dataset> whole = wholeRunAudit(setting).check(pairs, CoupledFederatedTd::wholeRun);
            Report<Dataset> first = perReleaseAudit(setting, 1.0).check(pairs,
                    CoupledFederatedTd::firstAffectedRelease);
            System.out.println("unguarded, N=" + agents + ": " + whole.ratio() + " (whole run), " + first.ratio()
                    + " (first affected release)");
            whole.assertRefuted();
            first.assertRefuted();
            // The guard of the private path refuses exactly these features.
            assertThrows(IllegalArgumentException.class,
                    () -> WholeRunSensitivity.requireBoundedFeatures(model.features()));
        }
        // ... and so does the public plugin path, before anything is charged.
        Registry registry = Registry.discover();
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(1), ledger,
                Optional.empty(), registry).withSchedule(Schedule.steps(100).withStepLimit(100));
        for (String noise : new String[] {"sound", "paper", "laplace-literal", "laplace-global"}) {
            Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                    "federated-cost-chain(agents=1, states=50, features=40, scaling=none)", context);
            assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.LEARNER, Learner.class,
                    "federated-td(alpha=0.02, noise=" + noise + ")", context.withEnvironment(environment)), noise);
        }
        assertEquals(0, ledger.charges());
    }

    @Test
    void costsBeyondTheBoundBreakTheUnguardedRecursionAndAreClippedOnTheGuardedPath() {
        // |r| <= R is assumed; a cost change r -> r' moves release t + 1 by alpha |r - r'| ||z_t||, which exceeds
        // Lemma 7's alpha 2R / (1 - gamma lambda) when |r - r'| > 2R, unless the worker clips both costs to
        // [-R, R]: then constant features attain 1 - (gamma lambda)^{t+1} of the bound at t = 28.
        Setting guarded = constantFeatures(StepSizes.constant(0.1), 30);
        double attained = 1 - Math.pow(GAMMA * LAMBDA, 29);
        for (Setting setting : List.of(guarded, guarded.unguarded())) {
            List<Pair<Dataset>> beyond = List.of(CoupledFederatedTd.pair(setting, 0, 28, R, -3 * R),
                    CoupledFederatedTd.pair(setting, 0, 0, 5 * R, -5 * R));
            Report<Dataset> perRelease = perReleaseAudit(setting, 1.0).check(beyond,
                    CoupledFederatedTd::firstAffectedRelease);
            Report<Dataset> whole = wholeRunAudit(setting).check(beyond, CoupledFederatedTd::wholeRun);
            if (setting == guarded) {
                perRelease.assertHolds();
                whole.assertHolds();
                assertEquals(attained, perRelease.ratio(), 1e-12);
            } else {
                perRelease.assertRefuted();
                whole.assertRefuted();
                // round 0 (z_0 = phi(s_0) = 1): 10R alpha against 2R alpha / (1 - gamma lambda), ratio 5 (1 - gamma
                // lambda) = 2.75, above the 2 (1 - (gamma lambda)^29) of round 28
                assertEquals(5 * (1 - GAMMA * LAMBDA), perRelease.ratio(), 1e-12);
            }
        }
    }

    @Test
    void modelsThePrivatePluginAcceptsPassTheAudit() {
        // The public path: the environment plugin's scaled models, accepted by the private learner plugin.
        Registry registry = Registry.discover();
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(1),
                PrivacyLedger.unaccounted(), Optional.empty(), registry).withSchedule(Schedule.steps(40)
                .withStepLimit(40));
        for (String scaling : new String[] {"unit", "strict"}) {
            for (int seed = 0; seed < 3; seed++) {
                Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                        "federated-cost-chain(agents=2, states=6, features=3, scaling=" + scaling + ", model-seed="
                                + seed + ")", context);
                registry.create(PluginKind.LEARNER, Learner.class, "federated-td(alpha=0.5, noise=sound)",
                        context.withEnvironment(environment));
                FederatedCostModel model = environment.capability(FederatedCostModel.class).orElseThrow();
                Setting setting = new Setting("plugin " + scaling + " seed " + seed, model,
                        AggregationWeights.uniform(2), parameters(StepSizes.constant(0.5)), 40, seed);
                wholeRunAudit(setting).check(assumptionPairs(setting), CoupledFederatedTd::wholeRun).assertHolds();
                perReleaseAudit(setting, 1.0).check(assumptionPairs(setting),
                        CoupledFederatedTd::firstAffectedRelease).assertHolds();
            }
        }
    }

    // ---------------------------------------------------------------- helpers

    private static SensitivityAudit wholeRunAudit(Setting setting) {
        return SensitivityAudit.of("whole run " + setting, WholeRunSensitivity.of(R, setting.parameters(),
                setting.rounds()).l2(), Norm.L2);
    }

    /** Lemma 7 for a constant step size: c_max alpha 2R / (1 - gamma lambda), times {@code factor}. */
    private static SensitivityAudit perReleaseAudit(Setting setting, double factor) {
        double declared = FederatedTdSensitivity.tight(R, GAMMA, LAMBDA, setting.weights().max(),
                setting.parameters().alpha(0));
        return SensitivityAudit.of("first affected release " + setting, factor * declared, Norm.L2);
    }

    private static boolean isConstant(StepSizeSchedule schedule) {
        return schedule.alpha(0) == schedule.alpha(1) && schedule.alpha(0) == schedule.alpha(1000);
    }

    private static Setting constantFeatures(StepSizeSchedule schedule, int rounds) {
        FederatedCostModel base = RandomFederatedCostChain.generate(1, 3, 1, FeatureScaling.UNIT_MAX_ROW_NORM,
                GAMMA, LAMBDA, new SplittableRandom(4));
        return new Setting("constant phi = 1", withFeatures(base, new FeatureMatrix(new double[][] {{1}, {1}, {1}})),
                AggregationWeights.uniform(1), parameters(schedule), rounds, 1);
    }
}
