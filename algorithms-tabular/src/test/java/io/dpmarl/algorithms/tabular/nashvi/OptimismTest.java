package io.dpmarl.algorithms.tabular.nashvi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.tabular.nashvi.oracle.ZeroSumOracle;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;
import io.dpmarl.environments.zerosum.ZeroSumGames;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Optimism of DP-Nash-VI (Qiao and Wang, "Differentially Private Reinforcement Learning with Self-Play",
 * 2024: the optimism lemma of Appendix B, after Nash-VI of Liu et al.
 * 2021): on the good event, for every episode k, stage h, state s and joint action (a, b),
 * <pre>
 *   Qup^k_h(s,a,b) &gt;= Q^{dagger,nu^k}_h(s,a,b)   and   Qlo^k_h(s,a,b) &lt;= Q^{mu^k,dagger}_h(s,a,b),
 *   hence Vup^k_h(s) &gt;= V^{dagger,nu^k}_h(s) &gt;= V*_h(s) &gt;= V^{mu^k,dagger}_h(s) &gt;= Vlo^k_h(s),
 * </pre>
 * with mu^k, nu^k the marginals of the episode's correlated policy and the right-hand sides computed exactly from
 * the game's model.
 *
 * <p><b>Why a new test.</b> In theory mode (C1 = 2, C2 = 10) with the private privatizers at epsilon = 1 the certified
 * gap Vup - Vlo stays at H in every run of the statistical checks, so Vup = H and Vlo = 0 and the properties above hold
 * trivially. Here the counts are non-private (E = 0, so the bonus is the Bernstein bonus of eq. 21 with the theory
 * constants) on the smallest random game with stochastic transitions (S = A = B = H = 2), and K = 2^16 episodes: the
 * certified gap falls below H after about 2^15 episodes (the test asserts it does for more than a quarter of the run)
 * and optimism is checked at every one of the 2^16 episodes. On the same game, the private privatizers leave the gap at
 * H up to K = 2^16 unless epsilon is about 10^5; a second test checks them there.
 *
 * <p>False-rejection rate: the lemma holds on the good event, of probability at least 1 - beta = 0.99 per run (three
 * runs: at most 0.03); the seeds are fixed. A mutant without the bonus (C1 = C2 = 10^-12, the smallest positive
 * constants the configuration accepts) must violate optimism.
 */
class OptimismTest {
    private static final TabularZeroSumGame GAME = ZeroSumGames.random(2, 2, 2, 2, 1);
    private static final CountShape SHAPE = new CountShape(2, 2, 2, 2);
    private static final int EPISODES = 1 << 16;
    private static final double BETA = 0.01;
    private static final double TOLERANCE = 1e-9;

    /** What a run showed. */
    private record Outcome(long violations, int episodesBelowH, int firstBelowH, double finalGap) {
    }

    @Test
    void theoryConstantsAreOptimisticAtEveryEpisodeOnceTheGapIsBelowH() {
        DpNashViConfig config = DpNashViConfig.theory(EPISODES, BETA);
        Outcome outcome = run(config, 5, false);
        System.out.println("theory mode, non-private counts: " + outcome);
        // The test is informative: the last quarter of the run, at least, plans with a certified gap below H
        // (recorded: 31629 episodes below H, the first
        // at episode 29061; 1.25 at the end).
        assertTrue(outcome.finalGap() < SHAPE.horizon(), outcome.toString());
        assertTrue(outcome.episodesBelowH() > EPISODES / 4, outcome.toString());
        assertEquals(0, outcome.violations(), outcome.toString());
    }

    @Test
    void privateCountsAreOptimisticWhileTheGapIsBelowH() {
        // The same check through the private privatizers, so that the width term C2 H S E iota / N~ of the bonus
        // and the post-processing of eqs. 8-9 are exercised. On this game the gap leaves H only at epsilon around
        // 10^5 (at 10^3 and 10^4 it stays at H for all 2^16 episodes); the large epsilon is a test of the
        // optimism mechanics, not a privacy setting. Recorded: central 26738 episodes below H, local 18761.
        for (CountsPrivatizer counts : List.of(
                new CentralCountsPrivatizer(1e5, SHAPE.horizon(), NoiseCalibration.RIGOROUS),
                new LocalCountsPrivatizer(1e5, SHAPE.horizon(), NoiseCalibration.RIGOROUS))) {
            Outcome outcome = run(DpNashViConfig.theory(EPISODES, BETA), 5, false, counts);
            System.out.println(counts.name() + " at epsilon = 1e5: " + outcome);
            assertTrue(outcome.episodesBelowH() > EPISODES / 8, counts.name() + ": " + outcome);
            assertEquals(0, outcome.violations(), counts.name() + ": " + outcome);
        }
    }

    @Test
    void mutantWithoutTheBonusViolatesOptimism() {
        DpNashViConfig noBonus = new DpNashViConfig(EPISODES, BETA, ConstantMode.THEORY, 1e-12, 1e-12, 1.0,
                Truncation.H, CceObjective.MIN_GAP);
        Outcome outcome = run(noBonus, 5, true);
        System.out.println("no bonus (mutant): " + outcome);
        assertTrue(outcome.violations() > 0, outcome.toString());
    }

    /**
     * Runs DP-Nash-VI on {@link #GAME} and checks optimism after every plan; with {@code stopAtViolation} it stops at
     * the first violating episode.
     */
    private static Outcome run(DpNashViConfig config, long seed, boolean stopAtViolation) {
        return run(config, seed, stopAtViolation, new NonPrivateCountsPrivatizer(SHAPE.horizon()));
    }

    private static Outcome run(DpNashViConfig config, long seed, boolean stopAtViolation, CountsPrivatizer counts) {
        int horizon = SHAPE.horizon();
        int states = SHAPE.numStates();
        int joint = SHAPE.jointActions();
        double[][][] rewards = new double[horizon][states][joint];
        for (int h = 0; h < horizon; h++) {
            for (int s = 0; s < states; s++) {
                for (int j = 0; j < joint; j++) {
                    rewards[h][s][j] = GAME.reward(h, s, j, 0);
                }
            }
        }
        DpNashVi algorithm = new DpNashVi(SHAPE, config, rewards, 0, new CountReleases(SHAPE, config.episodes(),
                config.width(counts, SHAPE), counts, PrivacyLedger.unaccounted(), NoiseSource.seeded(seed)));
        ZeroSumOracle oracle = new ZeroSumOracle(GAME);
        double[][] nash = oracle.nashValues();
        SplittableRandom random = new SplittableRandom(seed);
        long violations = 0;
        int belowH = 0;
        int firstBelowH = -1;
        for (int k = 0; k < config.episodes(); k++) {
            CorrelatedPolicy policy = algorithm.plan();
            if (algorithm.lastGap() < horizon) {
                belowH++;
                firstBelowH = firstBelowH < 0 ? k + 1 : firstBelowH;
            }
            violations += violations(algorithm, policy, oracle, nash);
            if (stopAtViolation && violations > 0) {
                return new Outcome(violations, belowH, firstBelowH, algorithm.lastGap());
            }
            algorithm.update(episode(policy, random));
        }
        return new Outcome(violations, belowH, firstBelowH, algorithm.lastGap());
    }

    /** The number of (h, s) and (h, s, a, b) at which one of the optimism inequalities fails. */
    private static int violations(DpNashVi algorithm, CorrelatedPolicy policy, ZeroSumOracle oracle,
                                  double[][] nash) {
        double[][] upperTarget = oracle.bestResponseToMin(policy.minMarginal());
        double[][] lowerTarget = oracle.bestResponseToMax(policy.maxMarginal());
        int count = 0;
        for (int h = 0; h < SHAPE.horizon(); h++) {
            for (int s = 0; s < SHAPE.numStates(); s++) {
                double up = algorithm.upperV(h, s);
                double lo = algorithm.lowerV(h, s);
                count += up < upperTarget[h][s] - TOLERANCE ? 1 : 0;
                count += lo > lowerTarget[h][s] + TOLERANCE ? 1 : 0;
                count += up < nash[h][s] - TOLERANCE || lo > nash[h][s] + TOLERANCE ? 1 : 0;
                for (int j = 0; j < SHAPE.jointActions(); j++) {
                    count += algorithm.upperQ(h, s)[j] < q(h, s, j, upperTarget[h + 1]) - TOLERANCE ? 1 : 0;
                    count += algorithm.lowerQ(h, s)[j] > q(h, s, j, lowerTarget[h + 1]) + TOLERANCE ? 1 : 0;
                }
            }
        }
        return count;
    }

    /** r_h(s, j) + P_h(. | s, j) V. */
    private static double q(int h, int s, int joint, double[] next) {
        double value = GAME.reward(h, s, joint, 0);
        double[] row = GAME.transition(h, s, joint);
        for (int t = 0; t < row.length; t++) {
            value += row[t] * next[t];
        }
        return value;
    }

    /** One episode of the correlated policy in the exact game, from s_1 = 0 (non-private randomness). */
    private static EpisodeIndicators episode(CorrelatedPolicy policy, SplittableRandom random) {
        int horizon = SHAPE.horizon();
        int[] pairs = new int[horizon];
        int[] next = new int[horizon];
        int state = 0;
        for (int h = 0; h < horizon; h++) {
            int joint = sample(policy.table()[h][state], random);
            pairs[h] = SHAPE.pairIndex(h, state, joint);
            next[h] = sample(GAME.transition(h, state, joint), random);
            state = next[h];
        }
        return new EpisodeIndicators(pairs, next);
    }

    private static int sample(double[] distribution, SplittableRandom random) {
        double u = random.nextDouble();
        double cumulative = 0;
        for (int i = 0; i < distribution.length; i++) {
            cumulative += distribution[i];
            if (u < cumulative) {
                return i;
            }
        }
        return distribution.length - 1;
    }
}
