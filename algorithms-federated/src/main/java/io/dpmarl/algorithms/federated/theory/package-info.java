/**
 * The finite-time constants and bounds of the DP federated TD(lambda) paper (Zeng et al., IEEE TPDS 2022:
 * Lemmas 1-2, Theorem 2's constants, Theorem 4's utility-loss formula), as formulas for tests and reports.
 */
package io.dpmarl.algorithms.federated.theory;
