package io.dpmarl.examples.reproduce.fedtd;

import io.dpmarl.algorithms.federated.privacy.CalibratedNoise;
import io.dpmarl.algorithms.federated.privacy.FederatedTdCalibrator;
import io.dpmarl.algorithms.federated.privacy.NoiseCalibration;
import io.dpmarl.algorithms.federated.privacy.NoiseMechanism;
import io.dpmarl.algorithms.federated.privacy.WholeRunSensitivity;
import io.dpmarl.algorithms.federated.td.CostTrajectory;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.StepSizeSchedule;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.environments.fedtd.RandomFederatedCostChain;
import io.dpmarl.environments.fedtd.TdLambdaOracle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One seed of the {@code federated-td} reproduction: draws the environment (stream {@code environment}), runs every
 * non-private schedule of Figures 1-3 and every private configuration of Figures 4-7 on the same trajectory
 * (stream {@code trajectory}: common random numbers), the master's noise from {@code noise/master/<configuration>}
 * (the same noise stream for the three epsilons of a configuration). Deterministic given the seed.
 */
final class FedTdSeedRun {
    /** Checkpoints t of relErr. */
    static final int[] CHECKPOINTS = {1000, 4000, 10_000};
    /** Label of the Theorem 1 schedule. */
    static final String THEOREM_SCHEDULE = StepSizes.power(0.65).label();
    /** The non-private schedules of Figures 1-3 (Fig. 2 reconstructed as alpha in {0.002, 0.02, 0.2, 0.9}). */
    static final List<StepSizeSchedule> SCHEDULES = List.of(StepSizes.constant(0.002), StepSizes.constant(0.02),
            StepSizes.constant(0.2), StepSizes.constant(0.9), StepSizes.power(0.1), StepSizes.power(0.65),
            StepSizes.power(0.8));
    /** The private step schedules: Figures 4-5 time-varying (t+1)^-0.65, Figures 6-7 fixed alpha = 0.02. */
    static final Map<String, StepSizeSchedule> PRIVATE_SCHEDULES = Map.of(
            "time-varying", StepSizes.power(0.65), "fixed", StepSizes.constant(0.02));
    /** The calibrations with their short names. */
    static final Map<String, NoiseCalibration> CALIBRATIONS = orderedCalibrations();

    private FedTdSeedRun() {
    }

    private static Map<String, NoiseCalibration> orderedCalibrations() {
        Map<String, NoiseCalibration> map = new LinkedHashMap<>();
        map.put("gaussian-paper", NoiseCalibration.PAPER_THEOREM_3);
        map.put("gaussian-sound", NoiseCalibration.SOUND_MOMENTS);
        map.put("laplace-literal", NoiseCalibration.LAPLACE_LITERAL);
        map.put("laplace-global", NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION);
        return map;
    }

    /** The figure metric of a private configuration, for example {@code fig5_gaussian-paper_j_value}. */
    static String privateMetric(String calibration, String schedule) {
        boolean gaussian = CALIBRATIONS.get(calibration).mechanism() == NoiseMechanism.GAUSSIAN;
        int figure = schedule.equals("time-varying") ? (gaussian ? 5 : 4) : (gaussian ? 7 : 6);
        return "fig" + figure + "_" + calibration + "_j_value";
    }

    /** The budget of a private run: Gaussian delta = e^{-3 epsilon / 2} (spec 003 section 3.5), Laplace delta = 0. */
    static PrivacyBudget budget(NoiseCalibration calibration, double epsilon) {
        return new PrivacyBudget(epsilon, calibration.mechanism() == NoiseMechanism.GAUSSIAN
                ? Math.exp(-FedTdProtocol.NU * epsilon / 2) : 0.0);
    }

    /**
     * The calibrated noise of a private run with the named private schedule ("time-varying" or "fixed"): per-round
     * Delta_M = 2R/(1 - gamma lambda), R = 0.5, and the whole-run sensitivity of that schedule over T = 1000.
     */
    static CalibratedNoise noise(NoiseCalibration calibration, String schedule, double epsilon) {
        WholeRunSensitivity run = WholeRunSensitivity.of(RandomFederatedCostChain.COST_BOUND, FedTdProtocol.GAMMA,
                FedTdProtocol.LAMBDA, PRIVATE_SCHEDULES.get(schedule), FedTdProtocol.PRIVATE_HORIZON);
        return FederatedTdCalibrator.calibrate(calibration, budget(calibration, epsilon), run, FedTdProtocol.FEATURES,
                FedTdProtocol.NU);
    }

    static FedTdSeedResult run(int trial, long seed, FedTdProtocol protocol) {
        RandomStreams streams = RandomStreams.of(seed);
        FederatedCostModel model = RandomFederatedCostChain.generate(FedTdProtocol.AGENTS, FedTdProtocol.STATES,
                FedTdProtocol.FEATURES, io.dpmarl.environments.fedtd.FeatureScaling.UNIT_MAX_ROW_NORM,
                FedTdProtocol.GAMMA, FedTdProtocol.LAMBDA, streams.stream("environment"));
        AggregationWeights weights = AggregationWeights.uniform(FedTdProtocol.AGENTS);
        TdLambdaOracle oracle = new TdLambdaOracle(model, weights, FedTdProtocol.GAMMA, FedTdProtocol.LAMBDA);
        double fixedPointJ = oracle.averageFixedPointValue();
        double[] meanFeature = new double[FedTdProtocol.FEATURES];
        for (int s = 0; s < model.numStates(); s++) {
            for (int k = 0; k < meanFeature.length; k++) {
                meanFeature[k] += model.features().get(s, k) / model.numStates();
            }
        }
        List<MetricRecord> records = new ArrayList<>();
        Map<String, double[]> windowMeans = new LinkedHashMap<>();
        Map<String, double[]> clearSeries = new LinkedHashMap<>();
        double[] theoremErrors = new double[3];
        int[] theoremCheckpoints = {1000, 10_000, protocol.theoremHorizon()};
        for (StepSizeSchedule schedule : SCHEDULES) {
            boolean theorem = schedule.label().equals(THEOREM_SCHEDULE);
            int horizon = theorem ? Math.max(protocol.theoremHorizon(), FedTdProtocol.LONG_HORIZON)
                    : FedTdProtocol.LONG_HORIZON;
            FederatedTdLambda team = team(model, weights, schedule, Channel.clear("fedtd-downlink"),
                    NoiseSource.seeded(0));
            double[] j = run(model, team, streams, meanFeature, horizon, theorem ? theoremCheckpoints : new int[0],
                    oracle.thetaStar(), theoremErrors);
            clearSeries.put(schedule.label(), j);
            double[] means = new double[CHECKPOINTS.length];
            for (int c = 0; c < CHECKPOINTS.length; c++) {
                means[c] = windowMean(j, CHECKPOINTS[c]);
            }
            windowMeans.put(schedule.label(), means);
        }
        for (int t = 0; t <= FedTdProtocol.LONG_HORIZON; t += protocol.longStride()) {
            for (String figure : List.of("fig1", "fig2", "fig3")) {
                records.add(new MetricRecord("J* (TD fixed point)", trial, seed, t, figure + "_j_value", fixedPointJ));
            }
            for (StepSizeSchedule schedule : SCHEDULES) {
                String label = schedule.label();
                double value = clearSeries.get(label)[t];
                if (label.equals("alpha=0.02") || label.equals(THEOREM_SCHEDULE)) {
                    records.add(new MetricRecord(label, trial, seed, t, "fig1_j_value", value));
                }
                if (label.startsWith("alpha=0.") || label.equals("alpha=0.9")) {
                    records.add(new MetricRecord(label, trial, seed, t, "fig2_j_value", value));
                }
                if (label.startsWith("alpha=(t+1)")) {
                    records.add(new MetricRecord(label, trial, seed, t, "fig3_j_value", value));
                }
            }
        }
        for (int c = 0; c < theoremCheckpoints.length; c++) {
            records.add(new MetricRecord(THEOREM_SCHEDULE, trial, seed, theoremCheckpoints[c], "theorem1_error",
                    theoremErrors[c]));
        }
        Map<String, Double> deviations = new LinkedHashMap<>();
        for (Map.Entry<String, NoiseCalibration> calibration : CALIBRATIONS.entrySet()) {
            for (String scheduleName : List.of("time-varying", "fixed")) {
                StepSizeSchedule schedule = PRIVATE_SCHEDULES.get(scheduleName);
                double[] clear = clearSeries.get(schedule.label());
                String metric = privateMetric(calibration.getKey(), scheduleName);
                for (int t = 0; t <= FedTdProtocol.PRIVATE_HORIZON; t += protocol.shortStride()) {
                    records.add(new MetricRecord("noiseless", trial, seed, t, metric, clear[t]));
                }
                for (double epsilon : FedTdProtocol.EPSILONS) {
                    CalibratedNoise noise = noise(calibration.getValue(), scheduleName, epsilon);
                    Channel channel = Channel.keyed("fedtd-downlink", noise.privatizer(), PrivacyLedger.unaccounted(),
                            (sender, receiver) -> LedgerKey.global());
                    FederatedTdLambda team = team(model, weights, schedule, channel,
                            streams.noise("master/" + calibration.getKey() + "/" + scheduleName));
                    double[] j = run(model, team, streams, meanFeature, FedTdProtocol.PRIVATE_HORIZON, new int[0],
                            null, null);
                    double deviation = 0;
                    for (int t = 1; t <= FedTdProtocol.PRIVATE_HORIZON; t++) {
                        deviation += Math.abs(j[t] - clear[t]) / FedTdProtocol.PRIVATE_HORIZON;
                    }
                    deviations.put(key(calibration.getKey(), scheduleName, epsilon), deviation);
                    String label = "eps=" + (int) epsilon;
                    for (int t = 0; t <= FedTdProtocol.PRIVATE_HORIZON; t += protocol.shortStride()) {
                        records.add(new MetricRecord(label, trial, seed, t, metric, j[t]));
                    }
                }
            }
        }
        return new FedTdSeedResult(seed, fixedPointJ, windowMeans, theoremErrors, deviations, records);
    }

    static String key(String calibration, String schedule, double epsilon) {
        return calibration + "/" + schedule + "/" + (int) epsilon;
    }

    private static FederatedTdLambda team(FederatedCostModel model, AggregationWeights weights,
                                          StepSizeSchedule schedule, Channel channel, NoiseSource noise) {
        return new FederatedTdLambda(model.features(), weights,
                TdParameters.of(FedTdProtocol.GAMMA, FedTdProtocol.LAMBDA, schedule),
                new double[FedTdProtocol.AGENTS][FedTdProtocol.FEATURES], channel, noise);
    }

    /** Runs a team on the seed's trajectory; returns Jbar_t for t = 0..horizon and fills the theorem errors. */
    private static double[] run(FederatedCostModel model, FederatedTdLambda team, RandomStreams streams,
                                double[] meanFeature, int horizon, int[] checkpoints, double[] thetaStar,
                                double[] errors) {
        CostTrajectory trajectory = new CostTrajectory(model, streams.stream("trajectory"));
        team.begin(trajectory.initialState());
        double[] j = new double[horizon + 1];
        int next = 0;
        for (int t = 1; t <= horizon; t++) {
            team.round(trajectory.advance(), trajectory.costs());
            double[] average = team.averageParameters();
            double value = 0;
            for (int k = 0; k < average.length; k++) {
                value += meanFeature[k] * average[k];
            }
            j[t] = value;
            if (next < checkpoints.length && t == checkpoints[next]) {
                errors[next] = weightedError(team, thetaStar);
                next++;
            }
        }
        return j;
    }

    private static double weightedError(FederatedTdLambda team, double[] thetaStar) {
        double[][] theta = team.parameters();
        double total = 0;
        for (int i = 0; i < theta.length; i++) {
            double squared = 0;
            for (int k = 0; k < thetaStar.length; k++) {
                squared += Math.pow(theta[i][k] - thetaStar[k], 2);
            }
            total += team.weights().get(i) * squared;
        }
        return total;
    }

    /** Mean of Jbar_u over u in [0.9 t, t] (spec 003 section 5.1). */
    static double windowMean(double[] j, int t) {
        int from = (int) Math.ceil(0.9 * t);
        double sum = 0;
        for (int u = from; u <= t; u++) {
            sum += j[u];
        }
        return sum / (t - from + 1);
    }
}
