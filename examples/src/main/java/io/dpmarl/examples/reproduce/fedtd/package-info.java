/**
 * Reproduction {@code federated-td} of the paper "Differentially private federated temporal difference learning"
 * (Zeng et al., IEEE TPDS 2022): bundled experiment specs (Figures 1-5) and a claims step over their runs.
 */
package io.dpmarl.examples.reproduce.fedtd;
