package io.dpmarl.examples.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tabular privatizers' scale limits on {@code dpmarl run}: an epsilon or a noise base inside the declared range
 * whose Laplace scale the exact sampler cannot draw ({@code 2^1011} less one ulp at most) is refused while the run
 * is built, with one line naming the user's parameters and the limit, exit code 2 and nothing written
 * ({@link Cli#assertBadRun}). Before, {@code nashvi-local-counts(epsilon=1e-320)} failed with the sampler's
 * "b must be in (0, inf), got Infinity" and {@code dp-qd-laplace(noise-base=1e308)} ran with samples that can
 * overflow to infinity.
 */
class TabularPrivatizerScaleLimitsCliTest {
    /** 2^1011 less one ulp: the largest scale whose grid 2^971 keeps (2^53 - 1) r = Double.MAX_VALUE finite. */
    private static final String LAPLACE_LIMIT = "at most 2^1011 less one ulp = " + Math.nextDown(0x1p1011)
            + " (the exact Laplace sampler's largest scale: beyond it a sample can overflow to infinity)";

    /** DP-Nash-VI on RZ-tiny (H = 2) for K = 20 episodes, the central privatizer at epsilon = 1 unless overridden. */
    private static Path nashViSpec(Path directory) throws IOException {
        Path spec = directory.resolve("dp-nash-vi.yaml");
        Files.writeString(spec, String.join("\n",
                "name: tabular-scale-limits",
                "environment: random-zero-sum(S=2, A=2, B=2, H=2, seed=7)",
                "learner: dp-nash-vi(beta=0.1, mode=practical, bonus-scale=0.1, e-scale=0.001, truncation=H-h+1)",
                "privatizer: nashvi-central-counts(epsilon=1)",
                "accountant: basic",
                "delta: 0",
                "schedule:",
                "  episodes: 20",
                "evaluators: [nash-gap(every=20)]",
                "trials: 1",
                "seed: 1",
                ""));
        return spec;
    }

    /** The bundled DP-QD-Learning spec with decaying noise (tests run in the examples module directory). */
    private static Path dpQdSpec() {
        Path local = Path.of("specs", "dp-qd", "decaying-quick.yaml");
        return Files.exists(local) ? local : Path.of("examples", "specs", "dp-qd", "decaying-quick.yaml");
    }

    /** The audited case: 4 H / epsilon = 8 / 1e-320 = inf; the learner fills in horizon = H = 2. */
    @Test
    void aLocalEpsilonOf1e320IsRefusedNamingEpsilonHorizonAndCalibration(@TempDir Path directory)
            throws IOException {
        Cli.assertBadRun(directory, nashViSpec(directory), List.of("privatizer=nashvi-local-counts(epsilon=1e-320)"),
                "nashvi-local-counts: the Laplace scale b_L = 4 H / epsilon must be " + LAPLACE_LIMIT
                        + "; got epsilon=1.0E-320, horizon=2, calibration=rigorous");
    }

    /**
     * Central at epsilon = 1e-303, H = 2: one episode would be drawable (b_C = 8 / 1e-303 = 8E303), but the run's
     * K = 20 episodes have L = floor(log2 20) + 1 = 5 levels and b_C = 4 * 2 * 5 / 1e-303 = 4E304, above the limit
     * (about 2.19E304): refused when the learner is built, naming the episodes.
     */
    @Test
    void aCentralStreamOfTooManyEpisodesIsRefusedNamingTheEpisodes(@TempDir Path directory) throws IOException {
        Cli.assertBadRun(directory, nashViSpec(directory), List.of("privatizer.epsilon=1e-303"),
                "nashvi-central-counts: the node Laplace scale b_C = 4 H L / epsilon (L = floor(log2 K) + 1 tree"
                        + " levels) must be " + LAPLACE_LIMIT + "; got epsilon=1.0E-303, horizon=2, episodes=20,"
                        + " calibration=rigorous");
    }

    /** The audited case: the scale noise-base q^t is largest at t = 0, where 1e308 is above the limit. */
    @Test
    void aNoiseBaseOf1e308IsRefusedNamingTheNoiseBase(@TempDir Path directory) {
        Cli.assertBadRun(directory, dpQdSpec(),
                List.of("learner=dp-qd-learning(privatizer=dp-qd-laplace(noise-base=1e308, q=0.99))"),
                "dp-qd-laplace: the Laplace scale noise-base * q^t, largest at t = 0 where it is noise-base, must be "
                        + LAPLACE_LIMIT + "; got noise-base=1.0E308");
    }
}
