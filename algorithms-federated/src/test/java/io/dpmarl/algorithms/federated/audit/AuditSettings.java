package io.dpmarl.algorithms.federated.audit;

import io.dpmarl.algorithms.federated.audit.CoupledFederatedTd.Dataset;
import io.dpmarl.algorithms.federated.audit.CoupledFederatedTd.Setting;
import io.dpmarl.algorithms.federated.td.StepSizeSchedule;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import io.dpmarl.environments.fedtd.FeatureScaling;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.environments.fedtd.RandomFederatedCostChain;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Pair;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The instances of the federated TD sensitivity audit that satisfy the bounds' assumptions (max_s ||phi(s)|| &lt;= 1,
 * |r| &lt;= R): random small chains, and hand-made extreme features with ||phi|| = 1 exactly, with the neighbouring
 * pairs (one agent's cost at one round replaced) to check on each.
 */
final class AuditSettings {
    /** The cost bound R = 0.5 of the random chains. */
    static final double R = RandomFederatedCostChain.COST_BOUND;
    static final double GAMMA = 0.9;
    static final double LAMBDA = 0.5;

    private AuditSettings() {
    }

    /** The model with other features (same transitions, mean costs and bound R). */
    static FederatedCostModel withFeatures(FederatedCostModel model, FeatureMatrix features) {
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
    static FederatedCostModel alternating(int agents, FeatureMatrix features, long seed) {
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

    /** gamma = 0.9, lambda = 0.5 and the schedule. */
    static TdParameters parameters(StepSizeSchedule schedule) {
        return TdParameters.of(GAMMA, LAMBDA, schedule);
    }

    /** The step-size schedules the settings use: three constants and (t+1)^-0.65. */
    static final StepSizeSchedule[] SCHEDULES = {
        StepSizes.constant(0.1), StepSizes.constant(0.5), StepSizes.constant(1.0), StepSizes.power(0.65)};

    /** Random small chains whose features satisfy ||phi|| &lt;= 1 (unit and strict scaling). */
    static List<Setting> randomAssumptionSettings() {
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
    static List<Setting> adversarialAssumptionSettings() {
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
    static List<Pair<Dataset>> assumptionPairs(Setting setting) {
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

    /** All settings inside the assumptions. */
    static List<Setting> assumptionSettings() {
        List<Setting> all = new ArrayList<>(randomAssumptionSettings());
        all.addAll(adversarialAssumptionSettings());
        return all;
    }

    /** phi = 1 in all three states, one agent: the trace grows to 1/(1 - gamma lambda). */
    static Setting constantFeatures(StepSizeSchedule schedule, int rounds) {
        FederatedCostModel base = RandomFederatedCostChain.generate(1, 3, 1, FeatureScaling.UNIT_MAX_ROW_NORM,
                GAMMA, LAMBDA, new SplittableRandom(4));
        return new Setting("constant phi = 1", withFeatures(base, new FeatureMatrix(new double[][] {{1}, {1}, {1}})),
                AggregationWeights.uniform(1), parameters(schedule), rounds, 1);
    }
}
