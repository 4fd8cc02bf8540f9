package io.dpmarl.algorithms.federated.privacy;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.AbstractReleaseStream;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.noise.Samplers;
import io.dpmarl.mechanisms.privatizers.ScaleLimits;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The master's noise of DP federated TD(lambda) (paper "Differentially private federated temporal difference
 * learning", Algorithm 2 eq. (13)) as a release stream: each release adds i.i.d. noise to every coordinate of the
 * K-vector aggregate theta_{t+1}^0, Gaussian N(0, sigma^2) or Laplace Lap(0, b), drawn by the float-safe
 * {@link Samplers} (each coordinate first rounded to the sampler's grid r, which moves neighbouring inputs apart
 * by at most e = sqrt(K) r in l2, K r in l1; the charged sensitivity includes e on every release).
 *
 * <p><b>Guarantee</b> (neighbouring relation {@link Neighbouring#AGENT_REWARD}, event level: one agent's cost at
 * one time). With {@link RunAccounting#WHOLE_RUN} (the default) the stream's accounting is
 * {@link StreamAccounting.UpFront}: the T releases form ONE Gaussian (Laplace) mechanism whose l2 (l1) sensitivity
 * is the {@link WholeRunSensitivity} of the public step-size schedule plus the grid excess; this whole-run event
 * is charged once, when the stream opens (before any noise), and the stream refuses release T + 1. With
 * {@link RunAccounting#PAPER_PER_ROUND} (PAPER-LITERAL, unsound in general) each release charges the per-round
 * event of sensitivity Delta_M + e.
 *
 * <p><b>Assumptions</b> (enforced by the caller that builds the {@link WholeRunSensitivity}: features with row norm
 * at most 1, costs clipped to [-R, R]); the stream itself refuses inputs of another length than K and non-finite
 * entries before anything is charged or drawn, without quoting the private values.
 *
 * <p><b>Scale limits</b> ({@link ScaleLimits}): a scale the exact sampler cannot draw is refused when the
 * privatizer is built, naming {@code mechanism} and {@code scale}: a Gaussian sigma from {@code 2^991} on, a Laplace
 * b from {@code 2^1011} on (beyond them a sample on the sampler's grid can overflow to infinity). So is a scale whose
 * guarantee (rho = charged^2 / (2 sigma^2), epsilon = charged / b), as computed or as the ledger rounds it
 * ({@link SafeRounding}), is not positive and finite: a tiny scale (for example b below about charged /
 * {@code Double.MAX_VALUE}), and, for the Gaussian with whole-run accounting, a sigma from about
 * {@code 2^531 / sqrt(K T)} on, where the whole-run charge, which adds up the squares of T per-release charges of
 * at least the grid excess sqrt(K) 2^-19 sigma each, overflows to infinity. The ledger's rho itself is finite up
 * to the sampler's limit ({@link SafeRounding#rho} takes the ratio first where a square overflows), so with
 * per-round accounting every Gaussian sigma up to {@code 2^991} less one ulp is accepted. Every accepted scale is
 * drawn on the sampler's grid, which is at least {@code 2^-1061}.
 */
public final class FederatedNoisePrivatizer implements Privatizer {
    /** The plugin name. */
    public static final String NAME = "federated-td-noise";

    private final NoiseMechanism mechanism;
    private final double scale;
    private final int dimension;
    private final double granularity;
    private final RunAccounting accounting;
    private final long rounds;
    private final double declaredSensitivity;
    private final double chargedSensitivity;
    private final double loss;

    /**
     * A privatizer for one run.
     *
     * @param mechanism  Gaussian or Laplace
     * @param scale      sigma (Gaussian) or b (Laplace), in (0, inf): sigma below {@code 2^991}, b below
     *                   {@code 2^1011} ({@link ScaleLimits#GAUSSIAN_MAX_SIGMA}, {@link ScaleLimits#LAPLACE_MAX_SCALE})
     * @param run        the whole-run sensitivity of the run's schedule (its rounds are the stream's length T)
     * @param dimension  K, the length of the released vector, at least 1
     * @param accounting whole run (sound, up front) or the paper's per-round accounting
     */
    public FederatedNoisePrivatizer(NoiseMechanism mechanism, double scale, WholeRunSensitivity run, int dimension,
                                    RunAccounting accounting) {
        if (mechanism == null) {
            throw new IllegalArgumentException("mechanism must be GAUSSIAN or LAPLACE, got null");
        }
        if (run == null || accounting == null) {
            throw new IllegalArgumentException("run and accounting must be given, got null");
        }
        this.mechanism = mechanism;
        boolean gaussian = mechanism == NoiseMechanism.GAUSSIAN;
        this.scale = Checks.positiveFinite(gaussian ? "sigma" : "b", scale);
        ScaleLimits.require(NAME, gaussian ? "scale (the Gaussian sigma)" : "scale (the Laplace b)", scale,
                gaussian ? ScaleLimits.GAUSSIAN_MAX_SIGMA : ScaleLimits.LAPLACE_MAX_SCALE,
                gaussian ? ScaleLimits.GAUSSIAN_LIMIT_TEXT : ScaleLimits.LAPLACE_LIMIT_TEXT,
                ScaleLimits.given("mechanism", mechanism.name().toLowerCase(Locale.ROOT), "scale", scale));
        this.dimension = Checks.atLeast("K", dimension, 1);
        this.accounting = accounting;
        this.rounds = run.rounds();
        this.granularity = gaussian ? Samplers.gaussianGranularity(scale) : Samplers.laplaceGranularity(scale);
        double excess = gridExcess(gaussian, dimension, granularity);
        if (accounting == RunAccounting.WHOLE_RUN) {
            this.declaredSensitivity = gaussian ? run.l2() : run.l1(dimension);
            this.chargedSensitivity = gaussian ? WholeRunSensitivity.totalL2(run.l2Charges(excess))
                    : WholeRunSensitivity.totalL1(run.l1Charges(dimension, excess));
        } else {
            this.declaredSensitivity = gaussian ? run.perRelease()
                    : FederatedTdSensitivity.l1FromL2(run.perRelease(), dimension);
            this.chargedSensitivity = SafeRounding.addUp(declaredSensitivity, excess);
        }
        this.loss = gaussian ? gaussianRho(chargedSensitivity, scale) : chargedSensitivity / scale;
        double ledger = gaussian ? SafeRounding.rho(scale, chargedSensitivity)
                : SafeRounding.divideUp(chargedSensitivity, scale);
        // the ledger's value bounds the guarantee's from above (rounded up), and the guarantee is at least about
        // 2^-41 (the charge includes the grid excess, at least 2^-20 of the scale): checking the ledger's suffices
        if (!(ledger > 0 && ledger < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(NAME + ": the guarantee " + (gaussian
                    ? "rho = charged sensitivity^2 / (2 scale^2)" : "epsilon = charged sensitivity / scale")
                    + " must be positive and finite, also as the ledger rounds it; got "
                    + ScaleLimits.given("mechanism", mechanism.name().toLowerCase(Locale.ROOT), "scale", scale)
                    + " (charged " + (gaussian ? "l2" : "l1") + " sensitivity " + chargedSensitivity + ", "
                    + (gaussian ? "rho " : "epsilon ") + loss + ", as the ledger rounds it " + ledger + "): "
                    + (gaussian && accounting == RunAccounting.WHOLE_RUN ? "a scale from about 2^531 / sqrt(K T) on"
                    + " overflows the squares of the whole-run charge, " : "")
                    + "a tiny scale overflows the guarantee");
        }
    }

    /**
     * The grid excess e of K coordinates on the grid r, rounded up: sqrt(K) r in l2 (Gaussian), K r in l1 (Laplace).
     */
    static double gridExcess(boolean gaussian, int dimension, double granularity) {
        return SafeRounding.multiplyUp(gaussian ? SafeRounding.sqrtUp(dimension) : dimension, granularity);
    }

    /**
     * rho = charge^2 / (2 sigma^2) to nearest (the guarantee as computed; the ledger's {@link SafeRounding#rho} is
     * its upper bound): the quotient of the squares while both are normal and finite (the value of earlier
     * releases), otherwise half the square of the ratio, so that squares that overflow (both at once gave NaN) or
     * underflow do not matter.
     */
    static double gaussianRho(double charge, double sigma) {
        double square = charge * charge;
        double twiceVariance = 2 * sigma * sigma;
        if (square >= Double.MIN_NORMAL && Double.isFinite(square) && twiceVariance >= Double.MIN_NORMAL
                && Double.isFinite(twiceVariance)) {
            return square / twiceVariance;
        }
        double ratio = charge / sigma;
        return ratio * ratio / 2;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The mechanism. */
    public NoiseMechanism mechanism() {
        return mechanism;
    }

    /** sigma or b. */
    public double scale() {
        return scale;
    }

    /** T, the releases the accounting covers. */
    public long rounds() {
        return rounds;
    }

    /** The accounting of this privatizer. */
    public RunAccounting runAccounting() {
        return accounting;
    }

    /** The sensitivity charged: whole run (or per round) plus the sampler's grid excess. */
    public double chargedSensitivity() {
        return chargedSensitivity;
    }

    /** The guarantee of the whole run (whole-run accounting) or of one round (per-round accounting). */
    @Override
    public PrivacyGuarantee guarantee() {
        return mechanism == NoiseMechanism.GAUSSIAN
                ? new PrivacyGuarantee.Zcdp(loss) : new PrivacyGuarantee.PureDp(loss);
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.AGENT_REWARD;
    }

    /** The whole-run (or per-round) sensitivity without the grid excess. */
    @Override
    public Sensitivity sensitivity() {
        return mechanism == NoiseMechanism.GAUSSIAN ? Sensitivity.l2(declaredSensitivity)
                : Sensitivity.l1(declaredSensitivity);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Vector.class);
    }

    /** The event of the whole run (charged once, up front) or of one round (per-round accounting). */
    @Override
    public PrivacyEvent event() {
        return mechanism == NoiseMechanism.GAUSSIAN ? new PrivacyEvent.GaussianEvent(scale, chargedSensitivity)
                : new PrivacyEvent.LaplaceEvent(scale, chargedSensitivity);
    }

    /** Up front over T releases (whole run), or per release (the paper's accounting). */
    @Override
    public StreamAccounting accounting(OptionalLong length) {
        return accounting == RunAccounting.WHOLE_RUN ? new StreamAccounting.UpFront(event(), rounds)
                : new StreamAccounting.PerRelease(event());
    }

    @Override
    public ReleaseStream openStream(StreamRequest request) {
        return new Stream(request);
    }

    /** One release on a fresh stream; the input is checked before the stream opens (and charges). */
    @Override
    public Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
        check(input);
        return openStream(StreamRequest.of(ledger, key, noise, name())).release(input);
    }

    private void check(Statistic input) {
        AbstractPrivatizer.requireAccepted(this, input);
        double[] values = ((Statistic.Vector) input).values();
        if (values.length != dimension) {
            throw new IllegalArgumentException(name() + " releases vectors of K = " + dimension + " entries, got "
                    + values.length + " entries");
        }
        for (int k = 0; k < dimension; k++) {
            if (!Double.isFinite(values[k])) {
                throw new IllegalArgumentException(name() + " releases finite vectors; entry " + k
                        + " of the input is not finite");
            }
        }
    }

    private double draw(NoiseSource noise) {
        return mechanism == NoiseMechanism.GAUSSIAN ? Samplers.gaussian(noise, scale) : Samplers.laplace(noise, scale);
    }

    /** The stream of one run: charged as {@link #accounting} says, at most T releases for the whole-run mode. */
    private final class Stream extends AbstractReleaseStream {
        Stream(StreamRequest request) {
            super(request, FederatedNoisePrivatizer.this.accounting(request.length()));
        }

        @Override
        protected void validate(Statistic input) {
            check(input);
        }

        @Override
        protected Statistic perturb(Statistic input, long round) {
            double[] values = ((Statistic.Vector) input).values();
            double[] released = new double[dimension];
            NoiseSource noise = noise();
            for (int k = 0; k < dimension; k++) {
                released[k] = Samplers.roundToGrid(values[k], granularity) + draw(noise);
            }
            return new Statistic.Vector(released);
        }
    }
}
