package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.algorithms.tabular.nashvi.oracle.ZeroSumOracle;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;
import io.dpmarl.environments.zerosum.ZeroSumGames;
import io.dpmarl.algorithms.tabular.nashvi.NashViTestSupport.Kind;
import io.dpmarl.algorithms.tabular.nashvi.NashViTestSupport.Setup;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Statistical checks A8-A10 and the deterministic consequences A5 of Assumption 3.1 (DP-Nash-VI, Section 3),
 * all with fixed seeds.
 */
class StatisticalChecksTest {

    /** Largest |N^ - N| over all entries of one privatizer, relative to E/4, over K random episodes. */
    private static double maxRelativeError(CountShape shape, Kind kind, int episodes, long seed,
                                           double widthFactor) {
        Setup config = Setup.theory(episodes, 1.0, 0.1, kind);
        double width = config.width(shape) * widthFactor;
        CountReleases privatizer = new CountReleases(shape, episodes, width, config.privatizer(shape.horizon()),
                PrivacyLedger.unaccounted(), NoiseSource.seeded(seed));
        double[] pairs = new double[shape.pairCount()];
        double[] transitions = new double[shape.transitionCount()];
        SplittableRandom random = new SplittableRandom(seed);
        double worst = 0;
        for (int k = 0; k < episodes; k++) {
            EpisodeIndicators episode = NashViTestSupport.randomEpisode(shape, random);
            episode.addTo(pairs, transitions, shape.numStates());
            privatizer.update(episode);
            PrivateCounts noisy = privatizer.noisyCounts();
            for (int i = 0; i < pairs.length; i++) {
                worst = Math.max(worst, Math.abs(noisy.pairs()[i] - pairs[i]) / (width / 4));
            }
            for (int i = 0; i < transitions.length; i++) {
                worst = Math.max(worst, Math.abs(noisy.transitions()[i] - transitions[i]) / (width / 4));
            }
        }
        return worst;
    }

    /**
     * A8 accuracy: with the explicit E of {@code ConfidenceWidth} the union bound gives P(any |N^ - N| > E/4) <= beta/3
     * per run; over 20 fixed-seed runs (RZ-tiny shape, K = 200, beta = 0.1) at most 20 beta/3 < 1 run may fail, i.e.
     * none (the bound is loose: the observed maximum ratio is far below 1). The check can fail: with E/20
     * (a deliberately wrong width) violations occur.
     */
    @Test
    void privatizerAccuracyWithinEOverFour() {
        CountShape shape = new CountShape(2, 2, 2, 2);
        for (Kind kind : List.of(Kind.CENTRAL, Kind.LOCAL)) {
            int failures = 0;
            for (int run = 0; run < 20; run++) {
                failures += maxRelativeError(shape, kind, 200, 100 + run, 1.0) > 1 ? 1 : 0;
            }
            assertEquals(0, failures, kind + " runs with |N^ - N| > E/4");
            assertTrue(maxRelativeError(shape, kind, 200, 100, 0.05) > 1, "a width of E/20 must be violated");
        }
    }

    /**
     * A8 local variance: N^k - N^k is a sum of k-1 reports, Var = 2 b^2 (k-1). 2000 runs x 48 entries at
     * k - 1 = 25, b = 8: relative standard error of the sample variance about sqrt((2 + 3/25)/96000) = 0.0047,
     * so the 5% tolerance is over 10 standard errors (false-rejection rate far below 1e-6); 1.2x is rejected.
     */
    @Test
    void localErrorVarianceGrowsLinearly() {
        CountShape shape = new CountShape(2, 2, 2, 2);
        double scale = NoiseCalibration.RIGOROUS.localScale(2, 1.0);
        int reports = 25;
        double sumSquares = 0;
        long samples = 0;
        NoiseSource noise = NoiseSource.seeded(77);
        SplittableRandom random = new SplittableRandom(78);
        for (int run = 0; run < 2000; run++) {
            CountReleases local = new CountReleases(shape, reports, 0.0,
                    new LocalCountsPrivatizer(1.0, 2, NoiseCalibration.RIGOROUS), PrivacyLedger.unaccounted(), noise);
            double[] pairs = new double[shape.pairCount()];
            double[] transitions = new double[shape.transitionCount()];
            for (int k = 0; k < reports; k++) {
                EpisodeIndicators episode = NashViTestSupport.randomEpisode(shape, random);
                episode.addTo(pairs, transitions, shape.numStates());
                local.update(episode);
            }
            PrivateCounts noisy = local.noisyCounts();
            for (int i = 0; i < pairs.length; i++) {
                sumSquares += Math.pow(noisy.pairs()[i] - pairs[i], 2);
                samples++;
            }
            for (int i = 0; i < transitions.length; i++) {
                sumSquares += Math.pow(noisy.transitions()[i] - transitions[i], 2);
                samples++;
            }
        }
        double expected = 2 * scale * scale * reports;
        double ratio = sumSquares / samples / expected;
        assertEquals(1.0, ratio, 0.05);
        assertTrue(Math.abs(ratio / 1.2 - 1) > 0.05);
    }

    /**
     * A9 optimism and A10 PAC certificate in theory mode on RZ-tiny (K = 200, 20 seeds), matching pennies
     * and RPS (K = 100, 10 seeds): at every (k, h, s), Vup >= V^{dagger,nu^k} and Vlo <= V^{mu^k,dagger}, and
     * g_out <= Delta_min. Lemma B.7 bounds the probability of a violating run by beta = 0.1, so at most
     * beta of the runs may violate (the false-rejection rate of "at most 2 of 20" under the theoretical bound
     * is P(Bin(20, 0.1) > 2) = 0.32, but the bound is very loose: theory constants give no violation at all).
     * The checks can fail: with constants far too small (C1 = C2 = 1e-3, E = 0) optimism is violated.
     */
    @Test
    void optimismAndCertificateInTheoryMode() {
        for (TabularZeroSumGame game : List.of(ZeroSumGames.random(2, 2, 2, 2, 1), ZeroSumGames.matchingPennies(),
                ZeroSumGames.rockPaperScissors())) {
            boolean tiny = game.numStates() == 2;
            int seeds = tiny ? 20 : 10;
            int episodes = tiny ? 200 : 100;
            for (Kind kind : Kind.values()) {
                int violatingRuns = 0;
                int certificateFailures = 0;
                for (int seed = 0; seed < seeds; seed++) {
                    Setup config = Setup.theory(episodes, 1.0, 0.1, kind);
                    int[] result = optimismRun(game, config, seed);
                    violatingRuns += result[0] > 0 ? 1 : 0;
                    certificateFailures += result[1];
                }
                assertTrue(violatingRuns <= 0.1 * seeds, game + " " + kind + ": " + violatingRuns);
                assertTrue(certificateFailures <= 0.1 * seeds, game + " " + kind + ": " + certificateFailures);
            }
        }
        Setup wrong = new Setup(new DpNashViConfig(300, 0.1, ConstantMode.PRACTICAL, 1e-3, 1e-3, 0.0,
                Truncation.H_MINUS_H_PLUS_1, CceObjective.MIN_GAP), Kind.NON_PRIVATE, 1.0, NoiseCalibration.RIGOROUS);
        assertTrue(optimismRun(ZeroSumGames.random(2, 2, 2, 2, 1), wrong, 0)[0] > 0,
                "too-small constants must violate optimism");
    }

    /** Returns {number of (k, h, s) optimism violations, 1 if g_out > Delta_min}. */
    static int[] optimismRun(TabularZeroSumGame game, Setup config, long seed) {
        ZeroSumOracle oracle = new ZeroSumOracle(game);
        DpNashViLearner learner = DpNashViTest.learner(game, config, seed, PrivacyLedger.unaccounted());
        RandomGenerator seeds = RandomStreams.of(seed).stream("env");
        int violations = 0;
        for (int k = 0; k < config.episodes(); k++) {
            NashViTestSupport.playEpisode(game, learner, k, seeds.nextLong());
            CorrelatedPolicy pi = learner.episodePolicy();
            double[][] upper = oracle.bestResponseToMin(pi.minMarginal());
            double[][] lower = oracle.bestResponseToMax(pi.maxMarginal());
            for (int h = 0; h < game.horizon(); h++) {
                for (int s = 0; s < game.numStates(); s++) {
                    if (learner.algorithm().upperV(h, s) < upper[h][s] - 1e-9
                            || learner.algorithm().lowerV(h, s) > lower[h][s] + 1e-9) {
                        violations++;
                    }
                }
            }
        }
        double outputGap = oracle.nashGap(learner.algorithm().outputPolicy());
        return new int[] {violations, outputGap > learner.algorithm().minimalGap() + 1e-9 ? 1 : 0};
    }

    /**
     * A5: on every (h,s,a,b) where Assumption 3.1 holds for the central privatizer's N~ (checked against the true
     * counts) and N > 0, the deterministic consequences (13) ||P~ - P^||_1 <= 2SE/N~, (15) |P~(s') - P^(s')| <=
     * 2E/N~, (17) |(P~ - P^)V| <= 2HSE/N~ for random V in [0, H]^S, and (18) |sqrt Var_P~ V - sqrt Var_P^ V| <=
     * sqrt 3 H sqrt ||P~ - P^||_1 hold. RZ-small shape (3, 2, 2, 3), K = 400, eScale = 0.01.
     */
    @Test
    void assumptionConsequences() {
        CountShape shape = new CountShape(3, 3, 2, 2);
        int numStates = 3;
        double horizon = 3;
        int episodes = 400;
        Setup config = Setup.practical(episodes, 1.0, 0.1, Kind.CENTRAL, 0.1, 0.01,
                Truncation.H);
        double width = config.width(shape);
        CountReleases central = new CountReleases(shape, episodes, width, config.privatizer(shape.horizon()),
                PrivacyLedger.unaccounted(), NoiseSource.seeded(5));
        double[] pairs = new double[shape.pairCount()];
        double[] transitions = new double[shape.transitionCount()];
        SplittableRandom random = new SplittableRandom(6);
        int checked = 0;
        for (int k = 0; k < episodes; k++) {
            EpisodeIndicators episode = NashViTestSupport.randomEpisode(shape, random);
            episode.addTo(pairs, transitions, numStates);
            PrivateCounts tilde = central.update(episode);
            for (int pair = 0; pair < pairs.length; pair++) {
                double n = pairs[pair];
                double nTilde = tilde.pairs()[pair];
                boolean holds = n > 0 && n <= nTilde && nTilde <= n + width;
                double sum = 0;
                for (int next = 0; next < numStates; next++) {
                    double value = tilde.transitions()[pair * numStates + next];
                    holds &= value > 0 && Math.abs(value - transitions[pair * numStates + next]) <= width;
                    sum += value;
                }
                holds &= Math.abs(sum - nTilde) <= 1e-9 * nTilde;
                if (!holds) {
                    continue;
                }
                checked++;
                double[] pTilde = new double[numStates];
                double[] pHat = new double[numStates];
                double l1 = 0;
                for (int next = 0; next < numStates; next++) {
                    pTilde[next] = tilde.transitions()[pair * numStates + next] / nTilde;
                    pHat[next] = transitions[pair * numStates + next] / n;
                    l1 += Math.abs(pTilde[next] - pHat[next]);
                    assertTrue(Math.abs(pTilde[next] - pHat[next]) <= 2 * width / nTilde + 1e-12, "(15)");
                }
                assertTrue(l1 <= 2 * numStates * width / nTilde + 1e-12, "(13)");
                double[] v = new double[numStates];
                for (int next = 0; next < numStates; next++) {
                    v[next] = random.nextDouble(0, horizon);
                }
                double difference = 0;
                double meanTilde = 0;
                double meanHat = 0;
                double squareTilde = 0;
                double squareHat = 0;
                for (int next = 0; next < numStates; next++) {
                    difference += (pTilde[next] - pHat[next]) * v[next];
                    meanTilde += pTilde[next] * v[next];
                    meanHat += pHat[next] * v[next];
                    squareTilde += pTilde[next] * v[next] * v[next];
                    squareHat += pHat[next] * v[next] * v[next];
                }
                assertTrue(Math.abs(difference) <= 2 * horizon * numStates * width / nTilde + 1e-12, "(17)");
                double sdTilde = Math.sqrt(Math.max(0, squareTilde - meanTilde * meanTilde));
                double sdHat = Math.sqrt(Math.max(0, squareHat - meanHat * meanHat));
                assertTrue(Math.abs(sdTilde - sdHat) <= Math.sqrt(3) * horizon * Math.sqrt(l1) + 1e-12, "(18)");
            }
        }
        assertTrue(checked > 1000, "the assumption held on " + checked + " (pair, episode) cells");
    }
}
