/**
 * Privacy of DP federated TD(lambda) (paper 003 Section 5; spec 003 section 3): the sensitivity of Lemma 7,
 * the master's noise privatizer (Gaussian or Laplace on the broadcast aggregate, central DP at the trusted
 * master), the four noise calibrations (the paper's Theorem 3, labelled paper-literal; the sound moments/RDP
 * calibration, the default; the paper's literal Laplace scale; Laplace with global basic composition) and the
 * per-run report of the claimed and the computed guarantee.
 */
package io.dpmarl.algorithms.federated.privacy;
