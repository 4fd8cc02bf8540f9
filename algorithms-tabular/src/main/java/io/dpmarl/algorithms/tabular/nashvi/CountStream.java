package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.AbstractReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;

/**
 * The release stream of a {@link CountsPrivatizer}: validates that every input is a vector of the stream's
 * length, projects it onto the indicator set of one user (entries in {0, 1}, at most {@code 2H} ones; see
 * {@link CountsPrivatizer}) and counts the inputs the projection changed, then lets the subclass add its noise.
 * The ledger is charged by {@link AbstractReleaseStream} only.
 */
public abstract class CountStream extends AbstractReleaseStream {
    private final int horizon;
    private int dimension = -1;
    private long projected;
    private double[] outputBuffer;
    private Statistic.Vector lastOutput;

    /** A stream for {@code horizon}-step episodes with the given accounting. */
    protected CountStream(StreamRequest request, StreamAccounting accounting, int horizon) {
        super(request, accounting);
        this.horizon = horizon;
    }

    @Override
    protected final void validate(Statistic input) {
        double[] values = CountsPrivatizer.requireVector(input);
        if (values.length == 0) {
            throw new IllegalArgumentException("the indicator vector must have at least 1 entry, got 0");
        }
        if (dimension >= 0 && values.length != dimension) {
            throw new IllegalArgumentException("the indicator vector must have the stream's " + dimension
                    + " entries, got " + values.length);
        }
    }

    @Override
    protected final Statistic perturb(Statistic input, long round) {
        double[] values = ((Statistic.Vector) input).values();
        dimension = values.length;
        if (!projects() || isIndicatorVector(values)) {
            return wrap(noisy(values, round));
        }
        double[] indicators = new double[values.length];
        int ones = 0;
        for (int i = 0; i < values.length; i++) {
            double projectedValue = values[i] >= 0.5 && ones < 2 * horizon ? 1.0 : 0.0;
            ones += (int) projectedValue;
            indicators[i] = projectedValue;
        }
        projected++;
        return wrap(noisy(indicators, round));
    }

    /** The release of {@code values}; the last one's object again if the stream reuses its array (read-only). */
    private Statistic wrap(double[] values) {
        if (lastOutput == null || lastOutput.values() != values) {
            lastOutput = new Statistic.Vector(values);
        }
        return lastOutput;
    }

    /** True if every entry is 0 or 1 and at most {@code 2H} are 1 (the projection would change nothing). */
    private boolean isIndicatorVector(double[] values) {
        int ones = 0;
        for (double value : values) {
            if (value == 1.0) {
                ones++;
            } else if (value != 0.0) {
                return false;
            }
        }
        return ones <= 2 * horizon;
    }

    /**
     * Whether inputs are projected onto the indicator set before {@link #noisy}; only a stream without a privacy
     * guarantee (the non-private baseline) may answer false.
     */
    protected boolean projects() {
        return true;
    }

    /**
     * The private release of a projected indicator vector, which must not be modified (it may be the caller's
     * input). Returns a fresh array the caller may keep, except where the subclass documents otherwise.
     */
    protected abstract double[] noisy(double[] indicators, long round);

    /**
     * Lets the stream return the same array from every release, overwritten by the next one, where it can (the
     * running-total stream does): for a consumer that copies each release out before the next, such as
     * {@link CountReleases}; it saves one vector of the stream's dimension per release. Default: no change.
     */
    public void reuseOutputs() {
    }

    /**
     * Lets the stream write its releases into the caller's {@code buffer} (overwritten by each release) where it can
     * (the local report does): for a consumer that reads each release before the next, such as {@link CountReleases}
     * summing one-release user streams into one array; it saves one vector of the stream's dimension per stream. A
     * buffer of another length is ignored. Default: no change.
     */
    public void outputInto(double[] buffer) {
        this.outputBuffer = buffer;
    }

    /** The array a release of {@code length} entries is written into: the caller's buffer if given, else a new one. */
    protected final double[] outputArray(int length) {
        return outputBuffer != null && outputBuffer.length == length ? outputBuffer : new double[length];
    }

    /** How many inputs the projection onto the indicator set changed (0 for a learner's own indicators). */
    public final long projectedReleases() {
        return projected;
    }
}
