/**
 * Privacy of DP federated TD(lambda) (Zeng et al., "Differentially private federated TD(lambda)", IEEE TPDS
 * 2022, Section 5): the sensitivity of Lemma 7,
 * the master's noise privatizer (Gaussian or Laplace on the broadcast aggregate, central DP at the trusted
 * master), the whole-run sensitivity of a step-size schedule (a changed cost keeps moving later broadcasts
 * through the worker's own theta, so the run is accounted as one mechanism on the concatenated releases), the four
 * noise calibrations (the paper's Theorem 3, labelled paper-literal; the sound moments/RDP calibration on the
 * whole-run sensitivity, the default; the paper's literal Laplace scale; Laplace with global basic composition)
 * and the per-run report of the claimed guarantee, the sound whole-run one and the paper's per-round accounting.
 */
package io.dpmarl.algorithms.federated.privacy;
