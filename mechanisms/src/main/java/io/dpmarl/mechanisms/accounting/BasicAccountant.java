package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent.ApproxEvent;
import io.dpmarl.core.privacy.PrivacyEvent.DeclaredEvent;
import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent;
import io.dpmarl.core.privacy.PrivacyEvent.NonPrivateEvent;
import io.dpmarl.core.privacy.PrivacyEvent.PureEvent;
import io.dpmarl.core.privacy.PrivacyEvent.RandomizedResponseEvent;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.validation.Checks;

/**
 * Basic composition (Dwork and Roth 2014, Thm. 3.16): epsilons add and deltas add. Supports pure,
 * approximate, Laplace ({@code epsilon = sensitivity / b}) and randomized response events, and declared events
 * with a pure epsilon or an (epsilon, delta) statement ({@code DeclaredEvents}; a curve-only declared event is
 * refused with a message pointing to {@code rdp}). A Gaussian
 * event has no pure epsilon; it is supported only when the accountant is built with a per-event
 * {@code gaussianDelta > 0}, and then counts as {@code (epsilon_G, gaussianDelta)} where epsilon_G is the
 * exact Balle-Wang epsilon of the Gaussian at that delta ({@link GaussianPrivacyCurve}); with the default
 * {@code gaussianDelta = 0} Gaussian events are refused.
 *
 * <p>The accountant certifies exactly one statement, (sum epsilon, sum delta): {@link #epsilon(double)}
 * is the sum of epsilons when the asked delta covers the sum of deltas and +inf otherwise;
 * {@link #delta(double)} is the sum of deltas when the asked epsilon covers the sum and 1 otherwise.
 */
public final class BasicAccountant implements Accountant {
    /** The events this accountant composes, as named in its refusal message. */
    private static final String SUPPORTED = "pure, approx, laplace, randomized-response, and gaussian when"
            + " gaussian-delta is in (0, 1), " + DeclaredEvents.NEEDS_PURE_OR_APPROX;

    private final double gaussianDelta;
    private double epsilonSum;
    private double deltaSum;
    private boolean nonPrivate;

    /** A basic accountant that refuses Gaussian events. */
    public BasicAccountant() {
        this(0.0);
    }

    /** A basic accountant that converts each Gaussian event at the per-event delta {@code gaussianDelta}. */
    public BasicAccountant(double gaussianDelta) {
        this.gaussianDelta = Checks.delta("gaussian-delta", gaussianDelta);
    }

    @Override
    public String name() {
        return "basic";
    }

    @Override
    public boolean supports(PrivacyEvent event) {
        return event instanceof PureEvent || event instanceof ApproxEvent || event instanceof LaplaceEvent
                || event instanceof RandomizedResponseEvent || event instanceof NonPrivateEvent
                || (event instanceof GaussianEvent && gaussianDelta > 0)
                || (event instanceof DeclaredEvent declared && DeclaredEvents.hasEpsilonDelta(declared));
    }

    @Override
    public void compose(PrivacyEvent event, long count) {
        if (!CompositionGuard.admit(this, event, count, SUPPORTED)) {
            return;
        }
        if (event instanceof NonPrivateEvent) {
            nonPrivate = true;
            return;
        }
        if (event instanceof LaplaceEvent laplace) {
            // The most frequent event, composed without the pair array (delta 0: deltaSum is unchanged).
            epsilonSum = SafeRounding.addUp(epsilonSum,
                    SafeRounding.multiplyUp(count, SafeRounding.epsilon(laplace)));
            return;
        }
        double[] pair = epsilonDelta(event);
        epsilonSum = SafeRounding.addUp(epsilonSum, SafeRounding.multiplyUp(count, pair[0]));
        deltaSum = SafeRounding.addUp(deltaSum, SafeRounding.multiplyUp(count, pair[1]));
    }

    /** The (epsilon, delta) pair of a supported event other than Laplace, which {@link #compose} handles itself. */
    private double[] epsilonDelta(PrivacyEvent event) {
        if (event instanceof PureEvent pure) {
            return new double[] {pure.epsilon(), 0.0};
        }
        if (event instanceof ApproxEvent approx) {
            return new double[] {approx.epsilon(), approx.delta()};
        }
        if (event instanceof RandomizedResponseEvent response) {
            return new double[] {response.epsilon(), 0.0};
        }
        if (event instanceof DeclaredEvent declared) {
            ApproxEvent pair = DeclaredEvents.epsilonDelta(declared);
            return new double[] {pair.epsilon(), pair.delta()};
        }
        GaussianEvent gaussian = (GaussianEvent) event;
        return new double[] {gaussianEpsilon(SafeRounding.divideDown(gaussian.sigma(), gaussian.sensitivity()),
                gaussianDelta), gaussianDelta};
    }

    /**
     * {@link GaussianPrivacyCurve#epsilon(double, double)}, memoised. The curve inversion (a bisection over
     * {@code erfc}, about 100 microseconds) is a pure function of its two arguments, so returning the value computed
     * the first time for the same pair gives exactly the same double. Memoising matters because a ledger keeps one
     * accountant per key and every user of a local-DP run is a new key: MA-LDP converted the same Gaussian event
     * twenty times per episode. The cache is shared by all accountants, thread-safe, and cleared when it holds
     * {@link #GAUSSIAN_CACHE_SIZE} pairs (a run uses a handful).
     */
    static double gaussianEpsilon(double noiseMultiplier, double delta) {
        GaussianEpsilon last = lastGaussian;
        if (last != null && last.key.matches(noiseMultiplier, delta)) {
            return last.epsilon; // the pair asked last time (a run asks one pair over and over)
        }
        GaussianKey key = new GaussianKey(noiseMultiplier, delta);
        Double known = GAUSSIAN_EPSILONS.get(key);
        if (known != null) {
            lastGaussian = new GaussianEpsilon(key, known);
            return known;
        }
        double epsilon = GaussianPrivacyCurve.epsilon(noiseMultiplier, delta);
        if (GAUSSIAN_EPSILONS.size() >= GAUSSIAN_CACHE_SIZE) {
            GAUSSIAN_EPSILONS.clear();
        }
        GAUSSIAN_EPSILONS.put(key, epsilon);
        lastGaussian = new GaussianEpsilon(key, epsilon);
        return epsilon;
    }

    /** Most (noise multiplier, delta) pairs kept by {@link #gaussianEpsilon}. */
    static final int GAUSSIAN_CACHE_SIZE = 256;
    private static final java.util.concurrent.ConcurrentHashMap<GaussianKey, Double> GAUSSIAN_EPSILONS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The arguments of one curve inversion (records compare doubles by their bits, so -0.0 and NaN are safe). */
    private record GaussianKey(double noiseMultiplier, double delta) {
        /** Equal to the key of these arguments (bitwise, as {@code equals}). */
        boolean matches(double otherMultiplier, double otherDelta) {
            return Double.doubleToLongBits(noiseMultiplier) == Double.doubleToLongBits(otherMultiplier)
                    && Double.doubleToLongBits(delta) == Double.doubleToLongBits(otherDelta);
        }
    }

    /** One memoised inversion, published whole through the volatile {@link #lastGaussian}. */
    private record GaussianEpsilon(GaussianKey key, double epsilon) {
    }

    /** The inversion returned last, checked before the map. */
    private static volatile GaussianEpsilon lastGaussian;

    @Override
    public double epsilon(double delta) {
        Checks.delta("delta", delta);
        if (nonPrivate || delta < deltaSum) {
            return Double.POSITIVE_INFINITY;
        }
        return epsilonSum;
    }

    @Override
    public double delta(double epsilon) {
        Checks.nonNegativeFinite("epsilon", epsilon);
        if (nonPrivate || epsilon < epsilonSum) {
            return 1.0;
        }
        return Math.min(1.0, deltaSum);
    }

    @Override
    public Accountant copy() {
        BasicAccountant copy = new BasicAccountant(gaussianDelta);
        copy.epsilonSum = epsilonSum;
        copy.deltaSum = deltaSum;
        copy.nonPrivate = nonPrivate;
        return copy;
    }
}
