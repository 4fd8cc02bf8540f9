/**
 * Norm clipping whose output provably stays inside the bound in exact arithmetic, not only in floating point:
 * {@link io.dpmarl.mechanisms.clipping.NormClip} scales a vector to L1, L2 or L-infinity norm at most a bound with
 * directed rounding, so that a sensitivity calibrated to "inputs clipped to norm C" holds for the released values
 * as real numbers.
 */
package io.dpmarl.mechanisms.clipping;
