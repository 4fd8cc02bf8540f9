package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.accounting.ZcdpAccountant;
import org.junit.jupiter.api.Test;

/**
 * {@code federated-td-noise} and the {@code federated-td} calibrations refuse, when built, a noise scale the exact
 * samplers cannot draw, naming the user's parameters and the limit; just inside each limit they build and draw
 * finite noise. The limits (the Javadoc of {@code ScaleLimits} in mechanisms): a float-safe Laplace sample is
 * {@code k r} with grid {@code r = 2^(floor(log2 b) - 39)} and {@code |k| < 2^53}, finite for every such k iff
 * {@code r <= 2^971}, that is {@code b < 2^1011}; a Gaussian one has grid {@code 2^(floor(log2 sigma) - 19)}, so
 * {@code sigma < 2^991}. The largest accepted scale is therefore {@code 2^1011} (or {@code 2^991}) less one ulp.
 */
class FederatedScaleLimitsTest {
    private static final double LAPLACE_MAX = Math.nextDown(0x1p1011);
    private static final double GAUSSIAN_MAX = Math.nextDown(0x1p991);
    private static final String LAPLACE_LIMIT = "at most 2^1011 less one ulp = " + LAPLACE_MAX
            + " (the exact Laplace sampler's largest scale: beyond it a sample can overflow to infinity)";
    private static final String GAUSSIAN_LIMIT = "at most 2^991 less one ulp = " + GAUSSIAN_MAX
            + " (the exact Gaussian sampler's largest sigma: beyond it a sample can overflow to infinity)";
    /**
     * R = 1/2, gamma = 0.9, lambda = 1/2: Delta_M = 2R / (1 - gamma lambda) = 1/0.55, as the module computes it,
     * rounded up: gamma lambda = 0.45 is exact (a halving), the exact 1 - 0.45 = 0.54999999999999998890 rounds to
     * nearest 0.55000000000000004441, above it, so the denominator rounded down is the double below; Delta_M is 1
     * over it rounded up.
     */
    private static final double DELTA_M = SafeRounding.divideUp(1, Math.nextDown(1 - 0.9 * 0.5));
    private static final WholeRunSensitivity RUN = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.power(0.65), 10);

    private static Privatizer plugin(String spec) {
        return Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    private static String refusal(String spec) {
        return assertThrows(IllegalArgumentException.class, () -> plugin(spec)).getMessage();
    }

    /** Releases the zero vector of {@code features} entries once; every released entry must be finite. */
    private static double[] releaseOnce(Privatizer privatizer, int features) {
        double[] released = ((Statistic.Vector) privatizer.release(new Statistic.Vector(new double[features]),
                NoiseSource.seeded(5), PrivacyLedger.unaccounted(), LedgerKey.global())).values();
        for (double value : released) {
            assertTrue(Double.isFinite(value), "released " + value);
        }
        return released;
    }

    @Test
    void thePluginDrawsLaplaceNoiseJustBelow2To1011AndRefuses2To1011NamingMechanismAndScale() {
        // scale = 2^1011 less one ulp: the grid is 2^971, and (2^53 - 1) 2^971 = Double.MAX_VALUE is finite
        double[] released = releaseOnce(plugin("federated-td-noise(mechanism=laplace, scale=" + LAPLACE_MAX
                + ", features=3, rounds=4)"), 3);
        assertTrue(Math.abs(released[0]) + Math.abs(released[1]) + Math.abs(released[2]) > 0, "noise was drawn");
        assertEquals("federated-td-noise: scale (the Laplace b) must be " + LAPLACE_LIMIT
                + "; got mechanism=laplace, scale=" + 0x1p1011,
                refusal("federated-td-noise(mechanism=laplace, scale=" + 0x1p1011 + ")"));
        // the audited case
        assertEquals("federated-td-noise: scale (the Laplace b) must be " + LAPLACE_LIMIT
                + "; got mechanism=laplace, scale=1.0E308", refusal("federated-td-noise(mechanism=laplace,"
                + " scale=1e308)"));
    }

    /**
     * The ledger's rho = charge^2 / (2 sigma^2) is finite up to the sampler's limit (SafeRounding.rho takes the ratio
     * charge / sigma first where a square overflows), so the Gaussian sigma stops where the whole-run charge does.
     * With whole-run accounting that charge adds up the squares of T per-release charges, each at least the grid
     * excess e = sqrt(K) 2^(E - 19) for sigma in [2^E, 2^(E+1)); with K = 2, T = 3 (Delta_M about 2, negligible):
     * E = 529 gives e^2 = 2^1021 (up to the rounding of sqrt 2) and 3 e^2 about 0.75 2^1023, finite, accepted;
     * E = 530 gives e^2 = 2^1023 and two of them overflow: the charge is infinite, refused (so is the sampler's
     * largest sigma 2^991 less one ulp). With per-round accounting nothing is squared: the charge is Delta_M + e,
     * and at sigma = 2^991 less one ulp (E = 990, e = sqrt(2) 2^971, Delta_M negligible) rho = 2 2^1942 /
     * (2 2^1982) = 2^-40, up to relative 2^-50 (sqrt 2 and sigma's ulp): accepted, and it draws. 2^991 itself is
     * refused by the sampler limit first. (Before SafeRounding.rho took the ratio, the ledger's 2 sigma^2
     * overflowed from about 2^511.5 on and every sigma from 2^512 was refused.) The same sigma is drawable as a
     * Laplace b (2^991 < 2^1011).
     */
    @Test
    void thePluginsGaussianSigmaStopsWhereTheWholeRunChargeOrTheSamplerDoes() {
        releaseOnce(plugin("federated-td-noise(scale=" + 0x1p512 + ", features=2, rounds=3)"), 2);
        releaseOnce(plugin("federated-td-noise(scale=" + Math.nextDown(0x1p530) + ", features=2, rounds=3)"), 2);
        assertEquals("federated-td-noise: scale (the Gaussian sigma) must be " + GAUSSIAN_LIMIT
                + "; got mechanism=gaussian, scale=" + 0x1p991, refusal("federated-td-noise(scale=" + 0x1p991 + ")"));
        for (double sigma : new double[] {0x1p530, GAUSSIAN_MAX}) {
            String message = refusal("federated-td-noise(scale=" + sigma + ", features=2, rounds=3)");
            assertTrue(message.startsWith("federated-td-noise: the guarantee rho = charged sensitivity^2 / (2 scale^2)"
                    + " must be positive and finite, also as the ledger rounds it; got mechanism=gaussian, scale="
                    + sigma + " (charged l2 sensitivity Infinity, rho Infinity, as the ledger rounds it Infinity)"),
                    message);
            assertTrue(message.endsWith("): a scale from about 2^531 / sqrt(K T) on overflows the squares of the"
                    + " whole-run charge, a tiny scale overflows the guarantee"), message);
        }
        FederatedNoisePrivatizer perRound = (FederatedNoisePrivatizer) plugin("federated-td-noise(scale="
                + GAUSSIAN_MAX + ", features=2, rounds=3, accounting=paper-per-round)");
        assertEquals(0x1p-40, ((PrivacyGuarantee.Zcdp) perRound.guarantee()).rho(), 0x1p-90);
        releaseOnce(perRound, 2);
        releaseOnce(plugin("federated-td-noise(mechanism=laplace, scale=" + 0x1p991 + ", features=2)"), 2);
    }

    @Test
    void theConstructorRefusesInTheSameWordsInBothAccountings() {
        for (RunAccounting accounting : RunAccounting.values()) {
            IllegalArgumentException laplace = assertThrows(IllegalArgumentException.class,
                    () -> new FederatedNoisePrivatizer(NoiseMechanism.LAPLACE, 0x1p1011, RUN, 2, accounting));
            assertEquals("federated-td-noise: scale (the Laplace b) must be " + LAPLACE_LIMIT
                    + "; got mechanism=laplace, scale=" + 0x1p1011, laplace.getMessage());
            IllegalArgumentException gaussian = assertThrows(IllegalArgumentException.class,
                    () -> new FederatedNoisePrivatizer(NoiseMechanism.GAUSSIAN, 0x1p991, RUN, 2, accounting));
            assertEquals("federated-td-noise: scale (the Gaussian sigma) must be " + GAUSSIAN_LIMIT
                    + "; got mechanism=gaussian, scale=" + 0x1p991, gaussian.getMessage());
            releaseOnce(new FederatedNoisePrivatizer(NoiseMechanism.LAPLACE, LAPLACE_MAX, RUN, 2, accounting), 2);
            releaseOnce(new FederatedNoisePrivatizer(NoiseMechanism.GAUSSIAN, 0x1p511, RUN, 2, accounting), 2);
        }
    }

    /**
     * laplace-literal: b = Delta_M / epsilon. At epsilon = Delta_M 2^-1011 (exact: a power-of-two scaling of a
     * normal double) b = 2^1011 exactly: refused. At the next double up, epsilon = Delta_M 2^-1011 (1 + u) with
     * u in (2^-53, 2^-52], b = 2^1011 (1 - u + ...), more than half the spacing 2^958 below 2^1011: b rounds to at
     * most 2^1011 less one ulp, and is accepted.
     */
    @Test
    void laplaceLiteralRefusesAnEpsilonWhoseScaleReaches2To1011() {
        double refused = DELTA_M * 0x1p-1011;
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_LITERAL, new PrivacyBudget(refused, 0),
                        RUN, 2, 3));
        assertEquals("federated-td(noise=laplace-literal): b = Delta_M / epsilon, with Delta_M = 2 cost-bound"
                + " / (1 - gamma lambda) = " + DELTA_M + ", must be " + LAPLACE_LIMIT + "; got epsilon=" + refused
                + ", rounds=10, features=2", error.getMessage());
        CalibratedNoise accepted = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_LITERAL,
                new PrivacyBudget(Math.nextUp(refused), 0), RUN, 2, 3);
        assertTrue(accepted.scale() <= LAPLACE_MAX && accepted.scale() > 0x1p1010, "b = " + accepted.scale());
        releaseOnce(accepted.privatizer(), 2);
    }

    /**
     * laplace-global: b = T sqrt(K) Delta_M / epsilon. With R = 2^1000, gamma = 1/2, lambda = 1: Delta_M = 2R / (1
     * - 1/2) = 2^1002; T = K = 1: b = 2^1002 / epsilon. epsilon = 2^-9 gives b = 2^1011: refused. The next double
     * up gives 2^1011 / (1 + 2^-52), which rounds to 2^1011 - 2^959: accepted, and its whole-run epsilon is the
     * grid excess alone (T = 1: no release after the change), 2^971 / b = 2^-40 (1 + 2^-52), below 2^-9.
     */
    @Test
    void laplaceGlobalRefusesAnEpsilonWhoseScaleReaches2To1011NamingRoundsAndFeatures() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0x1p1000, 0.5, 1, StepSizes.constant(0.02), 1);
        assertEquals(0x1p1002, run.perRelease(), 0);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                        new PrivacyBudget(0x1p-9, 0), run, 1, 3));
        assertEquals("federated-td(noise=laplace-global): b = T sqrt(K) Delta_M / epsilon, with T the rounds, K the"
                + " features and Delta_M = 2 cost-bound / (1 - gamma lambda) = " + 0x1p1002 + ", must be "
                + LAPLACE_LIMIT + "; got epsilon=" + 0x1p-9 + ", rounds=1, features=1", error.getMessage());
        CalibratedNoise accepted = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                new PrivacyBudget(Math.nextUp(0x1p-9), 0), run, 1, 3);
        assertEquals(0x1p1011 - 0x1p959, accepted.scale(), 0);
        releaseOnce(accepted.privatizer(), 1);
    }

    /**
     * paper (Theorem 3): sigma^2 = T S(nu, Delta_M) / (nu epsilon), S(1, Delta) = 2 * 3 * 2^0 + Delta * 2 * 2^1 = 6 +
     * 4 Delta. With R = 1/8, gamma = 1/2, lambda = 1: Delta_M = 1/2, S = 8; T = 1, nu = 1: sigma^2 = 8 / epsilon.
     * A finite sigma^2 gives sigma below 2^512, inside the sampler's 2^991, so the sampler limit refuses only the
     * infinite sigma: epsilon = 2^-1021 makes sigma^2 = 2^1024, which overflows. epsilon = 2^-1020 gives sigma =
     * sqrt(2^1023) = 2^511 sqrt(2), whose 2 sigma^2 exceeds 2^1024: the ledger's rho takes the ratio charge / sigma
     * first, so it stays finite (about 2^-39: the charge is about the grid excess sqrt(2) 2^492, Delta_M = 1/2 being
     * negligible): accepted, and it draws (it was refused while the ledger squared sigma). epsilon = 2^-1019 gives
     * sigma = 2^511.
     */
    @Test
    void paperRefusesAnEpsilonWhoseSigmaOverflows() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.125, 0.5, 1, StepSizes.constant(0.02), 1);
        assertEquals(0.5, run.perRelease(), 0);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                        new PrivacyBudget(0x1p-1021, 1e-5), run, 2, 1));
        assertEquals("federated-td(noise=paper): sigma = sqrt(T S(nu, Delta_M) / (nu epsilon)), with T the rounds and"
                + " Delta_M = 2 cost-bound / (1 - gamma lambda) = 0.5, must be " + GAUSSIAN_LIMIT + "; got epsilon="
                + 0x1p-1021 + ", delta=1.0E-5, nu=1, rounds=1, features=2", error.getMessage());
        CalibratedNoise large = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(0x1p-1020, 1e-5), run, 2, 1);
        assertEquals(Math.sqrt(0x1p1023), large.scale(), 0);
        releaseOnce(large.privatizer(), 2);
        CalibratedNoise accepted = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(0x1p-1019, 1e-5), run, 2, 1);
        assertEquals(0x1p511, accepted.scale(), 0);
        releaseOnce(accepted.privatizer(), 2);
    }

    /**
     * The other end of the calibrations, a huge epsilon. laplace-literal at epsilon = Double.MAX_VALUE: b = Delta_M /
     * epsilon, about 1E-308, and the whole-run charge is at least sqrt(2) Delta_M (the first later release alone,
     * alpha_0 = 1, K = 2), so its epsilon charge / b overflows: the master's privatizer refuses b, and so does the
     * calibration, naming epsilon. With alpha = 0.02 (whole-run charge about 0.02 Delta_M) and epsilon =
     * Double.MAX_VALUE / 4, K = 1, T = 10, the whole run and a single round stay finite (about epsilon / 50 and
     * epsilon) but the paper's per-round composition T Delta_M / b = 10 epsilon overflows: refused too.
     */
    @Test
    void aHugeEpsilonWhoseGuaranteesOverflowIsRefusedNamingEpsilon() {
        String tiny = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_LITERAL,
                        new PrivacyBudget(Double.MAX_VALUE, 0), RUN, 2, 3)).getMessage();
        assertTrue(tiny.startsWith("federated-td(noise=laplace-literal): the calibrated b " + DELTA_M / Double.MAX_VALUE
                + " is refused by the master's privatizer (federated-td-noise: the guarantee epsilon = charged"
                + " sensitivity / scale must be positive and finite"), tiny);
        assertTrue(tiny.endsWith("); got epsilon=" + Double.MAX_VALUE + ", rounds=10, features=2"), tiny);
        WholeRunSensitivity constant = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), 10);
        double epsilon = Double.MAX_VALUE / 4;
        String perRound = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_LITERAL, new PrivacyBudget(epsilon, 0),
                        constant, 1, 3)).getMessage();
        assertTrue(perRound.startsWith("federated-td(noise=laplace-literal): the epsilon of the calibrated noise must"
                + " be finite, for the whole run and for the paper's per-round accounting, got "), perRound);
        assertTrue(perRound.endsWith(" and Infinity (use a smaller epsilon); got epsilon=" + epsilon
                + ", rounds=10, features=1"), perRound);
    }

    /**
     * The paper's per-round accounting can overflow where the privatizer's guarantees do not: paper rule, nu = 1,
     * R = 4, gamma = 1/2, lambda = 1 (Delta_M = 16, S(1, 16) = 6 + 4 * 16 = 70), alpha = 0.02, T = 10, K = 1 and
     * epsilon = Double.MAX_VALUE / 1.5: sigma^2 = 10 * 70 / epsilon, about 5.8E-306. One round's rho, 16^2 / (2
     * sigma^2) = 256 epsilon / 1400, about 2.2E307, is finite (the privatizer accepts sigma), but the paper's T = 10
     * rounds compose to ten times that: infinite. Refused, naming epsilon, delta, nu, the rounds and the features.
     */
    @Test
    void aGaussianPerRoundEpsilonThatOverflowsIsRefused() {
        WholeRunSensitivity run = WholeRunSensitivity.of(4, 0.5, 1, StepSizes.constant(0.02), 10);
        assertEquals(16, run.perRelease(), 0);
        double epsilon = Double.MAX_VALUE / 1.5;
        String message = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3, new PrivacyBudget(epsilon,
                        1e-5), run, 1, 1)).getMessage();
        assertTrue(message.startsWith("federated-td(noise=paper): the epsilon of the calibrated noise must be finite,"
                + " for the whole run and for the paper's per-round accounting, got "), message);
        assertTrue(message.endsWith(" and Infinity (use a smaller epsilon); got epsilon=" + epsilon
                + ", delta=1.0E-5, nu=1, rounds=10, features=1"), message);
    }

    /**
     * The other end. Per-round accounting, K = 1: the charge is Delta_M + r (r the grid, at most 2^-39 b or 2^-19
     * sigma, so Delta_M + r is strictly between Delta_M and the double after it for the tiny scales here, and the
     * charge rounded up is that next double). Laplace b = 1e-310: epsilon = Delta_M / b
     * = 1.8E310 overflows; Gaussian sigma = 1e-160: 2 sigma^2 = 2E-320 and rho = Delta_M^2 / 2E-320 overflows:
     * both refused (the guarantee could not be stated). b = 4 * 2^-1022 and sigma = 2^-500 keep it finite
     * (1.82 * 2^1020 and 1.65 * 2^999): they build and draw exactly on their grids 2^-1059 and 2^-519.
     */
    @Test
    void aScaleWhoseGuaranteeOverflowsIsRefusedAndSmallerDrawableOnesStayExact() {
        double charge = Math.nextUp(DELTA_M);
        IllegalArgumentException laplace = assertThrows(IllegalArgumentException.class,
                () -> new FederatedNoisePrivatizer(NoiseMechanism.LAPLACE, 1e-310, RUN, 1,
                        RunAccounting.PAPER_PER_ROUND));
        assertEquals("federated-td-noise: the guarantee epsilon = charged sensitivity / scale must be positive and"
                + " finite, also as the ledger rounds it; got mechanism=laplace, scale=1.0E-310 (charged l1"
                + " sensitivity " + charge + ", epsilon Infinity, as the ledger rounds it Infinity): a tiny scale"
                + " overflows the guarantee", laplace.getMessage());
        IllegalArgumentException gaussian = assertThrows(IllegalArgumentException.class,
                () -> new FederatedNoisePrivatizer(NoiseMechanism.GAUSSIAN, 1e-160, RUN, 1,
                        RunAccounting.PAPER_PER_ROUND));
        assertEquals("federated-td-noise: the guarantee rho = charged sensitivity^2 / (2 scale^2) must be positive and"
                + " finite, also as the ledger rounds it; got mechanism=gaussian, scale=1.0E-160 (charged l2"
                + " sensitivity " + charge + ", rho Infinity, as the ledger rounds it Infinity): a tiny scale"
                + " overflows the guarantee",
                gaussian.getMessage());
        FederatedNoisePrivatizer smallB = new FederatedNoisePrivatizer(NoiseMechanism.LAPLACE, 4 * Double.MIN_NORMAL,
                RUN, 1, RunAccounting.PAPER_PER_ROUND);
        assertEquals(charge / (4 * Double.MIN_NORMAL), ((PrivacyGuarantee.PureDp)
                smallB.guarantee()).epsilon(), 0);
        FederatedNoisePrivatizer smallSigma = new FederatedNoisePrivatizer(NoiseMechanism.GAUSSIAN, 0x1p-500, RUN, 1,
                RunAccounting.PAPER_PER_ROUND);
        assertEquals(charge * charge / (2 * 0x1p-1000), ((PrivacyGuarantee.Zcdp)
                smallSigma.guarantee()).rho(), 0);
        double[] onGrid = new double[16];
        for (int draw = 0; draw < onGrid.length; draw++) {
            onGrid[draw] = releaseOnce(draw % 2 == 0 ? smallB : smallSigma, 1)[0];
            double grid = draw % 2 == 0 ? 0x1p-1059 : 0x1p-519;
            assertEquals(0, Math.IEEEremainder(onGrid[draw], grid), 0, "on the grid " + grid);
        }
    }

    /**
     * A cost bound so large that the charge squared overflows, with a sigma that keeps the ledger finite: R = 2^489,
     * gamma = 1/2, lambda = 1 give Delta_M = 4R = 2^491; with sigma = 2^511 (grid 2^492) the per-round charge is
     * 2^491 + 2^492 = 3 * 2^491, and 2 sigma^2 = 2^1023. Its square 9 * 2^982 is finite, so rho = 9 * 2^982 / 2^1023
     * = 9 * 2^-41 exactly. With Delta_M = 2^600 (R = 2^598) the charge 2^600 + 2^492 is rounded UP to the double
     * after 2^600, c = 2^600 (1 + 2^-52) (2^492 is below half its ulp 2^548, so to nearest it would be 2^600, below
     * the real charge), whose square overflows: the ratio c / 2^511 = 2^89 (1 + 2^-52) is exact; rho as computed is
     * its square 2^178 (1 + 2^-51 + 2^-104) rounded to nearest, 2^178 (1 + 2^-51), halved: 2^177 (1 + 2^-51); the
     * ledger rounds the same square up, 2^177 (1 + 3 2^-52) (it was refused while the ledger squared).
     */
    @Test
    void aLargeCostBoundWithAProportionateSigmaHasAnExactGuarantee() {
        FederatedNoisePrivatizer privatizer = (FederatedNoisePrivatizer) plugin("federated-td-noise(scale=" + 0x1p511
                + ", cost-bound=" + 0x1p489 + ", gamma=0.5, lambda=1, rounds=1, features=1,"
                + " accounting=paper-per-round)");
        assertEquals(3 * 0x1p491, privatizer.chargedSensitivity(), 0);
        assertEquals(9 * 0x1p-41, ((PrivacyGuarantee.Zcdp) privatizer.guarantee()).rho(), 0);
        releaseOnce(privatizer, 1);
        FederatedNoisePrivatizer huge = (FederatedNoisePrivatizer) plugin("federated-td-noise(scale=" + 0x1p511
                + ", cost-bound=" + 0x1p598 + ", gamma=0.5, lambda=1, rounds=1, features=1,"
                + " accounting=paper-per-round)");
        assertEquals(0x1p600 + 0x1p548, huge.chargedSensitivity(), 0);
        assertEquals(0x1p177 + 0x1p126, ((PrivacyGuarantee.Zcdp) huge.guarantee()).rho(), 0);
        assertEquals(0x1p177 + 3 * 0x1p125, ledgerRho(huge), 0);
        releaseOnce(huge, 1);
    }

    /**
     * The computed rho keeps the quotient of the squares (the value of earlier releases) while both are normal:
     * charge 2^-511 squares to exactly 2^-1022 (the ratio form, 2^-511 / 0.1 squared and halved, rounds
     * differently there, so this tells the two apart); where a square overflows or underflows it is half the
     * squared ratio: 2^600 / 2^511 = 2^89, rho 2^177; 2^-600 / 2^-601 = 2, rho 2; 2^511 / 2^600 = 2^-89 (2 sigma^2
     * overflows alone), rho 2^-179.
     */
    @Test
    void theComputedRhoIsTheQuotientOfTheSquaresWhileBothAreNormal() {
        assertEquals(0x1p-1022 / (2 * 0.1 * 0.1), FederatedNoisePrivatizer.gaussianRho(0x1p-511, 0.1), 0);
        assertEquals(0x1p177, FederatedNoisePrivatizer.gaussianRho(0x1p600, 0x1p511), 0);
        assertEquals(2, FederatedNoisePrivatizer.gaussianRho(0x1p-600, 0x1p-601), 0);
        assertEquals(0x1p-179, FederatedNoisePrivatizer.gaussianRho(0x1p511, 0x1p600), 0);
    }

    /** The rho a zCDP ledger charges for one release of the privatizer. */
    private static double ledgerRho(Privatizer privatizer) {
        PrivacyLedger ledger = PrivacyLedger.of(ZcdpAccountant::new, 1e-6);
        privatizer.release(new Statistic.Vector(new double[1]), NoiseSource.seeded(5), ledger, LedgerKey.global());
        return ((ZcdpAccountant) ledger.accountant(LedgerKey.global()).orElseThrow()).rho();
    }

    /**
     * Tiny charges: R = 2^-600 (Delta_M = 2^-598) and sigma = 2^-537 (grid 2^-556): the charge c = 2^-598 + 2^-556
     * (exact: 42 bits apart) squares to 0 as a double (below 2^-1074), so rho = c^2 / (2 sigma^2) was 0 and the
     * privatizer refused it. Now the ratio comes first: c / sigma = 2^-19 + 2^-61 exactly, its square 2^-38 + 2^-79
     * + 2^-122 needs 85 bits; to nearest it is 2^-38 + 2^-79 (2^-122 is below half the ulp 2^-90), so the computed
     * rho is 2^-39 + 2^-80; the ledger rounds 2^-39 + 2^-80 + 2^-123 up, to 2^-39 + 2^-80 + 2^-91 (ulp 2^-91).
     */
    @Test
    void aChargeWhoseSquareUnderflowsHasAPositiveGuarantee() {
        double charge = 0x1p-598 + 0x1p-556;
        assertEquals(0, charge * charge, 0);
        FederatedNoisePrivatizer tiny = (FederatedNoisePrivatizer) plugin("federated-td-noise(scale=" + 0x1p-537
                + ", cost-bound=" + 0x1p-600 + ", gamma=0.5, lambda=1, rounds=1, features=1,"
                + " accounting=paper-per-round)");
        assertEquals(charge, tiny.chargedSensitivity(), 0);
        assertEquals(0x1p-39 + 0x1p-80, ((PrivacyGuarantee.Zcdp) tiny.guarantee()).rho(), 0);
        assertEquals(0x1p-39 + 0x1p-80 + 0x1p-91, ledgerRho(tiny), 0);
    }
}
