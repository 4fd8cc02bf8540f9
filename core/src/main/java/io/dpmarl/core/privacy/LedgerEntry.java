package io.dpmarl.core.privacy;

/**
 * One charge to a privacy ledger, as its listeners see it: {@code count} releases of {@code event} to
 * {@code key}. The ledger does not keep entries; it keeps a running state per key. A listener that wants the
 * running epsilon asks {@link PrivacyLedger#epsilon(LedgerKey, double)} when it reports.
 *
 * @param sequence position in the ledger, from 0
 * @param key      whose budget was charged
 * @param source   what released (a privatizer or channel name)
 * @param event    the mechanism of each release
 * @param count    how many releases
 */
public record LedgerEntry(long sequence, LedgerKey key, String source, PrivacyEvent event, long count) {
}
