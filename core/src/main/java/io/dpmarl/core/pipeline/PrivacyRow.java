package io.dpmarl.core.pipeline;

/**
 * One row of {@code privacy.csv}: the state of one ledger key at a reporting point.
 *
 * @param trial    the trial
 * @param step     the episode (from 1) at which the key was reported
 * @param key      the ledger key
 * @param releases releases charged to the key so far
 * @param epsilon  the key's epsilon at the reporting delta; infinity if it has no formal guarantee
 * @param nominal  true if some release of the key carried no proven guarantee
 */
public record PrivacyRow(TrialId trial, long step, String key, long releases, double epsilon, boolean nominal) {
}
