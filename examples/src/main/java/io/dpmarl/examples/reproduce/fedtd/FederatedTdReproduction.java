package io.dpmarl.examples.reproduce.fedtd;

import io.dpmarl.algorithms.federated.privacy.AggregateNoisePrivatizer;
import io.dpmarl.algorithms.federated.privacy.CalibratedNoise;
import io.dpmarl.algorithms.federated.privacy.PrivacyReport;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.PlotRequest;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.experiment.ReproductionSettings;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code dpmarl reproduce federated-td}: Figures 1-7 of paper 003 (DP federated TD(lambda), Zeng et al. 2022) as
 * spec 003 section 5 defines them: J value (uniform state average of the c-averaged approximate value) against
 * iterations for fixed and time-varying steps (Figs. 1-3, Algorithm 1, to t = 10^4), and for Algorithm 2 with
 * Laplace (Figs. 4, 6) and Gaussian (Figs. 5, 7) noise at epsilon 10, 100, 200 under the paper's calibrations
 * (Theorem 3 with nu = 3, delta = e^{-3 eps/2}; literal Laplace b = Delta/eps) and the sound ones (moments bound;
 * Laplace with global basic composition). Returns A1-A4 and A7-A9 of spec 003 section 6.2 gated, A5-A6 and the
 * per-calibration privacy statements recorded. The noise of every private configuration is calibrated for its
 * step-size schedule: the sound Gaussian calibration treats the 1000 broadcasts as one Gaussian mechanism with
 * the schedule's whole-run sensitivity, and every statement reports the claimed guarantee, the sound whole-run
 * one ("computed", also what the ledger certifies) and the paper's per-round accounting.
 *
 * <p>Seeds run in parallel on {@code settings.threads()} threads; each seed owns its streams (derived from the
 * root seed and the seed index) and its metric rows are emitted in seed order, so the output does not depend on
 * the number of threads.
 */
public final class FederatedTdReproduction implements Reproduction {
    /** The paper id. */
    public static final String PAPER = "federated-td";

    private final FedTdProtocol override;

    /** The reproduction with the quick or full protocol chosen by the settings. */
    public FederatedTdReproduction() {
        this(null);
    }

    /** The reproduction with a fixed protocol (tests). */
    FederatedTdReproduction(FedTdProtocol override) {
        this.override = override;
    }

    @Override
    public String paperId() {
        return PAPER;
    }

    @Override
    public List<Claim> run(ReproductionSettings settings) throws IOException {
        FedTdProtocol protocol = override != null ? override
                : settings.full() ? FedTdProtocol.full() : FedTdProtocol.quick();
        RandomStreams root = RandomStreams.of(settings.seed());
        settings.log().accept("federated-td: " + protocol.seeds() + " seeds, N=20 S=20 K=10, gamma=0.9 lambda=0.5, "
                + "Figs. 1-3 to t=10^4 (Theorem 1 trend to " + protocol.theoremHorizon() + "), Figs. 4-7 T=1000, "
                + settings.threads() + " threads");
        List<FedTdSeedResult> results = execute(root, protocol, settings.threads());
        for (FedTdSeedResult result : results) {
            for (MetricRecord record : result.records()) {
                settings.output().metrics().accept(record);
            }
        }
        plot(settings);
        List<Claim> claims = new ArrayList<>(FedTdClaims.evaluate(results));
        Map<String, String> statements = new LinkedHashMap<>();
        StringBuilder json = new StringBuilder("{\n  \"nu\": 3,\n  \"rounds\": 1000,\n  \"noise\": [\n");
        boolean first = true;
        for (Map.Entry<String, io.dpmarl.algorithms.federated.privacy.NoiseCalibration> calibration
                : FedTdSeedRun.CALIBRATIONS.entrySet()) {
            for (String schedule : List.of("time-varying", "fixed")) {
                for (double epsilon : FedTdProtocol.EPSILONS) {
                    CalibratedNoise noise = FedTdSeedRun.noise(calibration.getValue(), schedule, epsilon);
                    PrivacyLedger ledger = PrivacyReport.ledgerFor(noise);
                    AggregateNoisePrivatizer privatizer = noise.privatizer();
                    for (int release = 0; release < FedTdProtocol.PRIVATE_HORIZON; release++) {
                        ledger.charge(LedgerKey.global(), privatizer.event(release), 1, "fedtd-downlink");
                    }
                    PrivacyReport report = PrivacyReport.of(noise, ledger, FedTdProtocol.NU);
                    String label = calibration.getKey() + " " + schedule + " eps=" + (int) epsilon;
                    statements.put(label, String.format(Locale.ROOT, "scale %.6g; whole-run sensitivity %.6g; %s",
                            noise.scale(), noise.chargedSensitivity(), report.describe()));
                    json.append(first ? "" : ",\n").append(String.format(Locale.ROOT,
                            "    {\"calibration\": \"%s\", \"schedule\": \"%s\", \"epsilon\": %s, \"delta\": %s, "
                                    + "\"scale\": %s, \"perCoordinateVariance\": %s, \"perRoundSensitivity\": %s, "
                                    + "\"wholeRunSensitivity\": %s, \"claimed\": \"%s\", \"computed\": \"%s\", "
                                    + "\"paperPerRound\": \"%s\", \"ledgerEpsilon\": %s}",
                            calibration.getKey(), noise.run().scheduleLabel(), epsilon,
                            FedTdSeedRun.budget(calibration.getValue(), epsilon).delta(), noise.scale(),
                            noise.perCoordinateVariance(), noise.sensitivity(), noise.chargedSensitivity(),
                            noise.claimed().describe(), noise.computed().describe(),
                            noise.paperPerRound().describe(), report.ledgerEpsilon()));
                    first = false;
                }
            }
        }
        json.append("\n  ]\n}\n");
        settings.output().writeText("federated_td_noise.json", json.toString());
        claims.addAll(FedTdClaims.privacy(statements));
        StringBuilder summary = new StringBuilder("federated-td reproduction (" + (settings.full() ? "full" : "quick")
                + "), " + protocol.seeds() + " seeds\n");
        for (Claim claim : claims) {
            String line = claim.status() + "  " + claim.claim() + "\n    paper: " + claim.expected()
                    + "\n    measured: " + claim.measured();
            settings.log().accept(line);
            summary.append(line).append('\n');
        }
        settings.output().writeText("federated_td_summary.txt", summary.toString());
        return claims;
    }

    private static void plot(ReproductionSettings settings) throws IOException {
        settings.output().plot(PlotRequest.of("fig1_fixed_vs_time_varying",
                "Fig. 1: Algorithm 1, alpha = 0.02 vs (t+1)^-0.65", "fig1_j_value", "iteration t", "J value"));
        settings.output().plot(PlotRequest.of("fig2_fixed_step_sizes", "Fig. 2: Algorithm 1, fixed step sizes",
                "fig2_j_value", "iteration t", "J value"));
        settings.output().plot(PlotRequest.of("fig3_time_varying_step_sizes",
                "Fig. 3: Algorithm 1, alpha_t = (t+1)^-p", "fig3_j_value", "iteration t", "J value"));
        settings.output().plot(new PlotRequest("theorem1_error", "Theorem 1: sum_i c^i ||theta_t^i - theta*||^2",
                "theorem1_error", "iteration t", "weighted squared error", true, true));
        for (String calibration : FedTdSeedRun.CALIBRATIONS.keySet()) {
            for (String schedule : List.of("time-varying", "fixed")) {
                String metric = FedTdSeedRun.privateMetric(calibration, schedule);
                String stem = metric.replace("_j_value", "");
                settings.output().plot(PlotRequest.of(stem, "Algorithm 2, " + calibration + ", " + schedule
                        + " step: J value vs epsilon", metric, "iteration t", "J value"));
            }
        }
    }

    private static List<FedTdSeedResult> execute(RandomStreams root, FedTdProtocol protocol, int threads)
            throws IOException {
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            List<Future<FedTdSeedResult>> futures = new ArrayList<>();
            for (int trial = 0; trial < protocol.seeds(); trial++) {
                int index = trial;
                long seed = root.child("federated-td/seed/" + trial).seed();
                futures.add(executor.submit(() -> FedTdSeedRun.run(index, seed, protocol)));
            }
            List<FedTdSeedResult> results = new ArrayList<>();
            for (Future<FedTdSeedResult> future : futures) {
                results.add(future.get());
            }
            return results;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IOException("federated-td reproduction interrupted", interrupted);
        } catch (ExecutionException failure) {
            throw new IllegalStateException("a federated-td seed failed", failure.getCause());
        } finally {
            executor.shutdownNow();
        }
    }
}
