package io.dpmarl.algorithms.federated.privacy;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Set;

/**
 * The master's privatizer of DP federated TD(lambda) (paper 003 Algorithm 2 eq. (13)): adds i.i.d. noise to
 * every coordinate of the K-vector aggregate theta_{t+1}^0, Gaussian N(0, sigma^2) (l2 sensitivity) or Laplace
 * Lap(0, b) (l1 sensitivity), drawn by the float-safe {@link Samplers} from a {@link NoiseSource}.
 *
 * <p>Float safety: each coordinate is first rounded to the sampler's power-of-two grid r, which can move two
 * neighbouring inputs apart by at most e = sqrt(K) r more in l2 (K r in l1); every charged sensitivity includes e.
 *
 * <p>Two ways of charging the ledger ({@link RunAccounting}), for the neighbouring relation
 * {@link Neighbouring#AGENT_REWARD} at event level (one agent's cost at one time):
 * <ul>
 *   <li>{@link #wholeRun} (sound, used by {@link CalibratedNoise#privatizer()}): release n is charged the event
 *       of charge c_n of {@link WholeRunSensitivity} (Gaussian: GaussianEvent(sigma, c_n), so n releases compose
 *       to rho = sum c_n^2 / (2 sigma^2), the zCDP of one Gaussian mechanism with the whole-prefix sensitivity;
 *       Laplace: LaplaceEvent(b, c_n), pure epsilon sum c_n / b). It refuses a release beyond the T rounds the
 *       bound covers. The privatizer counts its releases, so use one instance per run; {@link #event()},
 *       {@link #guarantee()} and {@link #sensitivity()} describe the NEXT release (the core conformance kit, which
 *       assumes one constant event, therefore applies to the per-round form only).</li>
 *   <li>the constructor (PAPER-LITERAL per-round accounting): every release is charged
 *       GaussianEvent(sigma, Delta + e) or LaplaceEvent(b, Delta + e), the paper's "Delta_M per round" (Lemma 7),
 *       which is not a bound for the whole run in general (see {@link WholeRunSensitivity}).</li>
 * </ul>
 * Inputs are checked in {@link #validate} (length K, finite entries, release count) before anything is charged,
 * and the messages never quote the private values.
 */
public final class AggregateNoisePrivatizer extends AbstractPrivatizer {
    private final NoiseMechanism mechanism;
    private final double scale;
    private final int dimension;
    private final double granularity;
    private final double excess;
    private final double perRoundSensitivity;
    private final double[] charges;
    private long releases;

    /**
     * A privatizer with the PAPER-LITERAL per-round accounting: every release charges the same event.
     *
     * @param mechanism   Gaussian or Laplace
     * @param scale       sigma (Gaussian) or b (Laplace), in (0, inf)
     * @param sensitivity l2 (Gaussian) or l1 (Laplace) sensitivity of one release, in (0, inf)
     * @param dimension   K, the length of the released vector
     */
    public AggregateNoisePrivatizer(NoiseMechanism mechanism, double scale, double sensitivity, int dimension) {
        this(mechanism, scale, Checks.positiveFinite("sensitivity", sensitivity), dimension, null);
    }

    private AggregateNoisePrivatizer(NoiseMechanism mechanism, double scale, double sensitivity, int dimension,
                                     WholeRunSensitivity run) {
        if (mechanism == null) {
            throw new IllegalArgumentException("mechanism must be GAUSSIAN or LAPLACE, got null");
        }
        this.mechanism = mechanism;
        this.scale = Checks.positiveFinite(mechanism == NoiseMechanism.GAUSSIAN ? "sigma" : "b", scale);
        this.dimension = Checks.atLeast("K", dimension, 1);
        this.granularity = mechanism == NoiseMechanism.GAUSSIAN ? Samplers.gaussianGranularity(scale)
                : Samplers.laplaceGranularity(scale);
        this.excess = mechanism == NoiseMechanism.GAUSSIAN ? Math.sqrt(dimension) * granularity
                : dimension * granularity;
        this.perRoundSensitivity = sensitivity;
        this.charges = run == null ? null : mechanism == NoiseMechanism.GAUSSIAN ? run.l2Charges(excess)
                : run.l1Charges(dimension, excess);
    }

    /**
     * A privatizer with the sound whole-run accounting of {@link WholeRunSensitivity}: at most
     * {@code run.rounds()} releases.
     *
     * @param mechanism Gaussian or Laplace
     * @param scale     sigma (Gaussian) or b (Laplace), in (0, inf)
     * @param run       the whole-run sensitivity of the run's schedule
     * @param dimension K, the length of the released vector
     */
    public static AggregateNoisePrivatizer wholeRun(NoiseMechanism mechanism, double scale, WholeRunSensitivity run,
                                                    int dimension) {
        if (run == null) {
            throw new IllegalArgumentException("run must be a whole-run sensitivity, got null");
        }
        double perRelease = mechanism == NoiseMechanism.LAPLACE
                ? FederatedTdSensitivity.l1FromL2(run.perRelease(), dimension) : run.perRelease();
        return new AggregateNoisePrivatizer(mechanism, scale, perRelease, dimension, run);
    }

    @Override
    public String name() {
        return mechanism == NoiseMechanism.GAUSSIAN ? "fedtd-gaussian" : "fedtd-laplace";
    }

    /** The mechanism. */
    public NoiseMechanism mechanism() {
        return mechanism;
    }

    /** sigma or b. */
    public double scale() {
        return scale;
    }

    /** The accounting of this privatizer. */
    public RunAccounting accounting() {
        return charges == null ? RunAccounting.PAPER_PER_ROUND : RunAccounting.WHOLE_RUN;
    }

    /** The releases made so far. */
    public long releases() {
        return releases;
    }

    /** The grid excess e added to every charged sensitivity: sqrt(K) r (Gaussian) or K r (Laplace). */
    public double gridExcess() {
        return excess;
    }

    /** The per-coordinate noise variance: sigma^2 (Gaussian) or 2 b^2 (Laplace). */
    public double perCoordinateVariance() {
        return mechanism == NoiseMechanism.GAUSSIAN ? scale * scale : 2 * scale * scale;
    }

    /**
     * The sensitivity charged for release n (0-based): c_n of the whole run, or Delta + e per round. For a
     * whole-run privatizer, n must be below T.
     */
    public double chargedSensitivity(long release) {
        if (charges == null) {
            return perRoundSensitivity + excess;
        }
        if (release < 0 || release >= charges.length) {
            throw new IllegalArgumentException("release must be in [0, " + (charges.length - 1) + "], got " + release);
        }
        return charges[(int) release];
    }

    /** The event charged for release n (0-based). */
    public PrivacyEvent event(long release) {
        double charged = chargedSensitivity(release);
        return mechanism == NoiseMechanism.GAUSSIAN ? new PrivacyEvent.GaussianEvent(scale, charged)
                : new PrivacyEvent.LaplaceEvent(scale, charged);
    }

    private long nextRelease() {
        return charges == null ? releases : Math.min(releases, charges.length - 1);
    }

    /** The guarantee of the next release alone (its charged event; the last one once T releases were made). */
    @Override
    public PrivacyGuarantee guarantee() {
        double charged = chargedSensitivity(nextRelease());
        return mechanism == NoiseMechanism.GAUSSIAN
                ? new PrivacyGuarantee.Zcdp(charged * charged / (2 * scale * scale))
                : new PrivacyGuarantee.PureDp(charged / scale);
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.AGENT_REWARD;
    }

    /** The sensitivity of the next release (without the grid excess, which the charged event adds). */
    @Override
    public Sensitivity sensitivity() {
        double value = charges == null ? perRoundSensitivity : chargedSensitivity(nextRelease());
        return mechanism == NoiseMechanism.GAUSSIAN ? Sensitivity.l2(value) : Sensitivity.l1(value);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Vector.class);
    }

    /** The event of the next release (the last one once T releases were made). */
    @Override
    public PrivacyEvent event() {
        return event(nextRelease());
    }

    @Override
    protected void validate(Statistic input) {
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
        if (charges != null && releases >= charges.length) {
            throw new IllegalArgumentException(name() + ": the whole-run accounting covers T = " + charges.length
                    + " releases; release " + (releases + 1) + " is refused");
        }
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        double[] values = ((Statistic.Vector) input).values();
        double[] released = new double[dimension];
        for (int k = 0; k < dimension; k++) {
            released[k] = Samplers.roundToGrid(values[k], granularity) + draw(noise);
        }
        releases++;
        return new Statistic.Vector(released);
    }

    private double draw(NoiseSource noise) {
        return mechanism == NoiseMechanism.GAUSSIAN ? Samplers.gaussian(noise, scale) : Samplers.laplace(noise, scale);
    }
}
