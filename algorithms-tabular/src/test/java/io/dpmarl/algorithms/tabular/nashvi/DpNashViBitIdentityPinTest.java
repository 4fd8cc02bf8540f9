package io.dpmarl.algorithms.tabular.nashvi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpmarl.algorithms.tabular.nashvi.NashViTestSupport.Kind;
import io.dpmarl.algorithms.tabular.nashvi.NashViTestSupport.Setup;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;
import io.dpmarl.environments.zerosum.ZeroSumGames;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Regression pin of the allocation-free episode (preallocated policy tables, reused report buffer, no per-episode
 * indicator copies): DP-Nash-VI must compute the same bits as before that work. For each setting below the test
 * plays a few episodes with a fixed seed and hashes (SHA-256 over {@link Double#doubleToRawLongBits}) everything
 * an episode computes: the deployed policy {@code pi^k}, {@code Qup, Qlo} at every (h, s), {@code Vup, Vlo}, the
 * planning counts {@code N~}, the last and minimal certified gaps, the output episode and the episode's return, and
 * every 25 episodes one evaluation-mode episode on the output policy; at the end the output policy, the noisy
 * counts {@code N^}, the CCE retries and the post-processing fallbacks.
 *
 * <p>The expected digests and minimal gaps (hex doubles) were captured by running this test's {@link #digest} on
 * commit {@code main} ({@code bc97556}) BEFORE the refactor, with the production code unchanged. They are a
 * byte-identity pin, not values derived from a paper: a change that moves any single bit of any of these arrays
 * fails it ({@link #digestSeesTheLowestBit} shows that the digest sees a one-ulp change).
 *
 * <p>Re-captured once for the three RZ-tiny settings when evaluation mode changed from drawing the joint action of
 * the correlated {@code pi_out} to drawing each player's action from its own marginal (Algorithm 1 line 24 returns
 * the marginals): with the evaluation episodes left out of the digest, the code before and after that change gave
 * identical digests for every setting, so only the evaluation episodes moved; the other settings' digests did not
 * change (a single agent's draw is the same; S = 20 plays no evaluation episode in 12).
 */
class DpNashViBitIdentityPinTest {

    /** One pinned setting. */
    private record Pin(String game, Kind kind, int episodes, Truncation truncation, CceObjective objective,
                       String sha256, String minimalGap) {
    }

    private static final Pin[] PINS = {
        new Pin("rz-tiny", Kind.NON_PRIVATE, 300, Truncation.H_MINUS_H_PLUS_1, CceObjective.MIN_GAP,
                "e93b04ae0830f9df2186a7dc1e64a9328630737e582aef691e0a5129f4e55340", "0x1.2c47e657c531ep-1"),
        new Pin("rz-tiny", Kind.CENTRAL, 300, Truncation.H_MINUS_H_PLUS_1, CceObjective.MIN_GAP,
                "a7d1ffc738f3a07dc6724a0e5327a9eeff1b9fe878a4e2fdcc606ada4631f10e", "0x1.a5c88283e0aecp0"),
        new Pin("rz-tiny", Kind.LOCAL, 300, Truncation.H_MINUS_H_PLUS_1, CceObjective.MIN_GAP,
                "5e2db05b8f57464a52a657e4338c260cb284b6bf4241e0b98cd01d2baf1e7f2a", "0x1.ccb13d225971p0"),
        new Pin("rz-medium", Kind.NON_PRIVATE, 150, Truncation.H, CceObjective.FEASIBILITY,
                "a7e807f0ecf800090a13476827faa3ae692aeab87ba5c7f3516346b40a988052", "0x1.8p1"),
        new Pin("rz-medium", Kind.CENTRAL, 150, Truncation.H_MINUS_H_PLUS_1, CceObjective.MIN_GAP,
                "f95fb40a237aa01ed087f094712f9684c58620c4ea87fda95026eae2d425fd96", "0x1.8p1"),
        new Pin("rz-medium", Kind.LOCAL, 150, Truncation.H, CceObjective.MIN_GAP,
                "c9dfa17845f2927d88488222865380dc3d7a0f76100fec9394e56c8b04783ff3", "0x1.8p1"),
        new Pin("mdp", Kind.NON_PRIVATE, 150, Truncation.H, CceObjective.MIN_GAP,
                "c078d567cad93f6babe4ba29b81587daab56dde422fc42c1db699eb918aa2cdb", "0x1.4a61d4ef5a938p1"),
        new Pin("mdp", Kind.CENTRAL, 150, Truncation.H_MINUS_H_PLUS_1, CceObjective.MIN_GAP,
                "c0c13d676a9fcdaac6b9a90e6badd8f7af642a6bd6f13c68a676780cea9cc7ed", "0x1.4b11b5bbdc0dcp1"),
        new Pin("mdp", Kind.LOCAL, 150, Truncation.H_MINUS_H_PLUS_1, CceObjective.MIN_GAP,
                "c97db76e18e7d6f87af2374fa9a23e3404a8898a668f263460b46c8eadf2f98c", "0x1.21b3a1b1c9b32p1"),
        new Pin("s20", Kind.NON_PRIVATE, 12, Truncation.H_MINUS_H_PLUS_1, CceObjective.MIN_GAP,
                "eac32c5f581e82fad894e7c36661de91594329cb138eb141dac5bbca09aade8e", "0x1.4p2"),
        new Pin("s20", Kind.CENTRAL, 12, Truncation.H_MINUS_H_PLUS_1, CceObjective.MIN_GAP,
                "2779baa99cf1390289177b1983dd882d01ce0276b0adb6b80c2daae6c421cd15", "0x1.4p2"),
        new Pin("s20", Kind.LOCAL, 12, Truncation.H_MINUS_H_PLUS_1, CceObjective.MIN_GAP,
                "7053429e79412d280ced207350779f4b3fa3727c2e6b91edcb2a16ca8bc0eab5", "0x1.4p2"),
    };

    private static final long SEED = 21;

    @Test
    void episodesAreBitIdenticalToTheCodeBeforeTheRefactor() {
        StringBuilder mismatches = new StringBuilder();
        for (Pin pin : PINS) {
            Result result = digest(pin, 0L);
            if (!result.sha256().equals(pin.sha256()) || !result.minimalGap().equals(pin.minimalGap())) {
                mismatches.append(String.format("%n  new Pin(\"%s\", Kind.%s, %d, Truncation.%s, CceObjective.%s, "
                                + "\"%s\", \"%s\"),", pin.game(), pin.kind(), pin.episodes(), pin.truncation(),
                        pin.objective(), result.sha256(), result.minimalGap()));
            }
        }
        assertEquals("", mismatches.toString(), "settings whose bits changed (computed values shown)");
    }

    /** The digest changes when one value of one episode moves by one ulp (the comparison is bit-level). */
    @Test
    void digestSeesTheLowestBit() {
        Pin pin = PINS[1];
        assertEquals(digest(pin, 0L).sha256(), digest(pin, 0L).sha256(), "same seed, same digest");
        assertNotEquals(digest(pin, 0L).sha256(), digest(pin, 1L).sha256(), "a one-ulp change must be seen");
    }

    private record Result(String sha256, String minimalGap) {
    }

    private static TabularZeroSumGame game(String name) {
        return switch (name) {
            case "rz-tiny" -> ZeroSumGames.random(2, 2, 2, 2, 7);
            case "rz-medium" -> ZeroSumGames.random(4, 3, 3, 3, 7);
            case "mdp" -> ZeroSumGames.random(3, 2, 1, 3, 2);
            case "s20" -> ZeroSumGames.random(20, 4, 4, 5, 7);
            default -> throw new IllegalArgumentException(name);
        };
    }

    /**
     * Runs the pinned setting and hashes what it computes; {@code perturbation} is added to the raw bits of the first
     * episode's {@code Vup_1(s_1)} (0 for the real digest; 1 = one ulp, for the sensitivity check).
     */
    static Result digest(Pin pin, long perturbation) {
        TabularZeroSumGame game = game(pin.game());
        DpNashViConfig config = new DpNashViConfig(pin.episodes(), 0.1, ConstantMode.PRACTICAL, 0.1, 0.1, 0.001,
                pin.truncation(), pin.objective());
        Setup setup = new Setup(config, pin.kind(), 1.0, NoiseCalibration.RIGOROUS);
        DpNashViLearner learner = NashViTestSupport.learner(game, setup, SEED, PrivacyLedger.unaccounted());
        RandomGenerator resets = RandomStreams.of(SEED).stream("env");
        Hasher hasher = new Hasher();
        int horizon = game.horizon();
        int states = game.numStates();
        for (int k = 0; k < pin.episodes(); k++) {
            double episodeReturn = NashViTestSupport.playEpisode(game, learner, k, resets.nextLong());
            DpNashVi algorithm = learner.algorithm();
            hasher.add(learner.episodePolicy().table());
            for (int h = 0; h < horizon; h++) {
                for (int s = 0; s < states; s++) {
                    hasher.add(algorithm.upperQ(h, s));
                    hasher.add(algorithm.lowerQ(h, s));
                }
            }
            for (int h = 0; h <= horizon; h++) {
                for (int s = 0; s < states; s++) {
                    double up = algorithm.upperV(h, s);
                    if (k == 0 && h == 0 && s == algorithm.initialState()) {
                        up = Double.longBitsToDouble(Double.doubleToRawLongBits(up) + perturbation);
                    }
                    hasher.add(up);
                    hasher.add(algorithm.lowerV(h, s));
                }
            }
            hasher.add(algorithm.counts().pairs());
            hasher.add(algorithm.counts().transitions());
            hasher.add(algorithm.lastGap());
            hasher.add(algorithm.minimalGap());
            hasher.add(algorithm.outputEpisode());
            hasher.add(episodeReturn);
            if ((k + 1) % 25 == 0) {
                hasher.add(evaluationEpisode(game, learner, resets.nextLong()));
            }
        }
        DpNashVi algorithm = learner.algorithm();
        hasher.add(algorithm.outputPolicy().table());
        hasher.add(algorithm.privatizer().noisyCounts().pairs());
        hasher.add(algorithm.privatizer().noisyCounts().transitions());
        hasher.add(algorithm.cceRetries());
        hasher.add(algorithm.privatizer().postProcessingFallbacks());
        return new Result(hasher.hex(), Double.toHexString(algorithm.minimalGap()));
    }

    /** One episode in evaluation mode (act only, on the output policy): the joint actions and agent 0's return. */
    private static double evaluationEpisode(TabularZeroSumGame game, DpNashViLearner learner, long seed) {
        learner.evaluationMode(true);
        Observation[] observations = game.reset(seed);
        double total = 0;
        for (int stage = 0; stage < game.horizon(); stage++) {
            int[] action = learner.act(stage, observations);
            StepResult result = game.step(action);
            total = total * 31 + action[0] + (action.length > 1 ? 7 * action[1] : 0) + result.rewards()[0];
            observations = result.observations();
        }
        learner.evaluationMode(false);
        return total;
    }

    /** SHA-256 over raw bits. */
    private static final class Hasher {
        private final MessageDigest digest;
        private final ByteBuffer buffer = ByteBuffer.allocate(8);

        Hasher() {
            try {
                digest = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        void add(double value) {
            add(Double.doubleToRawLongBits(value));
        }

        void add(long value) {
            buffer.clear();
            buffer.putLong(value);
            digest.update(buffer.array());
        }

        void add(double[] values) {
            add((long) values.length);
            for (double value : values) {
                add(value);
            }
        }

        void add(double[][][] table) {
            for (double[][] stage : table) {
                for (double[] row : stage) {
                    add(row);
                }
            }
        }

        String hex() {
            return HexFormat.of().formatHex(digest.digest());
        }
    }
}
