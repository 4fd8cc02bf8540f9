package io.dpmarl.algorithms.tabular.nashvi;

/**
 * The counts DP-Nash-VI plans with: {@code N~(h,s,a,b)} and {@code N~(h,s,a,b,s')} in the flat layout of
 * {@link CountShape}. For the private privatizers they satisfy {@code N~(h,s,a,b) = sum_{s'} N~(h,s,a,b,s')}
 * and {@code N~(h,s,a,b,s') >= E/(2S) > 0} (post-processing, eq. 9); they are private by post-processing.
 * Arrays are owned by the privatizer and read-only for the learner.
 *
 * @param pairs       {@code N~(h,s,a,b)}
 * @param transitions {@code N~(h,s,a,b,s')}
 */
public record PrivateCounts(double[] pairs, double[] transitions) {
}
