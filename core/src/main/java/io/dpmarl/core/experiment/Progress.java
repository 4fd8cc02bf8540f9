package io.dpmarl.core.experiment;

import java.time.Duration;
import java.util.function.Consumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of a run over trials: a progress bar with ETA on a terminal, otherwise one plain log line
 * per finished trial with the elapsed time and a linear ETA.
 */
final class Progress implements AutoCloseable {
    private final ProgressBar bar;
    private final Consumer<String> log;
    private final String task;
    private final long total;
    private final long start = System.nanoTime();
    private final long alreadyDone;
    private long done;

    Progress(String task, long total, long alreadyDone, boolean terminal, Consumer<String> log) {
        this.task = task;
        this.total = total;
        this.alreadyDone = alreadyDone;
        this.done = alreadyDone;
        this.log = log;
        this.bar = terminal ? new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII).startsFrom(alreadyDone, Duration.ZERO).build() : null;
    }

    synchronized void trialDone(String trial) {
        done++;
        if (bar != null) {
            bar.stepTo(done);
            return;
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        long fresh = done - alreadyDone;
        double eta = fresh == 0 ? Double.NaN : elapsed / fresh * (total - done);
        log.accept(String.format(java.util.Locale.ROOT, "%s: %d/%d trials done (%s), elapsed %.1f s, eta %.1f s",
                task, done, total, trial, elapsed, eta));
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
