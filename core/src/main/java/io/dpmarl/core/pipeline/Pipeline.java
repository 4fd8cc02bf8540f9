package io.dpmarl.core.pipeline;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * One trial's assembled components and the schedule-driven loop that runs them. Build it with
 * {@link PipelineModule} (Guice, from plugin specs) or in plain Java with {@link #builder()}.
 *
 * <p>Per training episode (counted from 1 in the metric rows) the loop records {@code episode_return} (the sum
 * over stages of the agents' mean reward), {@code return_agent_<i>} for each agent, and, once the ledger has
 * been charged, {@code epsilon_spent}: the largest epsilon over principals at the ledger's reporting delta
 * (infinity if a release carried no formal guarantee). Evaluators are called around each episode and at the
 * schedule's evaluation points, where the learner also plays {@code evaluation_return} episodes in evaluation
 * mode. The ledger is reported to the privacy sink every {@code privacyReportEvery} episodes and at the end.
 *
 * <p>Each training episode starts with {@code reset(seed)} where the seed is the next value of the trial's
 * {@code "environment/reset"} stream (evaluation episodes use {@code "environment/evaluation"}), so the run is
 * reproducible from the trial seed alone.
 */
public final class Pipeline {
    /** Metric name of the per-episode team return. */
    public static final String EPISODE_RETURN = "episode_return";
    /** Metric name prefix of the per-agent returns. */
    public static final String AGENT_RETURN_PREFIX = "return_agent_";
    /** Metric name of the evaluation-episode return. */
    public static final String EVALUATION_RETURN = "evaluation_return";
    /** Metric name of the privacy loss spent so far. */
    public static final String EPSILON_SPENT = "epsilon_spent";

    private final Environment environment;
    private final Learner learner;
    private final List<Evaluator> evaluators;
    private final PrivacyLedger ledger;
    private final RandomStreams streams;
    private final TrialMetrics metrics;
    private final PrivacyReporter privacy;

    private Pipeline(Builder builder) {
        this.environment = Objects.requireNonNull(builder.environment, "environment");
        this.learner = Objects.requireNonNull(builder.learner, "learner");
        this.evaluators = List.copyOf(builder.evaluators);
        this.ledger = Objects.requireNonNull(builder.ledger, "ledger");
        this.streams = Objects.requireNonNull(builder.streams, "streams");
        this.metrics = Objects.requireNonNull(builder.metrics, "metrics");
        this.privacy = new PrivacyReporter(ledger, builder.privacySink);
    }

    /** A builder; environment, learner, ledger, streams and metrics are required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The environment. */
    public Environment environment() {
        return environment;
    }

    /** The learner. */
    public Learner learner() {
        return learner;
    }

    /** The evaluators. */
    public List<Evaluator> evaluators() {
        return evaluators;
    }

    /** The trial's ledger. */
    public PrivacyLedger ledger() {
        return ledger;
    }

    /** Runs {@code episodes} training episodes under {@code trial}. */
    public void run(TrialId trial, int episodes) {
        run(trial, Schedule.episodes(episodes));
    }

    /** Runs the schedule under {@code trial}, then closes the learner ({@link Learner#close()}), even on failure. */
    public void run(TrialId trial, Schedule schedule) {
        try {
            runSchedule(trial, schedule);
        } finally {
            learner.close();
        }
    }

    private void runSchedule(TrialId trial, Schedule schedule) {
        Objects.requireNonNull(trial, "trial");
        metrics.begin(trial);
        privacy.begin(trial);
        RandomGenerator resets = streams.stream("environment/reset");
        RandomGenerator evaluationResets = streams.stream("environment/evaluation");
        int agents = environment.info().numAgents();
        int episodeSteps = schedule.episodeSteps(environment.info().horizon(), environment.info().name());
        long totalSteps = 0;
        long episode = 0;
        while (schedule.unit() == Schedule.Unit.EPISODES ? episode < schedule.length()
                : totalSteps < schedule.length()) {
            long step = episode + 1;
            metrics.step(step);
            long stepBudget = schedule.unit() == Schedule.Unit.STEPS
                    ? Math.min(episodeSteps, schedule.length() - totalSteps) : episodeSteps;
            Observation[] observations = environment.reset(resets.nextLong());
            learner.beginEpisode((int) episode, observations);
            EvaluationContext context = new EvaluationContext(environment, learner, episode, metrics);
            for (Evaluator evaluator : evaluators) {
                evaluator.beforeEpisode(context);
            }
            double[] returns = new double[agents];
            int stage = 0;
            boolean done = false;
            while (!done && stage < stepBudget) {
                int[] jointAction = learner.act(stage, observations);
                StepResult result = environment.step(jointAction);
                learner.observe(stage, jointAction, result);
                for (int agent = 0; agent < agents; agent++) {
                    returns[agent] += result.rewards()[agent];
                }
                observations = result.observations();
                stage++;
                done = result.done();
                if (!done && stage >= environment.info().horizon()) {
                    throw new IllegalStateException(environment.info().name()
                            + " did not end the episode at its horizon " + environment.info().horizon());
                }
            }
            totalSteps += stage;
            learner.endEpisode((int) episode);
            for (Evaluator evaluator : evaluators) {
                evaluator.afterEpisode(context);
            }
            recordReturns(returns);
            if (ledger.isAccounted() && ledger.isCharged()) {
                metrics.record(EPSILON_SPENT, ledger.maxEpsilon(ledger.reportingDelta()));
            }
            episode++;
            if (schedule.evaluateEvery() > 0 && episode % schedule.evaluateEvery() == 0) {
                evaluate(schedule, episodeSteps, evaluationResets, context);
            }
            if (episode % schedule.privacyReportEvery() == 0) {
                privacy.report(step);
            }
        }
        privacy.report(episode);
    }

    private void recordReturns(double[] returns) {
        double total = 0;
        for (int agent = 0; agent < returns.length; agent++) {
            total += returns[agent];
            if (returns.length > 1) {
                metrics.record(AGENT_RETURN_PREFIX + agent, returns[agent]);
            }
        }
        metrics.record(EPISODE_RETURN, total / returns.length);
    }

    private void evaluate(Schedule schedule, int episodeSteps, RandomGenerator resets, EvaluationContext context) {
        learner.evaluationMode(true);
        try {
            double sum = 0;
            int agents = environment.info().numAgents();
            for (int run = 0; run < schedule.evaluationEpisodes(); run++) {
                Observation[] observations = environment.reset(resets.nextLong());
                double episodeReturn = 0;
                boolean done = false;
                for (int stage = 0; !done && stage < episodeSteps; stage++) {
                    StepResult result = environment.step(learner.act(stage, observations));
                    for (double reward : result.rewards()) {
                        episodeReturn += reward / agents;
                    }
                    observations = result.observations();
                    done = result.done();
                }
                sum += episodeReturn;
            }
            metrics.record(EVALUATION_RETURN, sum / schedule.evaluationEpisodes());
        } finally {
            learner.evaluationMode(false);
        }
        for (Evaluator evaluator : evaluators) {
            evaluator.atEvaluation(context);
        }
    }

    /** Collects the parts of a {@link Pipeline}. */
    public static final class Builder {
        private Environment environment;
        private Learner learner;
        private final List<Evaluator> evaluators = new ArrayList<>();
        private PrivacyLedger ledger;
        private RandomStreams streams;
        private TrialMetrics metrics;
        private Consumer<PrivacyRow> privacySink = row -> { };

        private Builder() {
        }

        /** The environment. */
        public Builder environment(Environment value) {
            this.environment = value;
            return this;
        }

        /** The learner. */
        public Builder learner(Learner value) {
            this.learner = value;
            return this;
        }

        /** Adds evaluators. */
        public Builder evaluators(List<? extends Evaluator> values) {
            this.evaluators.addAll(values);
            return this;
        }

        /** The ledger the learner's release streams charge. */
        public Builder ledger(PrivacyLedger value) {
            this.ledger = value;
            return this;
        }

        /** The trial's random streams. */
        public Builder streams(RandomStreams value) {
            this.streams = value;
            return this;
        }

        /** Where metrics go (the same object the plugins' context holds). */
        public Builder metrics(TrialMetrics value) {
            this.metrics = value;
            return this;
        }

        /** Where the ledger's reporting rows go (default: nowhere). */
        public Builder privacySink(Consumer<PrivacyRow> value) {
            this.privacySink = Objects.requireNonNull(value, "privacySink");
            return this;
        }

        /** The pipeline. */
        public Pipeline build() {
            return new Pipeline(this);
        }
    }
}
