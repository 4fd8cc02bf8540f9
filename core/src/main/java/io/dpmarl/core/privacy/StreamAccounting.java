package io.dpmarl.core.privacy;

import io.dpmarl.core.validation.Checks;
import java.util.Objects;
import java.util.function.LongFunction;

/**
 * How the releases of a {@link ReleaseStream} are accounted for in the {@link PrivacyLedger}. The four forms
 * cover every mechanism of the framework:
 *
 * <ul>
 *   <li>{@link PerRelease}: each release is an independent mechanism with a constant event (Laplace on a reward,
 *       MA-LDP's per-episode Gram matrix);</li>
 *   <li>{@link Scheduled}: the event depends on the round (DP-QD-Learning's decaying scale
 *       {@code nu(t) = s q^t});</li>
 *   <li>{@link UpFront}: the guarantee of the whole stream is charged once, when the stream opens, and covers a
 *       declared number of releases (binary-tree counters, whole-run federated noise, word-DP trajectories);</li>
 *   <li>{@link Nominal}: the noise carries no proven guarantee (DPC-MARL's data-dependent scale); the ledger
 *       records it as "no formal guarantee", never as an epsilon.</li>
 * </ul>
 */
public sealed interface StreamAccounting {

    /** The name of the mode, as {@code dpmarl list} and {@code privacy.csv} print it. */
    String mode();

    /** Each release charges {@code event}. */
    record PerRelease(PrivacyEvent event) implements StreamAccounting {
        public PerRelease {
            Objects.requireNonNull(event, "event");
        }

        @Override
        public String mode() {
            return "per-release";
        }
    }

    /**
     * Release {@code t} (from 0) charges {@code eventAt.apply(t)}.
     *
     * @param description the schedule in words, for example {@code "laplace(b = 0.5 * 0.99^t)"}
     */
    record Scheduled(LongFunction<PrivacyEvent> eventAt, String description) implements StreamAccounting {
        public Scheduled {
            Objects.requireNonNull(eventAt, "eventAt");
            Objects.requireNonNull(description, "description");
        }

        @Override
        public String mode() {
            return "scheduled";
        }
    }

    /**
     * The stream's whole guarantee, {@code event}, is charged once when the stream opens; it covers at most
     * {@code length} releases, and the release after that is refused.
     */
    record UpFront(PrivacyEvent event, long length) implements StreamAccounting {
        public UpFront {
            Objects.requireNonNull(event, "event");
            Checks.atLeast("length", length, 1);
        }

        @Override
        public String mode() {
            return "up-front";
        }
    }

    /**
     * The noise has no proven guarantee; each release is recorded as a {@link PrivacyEvent.NominalEvent}.
     *
     * @param reason why no guarantee can be stated, for example {@code "noise scale depends on the data"}
     */
    record Nominal(String reason) implements StreamAccounting {
        public Nominal {
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public String mode() {
            return "nominal";
        }
    }
}
