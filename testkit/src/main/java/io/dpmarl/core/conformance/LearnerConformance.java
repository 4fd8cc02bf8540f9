package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.ExactModel;
import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The conformance kit for {@link Learner} plugins: a learner never reads its environment's exact model. Only
 * evaluators and planners may ask an environment for an {@link ExactModel} capability (a transition kernel, the true
 * value function): a learner's privacy guarantee and its regret bound are about learning from data it does not
 * already have. Inside the dpmarl repository the build checks this statically (an architecture rule); a third-party
 * learner is checked at run time, with one line:
 * <pre>{@code
 * LearnerConformance.checkReadsNoExactModel(registry, "team-q", registry.create(PluginKind.ENVIRONMENT,
 *         Environment.class, "relay-chain"));
 * }</pre>
 *
 * <p>The environment is wrapped so that every {@link Environment#capability(Class)} call for a type assignable to
 * {@link ExactModel} is recorded and answered with empty (a learner that needs the model then fails loudly). The
 * learner is created through its provider by the registry, with the context a spec run gives it (the wrapped
 * environment, the trial's streams and privacy noise, an unaccounted ledger, the schedule), and runs
 * {@value #EPISODES} training episodes and one evaluation episode through {@link Pipeline}. The check fails with an
 * {@link AssertionError} naming the rule, the learner and every exact-model type requested, and when (while the
 * provider created the learner, or in which episode), whether or not the learner then failed. Public structure a
 * learner is told in advance (features, known rewards: capabilities that do not extend {@link ExactModel}) is
 * answered by the environment as usual; asking for {@link Environment} itself yields the wrapped environment. The
 * check sees capability requests only: a learner that casts its environment to a model class is caught by the cast
 * failing on the wrapper, not by this message. Nothing is random beyond fixed seeds, so the check has no false
 * rejections.
 */
public final class LearnerConformance {
    /** Training episodes the learner runs (followed by one evaluation episode). */
    public static final int EPISODES = 3;
    /** Steps per episode when the environment has an unbounded horizon. */
    public static final int UNBOUNDED_STEPS = 100;
    /** The rule, as the failure message states it. */
    public static final String RULE = "a learner must not read its environment's exact model (ExactModel "
            + "capabilities are for evaluators and planners)";
    private static final long SEED = 42;

    private LearnerConformance() {
    }

    /**
     * Creates the learner {@code learnerSpec} through its provider in {@code registry} with {@code environment}, runs
     * it, and fails if the provider or the learner asked the environment for an {@link ExactModel} capability.
     *
     * @param registry    where the learner's provider (and any plugin its spec names, such as a privatizer) is found
     * @param learnerSpec the learner's spec string, for example {@code team-q(alpha=0.5)}
     * @param environment a new environment instance; it is reset and stepped
     */
    public static void checkReadsNoExactModel(Registry registry, String learnerSpec, Environment environment) {
        assertNotNull(registry, "registry must be non-null");
        assertNotNull(learnerSpec, "learnerSpec must be non-null");
        assertNotNull(environment, "environment must be non-null");
        WatchedEnvironment watched = new WatchedEnvironment(environment);
        try {
            run(registry, learnerSpec, watched);
        } catch (RuntimeException failure) {
            if (!watched.reads.isEmpty()) {
                throw new AssertionError(message(learnerSpec, watched.reads) + "; the learner then failed: "
                        + failure, failure);
            }
            throw failure;
        }
        if (!watched.reads.isEmpty()) {
            fail(message(learnerSpec, watched.reads));
        }
    }

    private static void run(Registry registry, String learnerSpec, Environment watched) {
        EnvironmentInfo info = watched.info();
        Schedule schedule = Schedule.episodes(EPISODES).withEvaluation(EPISODES, 1);
        if (info.horizon() == Integer.MAX_VALUE) {
            schedule = schedule.withStepLimit(UNBOUNDED_STEPS);
        }
        RandomStreams streams = RandomStreams.of(SEED);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        TrialMetrics metrics = TrialMetrics.discarding();
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(watched),
                registry, metrics, Optional.of(schedule));
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class, learnerSpec, context);
        Pipeline.builder().environment(watched).learner(learner).ledger(ledger).streams(streams).metrics(metrics)
                .build().run(new TrialId("learner-conformance", 0, SEED), schedule);
    }

    private static String message(String learnerSpec, List<String> reads) {
        return learnerSpec + ": " + RULE + "; it requested " + String.join(", ", reads);
    }

    /** An environment that records, and refuses, requests for exact-model capabilities. */
    private static final class WatchedEnvironment implements Environment {
        private final Environment environment;
        private final List<String> reads = new ArrayList<>();
        private int resets;

        WatchedEnvironment(Environment environment) {
            this.environment = environment;
        }

        @Override
        public EnvironmentInfo info() {
            return environment.info();
        }

        @Override
        public Observation[] reset(long seed) {
            resets++;
            return environment.reset(seed);
        }

        @Override
        public StepResult step(int[] jointAction) {
            return environment.step(jointAction);
        }

        @Override
        public <C> Optional<C> capability(Class<C> type) {
            if (ExactModel.class.isAssignableFrom(type)) {
                reads.add(type.getSimpleName() + (resets == 0 ? " while its provider created it"
                        : " in episode " + resets + " of the run"));
                return Optional.empty();
            }
            if (type.isInstance(this)) {
                return Optional.of(type.cast(this));
            }
            return environment.capability(type);
        }
    }
}
