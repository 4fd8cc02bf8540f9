package io.dpmarl.core.privacy;

/**
 * One row of a privacy ledger: a charge of {@code count} releases of {@code event} to {@code key}.
 *
 * @param sequence       position in the ledger, from 0
 * @param key            whose budget was charged
 * @param source         what released (a privatizer name, a channel)
 * @param event          the mechanism of each release
 * @param count          how many releases
 * @param runningEpsilon epsilon of the key after this charge at the ledger's reporting delta, or NaN
 *                       when the ledger has no accountant
 */
public record LedgerEntry(long sequence, LedgerKey key, String source, PrivacyEvent event, long count,
                          double runningEpsilon) {
}
