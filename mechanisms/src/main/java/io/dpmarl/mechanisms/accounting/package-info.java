/**
 * Privacy accountants (plugins of kind ACCOUNTANT): basic and advanced composition, zCDP and the
 * Renyi-DP (moments) accountant, with the conversions to (epsilon, delta) and calibration helpers.
 * Every conversion errs on the side of privacy: where an exact value is out of reach, epsilon and
 * delta are rounded up, never down.
 */
package io.dpmarl.mechanisms.accounting;
