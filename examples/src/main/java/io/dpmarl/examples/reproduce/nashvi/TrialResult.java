package io.dpmarl.examples.reproduce.nashvi;

/**
 * The measurements of one trial at its checkpoints.
 *
 * @param seed             the trial's seed
 * @param checkpoints      episode counts K'
 * @param cumulativeRegret {@code Regret(K')}, exact on the true model
 * @param nashGap          output policy's Nash gap {@code g_out(K')} (min-gap policy among episodes <= K')
 * @param certifiedGap     {@code Delta_min(K')}
 * @param fallbackUsed     true if the output was the fallback pi^1 at K
 * @param cceRetries       CCE re-solves after a failed verification (spec 2.2)
 * @param postProcessingFallbacks infeasible post-processing problems (outside the good event, spec 8 item 11)
 */
public record TrialResult(long seed, int[] checkpoints, double[] cumulativeRegret, double[] nashGap, double[] certifiedGap,
                          boolean fallbackUsed, int cceRetries, int postProcessingFallbacks) {
}
