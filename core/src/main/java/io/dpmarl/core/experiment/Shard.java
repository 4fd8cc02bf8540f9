package io.dpmarl.core.experiment;

/**
 * One share of a run's trials, {@code index} of {@code count} ({@code dpmarl run --shard i/n}): the trial at position
 * {@code p} in (experiment, trial) order belongs to shard {@code p mod count}. Every shard writes its trials into
 * the same run directory; the aggregates are assembled once all shards are done ({@code dpmarl merge}). The
 * assignment depends on nothing else, so the merged files are byte-identical to an unsharded run.
 *
 * @param index this shard, in [0, count)
 * @param count the number of shards, at least 1
 */
public record Shard(int index, int count) {
    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard must be i/n with n >= 1 and i in [0, n), got " + index + "/"
                    + count);
        }
    }

    /** Parses {@code i/n}. */
    public static Shard parse(String text) {
        int slash = text.indexOf('/');
        try {
            if (slash > 0) {
                return new Shard(Integer.parseInt(text.substring(0, slash).trim()),
                        Integer.parseInt(text.substring(slash + 1).trim()));
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException("--shard must be i/n with n >= 1 and i in [0, n), for example 0/2, got '"
                + text + "'");
    }

    /** True if the trial at {@code position} in (experiment, trial) order is this shard's. */
    public boolean owns(long position) {
        return position % count == index;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
