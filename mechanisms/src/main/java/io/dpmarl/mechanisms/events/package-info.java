/**
 * Privacy events as plugins of kind EVENT, so that spec strings such as
 * {@code subsampled-gaussian(sigma=1.1, q=0.01)} resolve to {@link io.dpmarl.core.privacy.PrivacyEvent}
 * records (used by {@code dpmarl privacy} and by calibration).
 */
package io.dpmarl.mechanisms.events;
