package io.dpmarl.mechanisms.events;

import io.dpmarl.mechanisms.accounting.Calibration;

/**
 * An event provider whose privacy is set by one parameter that calibration can solve for: a noise scale
 * (Gaussian sigma, Laplace b), or a privacy loss (epsilon of randomized response, rho of zCDP).
 */
public interface CalibratableEvent {

    /** The name of the parameter calibration solves for, for example {@code "sigma"}. */
    String noiseParameter();

    /** Whether a larger value of {@link #noiseParameter()} is more private (a noise scale) or less. */
    Calibration.Direction direction();
}
