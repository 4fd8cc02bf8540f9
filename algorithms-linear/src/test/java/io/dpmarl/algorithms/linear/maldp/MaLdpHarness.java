package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.algorithms.linear.maldp.evaluate.ExactRegretEvaluator;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.network.NetworkMdp;
import io.dpmarl.environments.network.NetworkMdpConfig;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/** Test support: runs the {@code ma-ldp} learner on a network MDP with the exact regret evaluator, seeded. */
final class MaLdpHarness {
    static final Registry REGISTRY = Registry.discover();

    /** The outcome of one run. */
    record Run(double[] cumulativeRegret, Learner learner, PrivacyLedger ledger, List<MetricRecord> metrics) {
        double finalRegret() {
            return cumulativeRegret[cumulativeRegret.length - 1];
        }

        double metric(String name) {
            double value = Double.NaN;
            for (MetricRecord record : metrics) {
                if (record.metric().equals(name)) {
                    value = record.value();
                }
            }
            return value;
        }
    }

    private MaLdpHarness() {
    }

    static NetworkMdp paperInstance() {
        return new NetworkMdp(NetworkMdpConfig.paperInstance(), "network-mdp");
    }

    static PluginContext context(Environment environment, long seed, int episodes, List<MetricRecord> sink,
                                 PrivacyLedger ledger) {
        TrialMetrics metrics = new TrialMetrics(sink::add);
        RandomStreams streams = RandomStreams.of(seed);
        return new PluginContext(streams, NoiseSource.seeded(seed + 1_000_003L), ledger, Optional.of(environment),
                REGISTRY, metrics, Optional.of(Schedule.episodes(episodes)));
    }

    static Run run(Environment environment, String learnerSpec, long seed, int episodes) {
        List<MetricRecord> sink = new ArrayList<>();
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0);
        PluginContext context = context(environment, seed, episodes, sink, ledger);
        Learner learner = REGISTRY.create(PluginKind.LEARNER, Learner.class, learnerSpec, context);
        ExactRegretEvaluator evaluator = new ExactRegretEvaluator(
                environment.capability(TabularModel.class).orElseThrow(), environment.info().numAgents(), false,
                context.streams().stream("rollouts"));
        RandomGenerator resets = context.streams().stream("environment/reset");
        double[] cumulative = new double[episodes];
        for (int k = 0; k < episodes; k++) {
            context.metrics().step(k + 1);
            Observation[] observations = environment.reset(resets.nextLong());
            learner.beginEpisode(k, observations);
            for (int h = 0; h < environment.info().horizon(); h++) {
                int[] action = learner.act(h, observations);
                StepResult result = environment.step(action);
                learner.observe(h, action, result);
                observations = result.observations();
            }
            learner.endEpisode(k);
            evaluator.afterEpisode(new EvaluationContext(environment, learner, k, context.metrics()));
            cumulative[k] = lastValue(sink, ExactRegretEvaluator.CUMULATIVE_REGRET);
        }
        return new Run(cumulative, learner, ledger, sink);
    }

    private static double lastValue(List<MetricRecord> sink, String metric) {
        for (int i = sink.size() - 1; i >= 0; i--) {
            if (sink.get(i).metric().equals(metric)) {
                return sink.get(i).value();
            }
        }
        throw new IllegalStateException("no " + metric);
    }
}
