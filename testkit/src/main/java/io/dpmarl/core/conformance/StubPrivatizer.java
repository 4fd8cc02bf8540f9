package io.dpmarl.core.conformance;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.Arrays;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A test double of a privatizer: it declares whatever name, accepted statistic types, sensitivity, guarantee, event
 * and neighbouring relation a test gives it, and its release is a plain function of the input (the identity unless
 * a test gives another one). It <b>adds no noise and draws nothing</b> from the noise source, so it gives <b>no
 * privacy at all</b>, whatever guarantee it declares: its declarations are a test's assumptions, not a property of
 * its releases. It must never be registered as a plugin (never listed in {@code META-INF/services}, never handed
 * to a real run); {@link #provider()} exists only for a test's own {@code Registry.of(...)}.
 *
 * <p>What it is for: a plugin or learner author's test that their code reacts to a privatizer's declarations, for
 * example that a learner refuses a privatizer whose statistic types or sensitivity norm it cannot use (before
 * anything is charged), or that only the expected statistics reach the privatizer (a release function that records
 * its input). It is built on core's {@link AbstractPrivatizer}, so the release order is the real one: the input type
 * is checked against {@link #accepts()}, a stream opened with a declared shape of a type it does not accept is
 * refused, and the ledger is charged {@link #event()} once per release before the release function runs.
 *
 * <pre>{@code
 * Privatizer hammingScalar = StubPrivatizer.named("hamming-scalar").accepts(Statistic.Scalar.class)
 *         .sensitivity(Sensitivity.hamming(1)).build();
 * }</pre>
 *
 * <p>A double that must draw noise (to test that a refused release draws none, or an under-calibrated mechanism for
 * an empirical audit) is outside what this stub expresses: write that mechanism with the exact samplers.
 */
public final class StubPrivatizer extends AbstractPrivatizer {
    private final String name;
    private final Set<Class<? extends Statistic>> accepted;
    private final Sensitivity sensitivity;
    private final PrivacyGuarantee guarantee;
    private final PrivacyEvent event;
    private final Neighbouring neighbouring;
    private final UnaryOperator<Statistic> release;

    private StubPrivatizer(Builder builder) {
        this.name = builder.name;
        this.accepted = builder.accepted;
        this.sensitivity = builder.sensitivity;
        this.guarantee = builder.guarantee;
        this.event = builder.event;
        this.neighbouring = builder.neighbouring;
        this.release = builder.release;
    }

    /**
     * Starts a stub named {@code name}. The defaults of everything else are in {@link Builder}.
     *
     * @param name the name the stub reports (the plugin name a learner's refusal quotes), non-blank; checked by
     *     {@link Builder#build()}
     * @return a builder
     */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /** The name given to {@link #named}. */
    @Override
    public String name() {
        return name;
    }

    /** The declared guarantee (a test's assumption: the stub itself adds no noise). */
    @Override
    public PrivacyGuarantee guarantee() {
        return guarantee;
    }

    /** The declared neighbouring relation. */
    @Override
    public Neighbouring neighbouring() {
        return neighbouring;
    }

    /** The declared sensitivity (no noise is calibrated to it). */
    @Override
    public Sensitivity sensitivity() {
        return sensitivity;
    }

    /** The declared statistic types; a release or declared stream of another type is refused. */
    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return accepted;
    }

    /** The event charged to the ledger for every release, before the release function runs. */
    @Override
    public PrivacyEvent event() {
        return event;
    }

    /**
     * Applies the release function to the input and draws nothing from {@code noise}.
     *
     * @throws IllegalStateException if the release function returned null
     */
    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        Statistic released = release.apply(input);
        if (released == null) {
            throw new IllegalStateException("stub privatizer '" + name + "': the release function returned null");
        }
        return released;
    }

    /**
     * A provider of kind {@link PluginKind#PRIVATIZER}, named as this stub, with no parameters, that creates this
     * very instance, for a test's own {@code Registry.of(...)} (so that a learner plugin resolves the stub by its
     * spec). Never list it for {@code ServiceLoader} discovery.
     *
     * @return the provider
     */
    public PluginProvider<Privatizer> provider() {
        StubPrivatizer stub = this;
        return new PluginProvider<>() {
            @Override
            public PluginKind kind() {
                return PluginKind.PRIVATIZER;
            }

            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return "test double (adds no noise): " + name + " accepting " + acceptedNames();
            }

            @Override
            public ParamSpec parameters() {
                return ParamSpec.of();
            }

            @Override
            public Privatizer create(Params params, PluginContext context) {
                return stub;
            }
        };
    }

    private String acceptedNames() {
        return String.join(", ", accepted.stream().map(Class::getSimpleName).sorted().toList());
    }

    /**
     * Builds a {@link StubPrivatizer}. Only the name and the accepted types are required; the defaults are
     * sensitivity {@code L1 1}, guarantee {@code PureDp(1)} charged as {@code PureEvent(1)}, neighbouring
     * {@link Neighbouring#RECORD} and the identity release. Every setter refuses null; {@link #build()} refuses a
     * blank name or no accepted type, naming the parameter.
     */
    public static final class Builder {
        private final String name;
        private Set<Class<? extends Statistic>> accepted = Set.of();
        private Sensitivity sensitivity = Sensitivity.l1(1);
        private PrivacyGuarantee guarantee = new PrivacyGuarantee.PureDp(1.0);
        private PrivacyEvent event = new PrivacyEvent.PureEvent(1.0);
        private Neighbouring neighbouring = Neighbouring.RECORD;
        private UnaryOperator<Statistic> release = UnaryOperator.identity();

        private Builder(String name) {
            this.name = name;
        }

        /**
         * The statistic types the stub accepts (at least one); replaces any earlier call.
         *
         * @param types the accepted types, non-null
         * @return this builder
         */
        @SafeVarargs
        public final Builder accepts(Class<? extends Statistic>... types) {
            if (types == null || Arrays.asList(types).contains(null)) {
                throw new IllegalArgumentException("stub privatizer '" + name + "': parameter 'accepts' must list "
                        + "non-null statistic types, got " + (types == null ? "null" : Arrays.toString(types)));
            }
            this.accepted = Set.copyOf(Arrays.asList(types));
            return this;
        }

        /**
         * The declared sensitivity (default {@code L1 1}).
         *
         * @param value the sensitivity, non-null
         * @return this builder
         */
        public Builder sensitivity(Sensitivity value) {
            this.sensitivity = required("sensitivity", value);
            return this;
        }

        /**
         * The declared guarantee and the event charged per release (default {@code PureDp(1)} and
         * {@code PureEvent(1)}). They are set together because the ledger composes the event while readers see the
         * guarantee; a test of a plugin that declares them inconsistently may give an inconsistent pair on purpose.
         *
         * @param declared the guarantee, non-null
         * @param charged the event charged for every release, non-null
         * @return this builder
         */
        public Builder guarantee(PrivacyGuarantee declared, PrivacyEvent charged) {
            this.guarantee = required("guarantee", declared);
            this.event = required("event", charged);
            return this;
        }

        /**
         * The declared neighbouring relation (default {@link Neighbouring#RECORD}).
         *
         * @param relation the relation, non-null
         * @return this builder
         */
        public Builder neighbouring(Neighbouring relation) {
            this.neighbouring = required("neighbouring", relation);
            return this;
        }

        /**
         * The release as a function of the input (default the identity). It sees the input after the type check
         * and the ledger charge, draws no noise, and must return a non-null statistic; it may record its input.
         *
         * @param function the release function, non-null
         * @return this builder
         */
        public Builder release(UnaryOperator<Statistic> function) {
            this.release = required("release", function);
            return this;
        }

        /**
         * Builds the stub.
         *
         * @return the stub
         * @throws IllegalArgumentException if the name is null or blank, or no accepted type was given
         */
        public StubPrivatizer build() {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("stub privatizer: parameter 'name' must be a non-blank name, got "
                        + (name == null ? "null" : "'" + name + "'"));
            }
            if (accepted.isEmpty()) {
                throw new IllegalArgumentException("stub privatizer '" + name + "': parameter 'accepts' must name at "
                        + "least one statistic type, got none");
            }
            return new StubPrivatizer(this);
        }

        private <T> T required(String parameter, T value) {
            if (value == null) {
                throw new IllegalArgumentException("stub privatizer '" + name + "': parameter '" + parameter
                        + "' must be non-null, got null");
            }
            return value;
        }
    }
}
