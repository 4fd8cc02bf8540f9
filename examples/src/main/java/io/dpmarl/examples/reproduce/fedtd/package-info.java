/**
 * Reproduction {@code federated-td} of paper 003 (Zeng et al., DP federated TD(lambda), IEEE TPDS 2022):
 * Figures 1-7 of spec 003 section 5 over seeds, and the acceptance checks A1-A9 of spec 003 section 6.2.
 */
package io.dpmarl.examples.reproduce.fedtd;
