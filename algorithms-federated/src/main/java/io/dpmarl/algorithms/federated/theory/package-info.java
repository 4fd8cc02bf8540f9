/**
 * The finite-time constants and bounds of paper 003 (Lemmas 1-2, Theorem 2's constants, Theorem 4's utility-loss
 * formula; spec 003 sections 7.2-7.5), as formulas for tests and reports.
 */
package io.dpmarl.algorithms.federated.theory;
