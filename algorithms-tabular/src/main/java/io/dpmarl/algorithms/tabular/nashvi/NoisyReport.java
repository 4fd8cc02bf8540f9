package io.dpmarl.algorithms.tabular.nashvi;

/**
 * What a user pair sends to the untrusted agent under local DP (spec 001 Section 2.12): the
 * Laplace-noised indicators {@code sigma~^k_h(s,a,b)} and {@code sigma~^k_h(s,a,b,s')}, all
 * {@code HSAB(S+1)} entries noised. The agent side only ever receives this type.
 *
 * @param pairs       noisy {@code (h,s,a,b)} indicators
 * @param transitions noisy {@code (h,s,a,b,s')} indicators
 */
public record NoisyReport(double[] pairs, double[] transitions) {
}
