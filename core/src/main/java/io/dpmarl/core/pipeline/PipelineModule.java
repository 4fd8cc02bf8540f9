package io.dpmarl.core.pipeline;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.MetricSink;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.TrialMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Guice wiring of one trial's {@link Pipeline} from a {@link PipelineSpec}: the environment, learner and
 * accountant come from the {@link Registry} by spec string; the privacy ledger composes with a fresh
 * accountant per key ({@link PrivacyLedger#of} or, with a budget, {@link PrivacyLedger#withBudget});
 * privacy noise is {@code streams.noise("privacy")} (seeded from the trial seed: experiments only, a
 * seeded source gives no privacy against whoever knows the seed); non-private randomness is the
 * trial's {@link RandomStreams}. Every binding is a singleton within the trial's injector.
 *
 * <p>Override a binding with {@code Modules.override(new PipelineModule(...)).with(...)}, or skip Guice
 * and build the {@link Pipeline} record directly (see its Javadoc).
 */
public final class PipelineModule extends AbstractModule {
    private final PipelineSpec spec;
    private final Registry registry;
    private final RandomStreams streams;
    private final TrialMetrics metrics;
    private final Consumer<PrivacyRow> privacySink;
    private final NoiseSource privacyNoise;

    /**
     * @param spec     the components
     * @param registry where plugins come from
     * @param streams  the trial's streams, {@code RandomStreams.of(seed).child("trial/" + i)}
     * @param metrics     where the loop, the learner and the evaluators record
     * @param privacySink where the ledger's reporting rows go
     */
    public PipelineModule(PipelineSpec spec, Registry registry, RandomStreams streams, TrialMetrics metrics,
                          Consumer<PrivacyRow> privacySink) {
        this(spec, registry, streams, metrics, privacySink, streams.noise("privacy"));
    }

    /** As above, with the privacy noise source given (for example {@link NoiseSource#secure()}). */
    public PipelineModule(PipelineSpec spec, Registry registry, RandomStreams streams, TrialMetrics metrics,
                          Consumer<PrivacyRow> privacySink, NoiseSource privacyNoise) {
        this.spec = spec;
        this.registry = registry;
        this.streams = streams;
        this.metrics = metrics;
        this.privacySink = privacySink;
        this.privacyNoise = privacyNoise;
    }

    /** Assembles the pipeline of one trial with a fresh injector; metric rows go to {@code sink}. */
    public static Pipeline assemble(PipelineSpec spec, Registry registry, RandomStreams streams, MetricSink sink) {
        return assemble(spec, registry, streams, new TrialMetrics(sink), row -> { });
    }

    /** Assembles the pipeline of one trial with a fresh injector. */
    public static Pipeline assemble(PipelineSpec spec, Registry registry, RandomStreams streams, TrialMetrics metrics,
                                    Consumer<PrivacyRow> privacySink) {
        return assemble(spec, registry, streams, metrics, privacySink, streams.noise("privacy"));
    }

    /** Assembles the pipeline of one trial with a fresh injector and the given privacy noise source. */
    public static Pipeline assemble(PipelineSpec spec, Registry registry, RandomStreams streams, TrialMetrics metrics,
                                    Consumer<PrivacyRow> privacySink, NoiseSource privacyNoise) {
        try {
            return Guice.createInjector(new PipelineModule(spec, registry, streams, metrics, privacySink,
                            privacyNoise))
                    .getInstance(Pipeline.class);
        } catch (com.google.inject.ProvisionException | com.google.inject.CreationException wrapped) {
            Throwable cause = wrapped.getCause();
            if (cause instanceof IllegalArgumentException illegal) {
                throw illegal;
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw wrapped;
        }
    }

    @Override
    protected void configure() {
        bind(Registry.class).toInstance(registry);
        bind(RandomStreams.class).toInstance(streams);
        bind(TrialMetrics.class).toInstance(metrics);
        bind(PipelineSpec.class).toInstance(spec);
    }

    @Provides
    @Singleton
    NoiseSource noise() {
        return privacyNoise;
    }

    @Provides
    @Singleton
    PrivacyLedger ledger() {
        Supplier<Accountant> accountants = () -> registry.create(PluginKind.ACCOUNTANT, Accountant.class,
                spec.accountant());
        accountants.get();
        return spec.budgetPerKey().map(budget -> PrivacyLedger.withBudget(accountants, budget,
                        spec.reportingDelta()))
                .orElseGet(() -> PrivacyLedger.of(accountants, spec.reportingDelta()));
    }

    @Provides
    @Singleton
    Environment environment(NoiseSource noise, PrivacyLedger ledger) {
        PluginContext context = new PluginContext(streams.child("environment"), noise, ledger, Optional.empty(),
                registry, metrics, spec.schedule());
        return registry.create(PluginKind.ENVIRONMENT, Environment.class, spec.environment(), context);
    }

    @Provides
    @Singleton
    PluginContext context(NoiseSource noise, PrivacyLedger ledger, Environment environment) {
        return new PluginContext(streams, noise, ledger, Optional.of(environment), registry, metrics, spec.schedule());
    }

    @Provides
    @Singleton
    Learner learner(PluginContext context) {
        return registry.create(PluginKind.LEARNER, Learner.class, spec.learner(), context);
    }

    @Provides
    @Singleton
    List<Evaluator> evaluators(PluginContext context) {
        List<Evaluator> evaluators = new ArrayList<>();
        for (String evaluator : spec.evaluators()) {
            evaluators.add(registry.create(PluginKind.EVALUATOR, Evaluator.class, evaluator, context));
        }
        return evaluators;
    }

    @Provides
    @Singleton
    Pipeline pipeline(Environment environment, Learner learner, List<Evaluator> evaluators, PrivacyLedger ledger) {
        return Pipeline.builder().environment(environment).learner(learner).evaluators(evaluators).ledger(ledger)
                .streams(streams).metrics(metrics).privacySink(privacySink).build();
    }
}
