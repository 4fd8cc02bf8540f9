/**
 * The finite-time constants and bounds of the DP federated TD(lambda) paper (Zeng et al., IEEE TPDS 2022:
 * Lemmas 1-2, Theorem 2's constants and its two finite-time bounds, Theorem 4's utility-loss formula), as formulas
 * for tests and reports. No privacy guarantee is involved: the bounds are about the noiseless Algorithm 1.
 */
package io.dpmarl.algorithms.federated.theory;
