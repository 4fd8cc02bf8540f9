package io.dpmarl.core.experiment;

import java.util.function.Consumer;

/**
 * How a reproduction runs.
 *
 * @param full    false for the quick default (minutes on 2 cores), true for the paper-size setting
 * @param seed    the root seed; trials derive their seeds from it
 * @param threads worker threads for independent trials; results must not depend on it
 * @param output  where metrics, figures and extra files go
 * @param log     progress lines for the user
 */
public record ReproductionSettings(boolean full, long seed, int threads, RunOutput output, Consumer<String> log) {
    public ReproductionSettings {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be in [1, inf), got " + threads);
        }
    }
}
