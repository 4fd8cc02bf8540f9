package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;

/**
 * Privacy of the bounded Laplace mechanism (MA-LDP, Section 6.2): Laplace noise of scale {@code b}
 * restricted to {@code [-B, B]}. The paper (MA-LDP Theorem 7) claims pure {@code Delta/b}-DP; the paper's
 * statement is wrong here: the support {@code [x - B, x + B]} moves with the input. The sound guarantee is
 * {@code (Delta/b, delta)} with {@code delta} the mass outside the overlap,
 * {@code (e^{-(B - Delta)/b} - e^{-B/b}) / (2 (1 - e^{-B/b}))}, worst case a whole L1 shift on one coordinate
 * (the function is convex and vanishes at 0, hence superadditive). It needs {@code Delta < B}.
 */
public final class BoundedLaplaceCalibration {
    private BoundedLaplaceCalibration() {
    }

    /** The non-overlap mass {@code delta} for an L1 shift {@code sensitivity < bound}. */
    public static double delta(double scale, double bound, double sensitivity) {
        Checks.positiveFinite("b", scale);
        Checks.positiveFinite("bound", bound);
        Checks.positiveFinite("sensitivity", sensitivity);
        if (!(sensitivity < bound)) {
            throw new IllegalArgumentException("bound must be in (" + sensitivity + ", inf) (above the sensitivity), "
                    + "got " + bound);
        }
        double normaliser = -Math.expm1(-bound / scale);
        // e^{-(B - Delta)/b} (1 - e^{-Delta/b}) / (2 (1 - e^{-B/b})), without cancellation; a handful of correctly
        // or faithfully rounded operations, each within one ulp: moved up by 16 ulps so delta is never understated
        double mass = Math.exp(-(bound - sensitivity) / scale) * -Math.expm1(-sensitivity / scale);
        return Math.min(1.0, SafeRounding.inflate(mass / (2 * normaliser), 16));
    }

    /** The smallest bound (rounded up) for which {@link #delta} is at most {@code delta}. */
    public static double boundFor(double scale, double sensitivity, double delta) {
        Checks.positiveFinite("b", scale);
        Checks.positiveFinite("sensitivity", sensitivity);
        Checks.openUnit("delta", delta);
        // e^{-B/b} (e^{Delta/b} - 1 + 2 delta) <= 2 delta
        double bound = scale * Math.log((Math.expm1(sensitivity / scale) + 2 * delta) / (2 * delta));
        bound = Math.nextUp(bound);
        while (delta(scale, bound, sensitivity) > delta) {
            bound = Math.nextUp(bound * (1 + 1e-15));
        }
        return bound;
    }

    /**
     * The variance of the (continuous) bounded Laplace law (MA-LDP, Section 6.2): {@code (2b^2 - e^{-B/b}(B^2 + 2Bb +
     * 2b^2)) / c}.
     */
    public static double variance(double scale, double bound) {
        Checks.positiveFinite("b", scale);
        Checks.positiveFinite("bound", bound);
        double normaliser = -Math.expm1(-bound / scale);
        return (2 * scale * scale - Math.exp(-bound / scale) * (bound * bound + 2 * bound * scale + 2 * scale * scale))
                / normaliser;
    }
}
