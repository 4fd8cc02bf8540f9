package io.dpmarl.mechanisms.trajectory;

import io.dpmarl.core.privacy.AbstractReleaseStream;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The PRIVATIZER {@code symbolic-trajectory}: one agent's online release of its symbolic state trajectory
 * (Chen et al., "Differential Privacy in Cooperative Multiagent Planning", Algorithm 1 and Lemma 1) as a
 * {@link io.dpmarl.core.privacy.ReleaseStream} of {@link Statistic.Category} releases, one per time step.
 *
 * <p>Privacy: a stream is one trajectory of one agent. The whole trajectory is epsilon-word-DP for Hamming-k
 * adjacency ({@link Neighbouring#SYMBOLIC_TRAJECTORY}) whatever its length, so the stream is
 * {@link StreamAccounting.UpFront}: it charges {@code pure(epsilon)} once when it opens and covers its declared
 * number of steps; there is no per-step composition. A step past the declared length is refused. The stream keeps
 * the previous released state, starting from the public initial state; it refuses a category count that differs
 * from the number of local states. Open one stream per agent and per trajectory (key, for example,
 * {@code agent/i}).
 */
public final class SymbolicTrajectoryPrivatizer implements Privatizer {
    private final SymbolicTrajectoryMechanism mechanism;
    private final int initialState;

    /** A privatizer of {@code mechanism}'s trajectories that start (publicly) in {@code initialState}. */
    public SymbolicTrajectoryPrivatizer(SymbolicTrajectoryMechanism mechanism, int initialState) {
        this.mechanism = Objects.requireNonNull(mechanism, "mechanism");
        if (initialState < 0 || initialState >= mechanism.graph().states()) {
            throw new IllegalArgumentException("initial-state must be in [0, " + (mechanism.graph().states() - 1)
                    + "], got " + initialState);
        }
        this.initialState = initialState;
    }

    /** The mechanism. */
    public SymbolicTrajectoryMechanism mechanism() {
        return mechanism;
    }

    @Override
    public String name() {
        return "symbolic-trajectory";
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.PureDp(mechanism.epsilon());
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.SYMBOLIC_TRAJECTORY;
    }

    /**
     * Hamming k: neighbouring trajectories (word DP, Hamming-k adjacency) differ in at most k symbols, each by any
     * state (its state index by up to the number of states - 1), so this bounds no numeric distance.
     */
    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.hamming(mechanism.adjacency());
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Category.class);
    }

    @Override
    public PrivacyEvent event() {
        return new PrivacyEvent.PureEvent(mechanism.epsilon());
    }

    /** One up-front charge of {@code pure(epsilon)} for the whole trajectory of {@code length} steps (1 if absent). */
    @Override
    public StreamAccounting accounting(OptionalLong length) {
        return new StreamAccounting.UpFront(event(), length.orElse(1));
    }

    /**
     * Opens the stream of one trajectory; needs the declared number of steps. A declared release shape other than a
     * category among the graph's local states is refused here, before the up-front charge.
     */
    @Override
    public TrajectoryStream openStream(StreamRequest request) {
        long steps = request.requireLength(name());
        if (request.shape().isPresent()
                && !request.shape().get().equals(StreamRequest.Shape.category(mechanism.graph().states()))) {
            throw new IllegalArgumentException(name() + ": a stream's releases must be categories among the "
                    + mechanism.graph().states() + " local states of 'successors', so its shape must be Category("
                    + mechanism.graph().states() + "), got " + request.shape().get().describe());
        }
        return new TrajectoryStream(request, (StreamAccounting.UpFront) accounting(OptionalLong.of(steps)));
    }

    /** A one-step trajectory from the initial state; the input is validated before the stream opens (and charges). */
    @Override
    public Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
        check(input);
        return openStream(new StreamRequest(ledger, key, noise, name(), OptionalLong.of(1))).release(input);
    }

    /** Refuses a non-category input or a category count other than the number of local states. */
    private void check(Statistic input) {
        if (!(input instanceof Statistic.Category category)) {
            throw new IllegalArgumentException(name() + " accepts Category statistics only, got "
                    + (input == null ? "null" : input.getClass().getSimpleName()));
        }
        if (category.categories() != mechanism.graph().states()) {
            throw new IllegalArgumentException("category count must be the number of local states "
                    + mechanism.graph().states() + ", got " + category.categories());
        }
    }

    /** One agent's trajectory: holds the previous released state. */
    public final class TrajectoryStream extends AbstractReleaseStream {
        private int previous = initialState;

        TrajectoryStream(StreamRequest request, StreamAccounting.UpFront accounting) {
            super(request, accounting);
        }

        /** The last released state (the public initial state before the first release). */
        public int previous() {
            return previous;
        }

        @Override
        protected void validate(Statistic input) {
            check(input);
        }

        @Override
        protected Statistic perturb(Statistic input, long round) {
            Statistic.Category category = (Statistic.Category) input;
            previous = mechanism.sample(noise(), category.value(), previous);
            return new Statistic.Category(previous, category.categories());
        }
    }
}
