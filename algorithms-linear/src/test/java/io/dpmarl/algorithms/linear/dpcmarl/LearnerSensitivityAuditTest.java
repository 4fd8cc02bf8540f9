package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.SensitivityAudit;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Learner-level sensitivity audit of the clipped critic exchange: coupled trials of {@code dpc-marl-a2c} on
 * neighbouring data (agent 1's rewards replaced by arbitrary, large values in one run), with the same seeds for
 * actions, initial weights and privacy noise, so the noise of each release cancels in the difference. Over every
 * exchange the L1 distance between agent 1's released critics of the two runs stays within the declared
 * sensitivity 2C (up to the noise grid's rounding). The paper's nominal noise (no clipping) on the same pairs is
 * refuted: its critics drift apart by far more than 2C.
 */
class LearnerSensitivityAuditTest {
    private static final int AGENTS = 3;
    private static final double CLIP = 5;

    /** The tracking fixture with agent 1's rewards replaced by {@code factor * reward + shift}. */
    private static Environment neighbour(double factor, double shift) {
        ToyTrackingEnvironment base = new ToyTrackingEnvironment(AGENTS, 30);
        return new Environment() {
            @Override
            public EnvironmentInfo info() {
                return base.info();
            }

            @Override
            public Observation[] reset(long seed) {
                return base.reset(seed);
            }

            @Override
            public StepResult step(int[] jointAction) {
                StepResult result = base.step(jointAction);
                double[] rewards = result.rewards().clone();
                rewards[1] = factor * rewards[1] + shift;
                return new StepResult(result.observations(), rewards, result.terminated(), result.truncated(),
                        result.info());
            }
        };
    }

    /** Records agent 1's releases of a privatizer. */
    private static Privatizer recording(Privatizer inner, List<double[]> releases) {
        return (Privatizer) java.lang.reflect.Proxy.newProxyInstance(Privatizer.class.getClassLoader(),
                new Class<?>[] {Privatizer.class}, (proxy, method, args) -> {
                    if (method.getName().equals("openStream")) {
                        StreamRequest request = (StreamRequest) args[0];
                        ReleaseStream stream = inner.openStream(request);
                        boolean audited = request.key().equals(LedgerKey.agent(1));
                        return java.lang.reflect.Proxy.newProxyInstance(ReleaseStream.class.getClassLoader(),
                                new Class<?>[] {ReleaseStream.class}, (p, m, a) -> {
                                    Object out = m.invoke(stream, a);
                                    if (audited && m.getName().equals("release")) {
                                        releases.add(((Statistic.Vector) out).values().clone());
                                    }
                                    return out;
                                });
                    }
                    return method.invoke(inner, args);
                });
    }

    private static List<double[]> run(Privatizer privatizer, Environment environment) {
        List<double[]> releases = new ArrayList<>();
        RandomStreams streams = RandomStreams.of(12);
        RandomGenerator[] initialise = new RandomGenerator[AGENTS];
        RandomGenerator[] policy = new RandomGenerator[AGENTS];
        for (int i = 0; i < AGENTS; i++) {
            initialise[i] = streams.stream("initialisation/agent/" + i);
            policy[i] = streams.stream("policy/agent/" + i);
        }
        Channel channel = Channel.privateChannel("critic", recording(privatizer, releases),
                PrivacyLedger.of(BasicAccountant::new, 0), NoiseSource.seeded(77));
        DpcMarlA2c learner = new DpcMarlA2c(environment.info(), CommunicationGraph.path(AGENTS),
                A2cSettings.builder().actorLearningRate(5e-2).criticLearningRate(5e-2).rollout(10).gamma(0.95)
                        .hidden(16).entropyWeight(0.01).rewardScale(1.0).build(),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, channel, initialise, policy, TrialMetrics.discarding());
        ToyTrackingEnvironment.train(environment, learner, 10, 3);
        return releases;
    }

    private static List<SensitivityAudit.Pair<double[]>> pairs(Privatizer privatizer) {
        List<double[]> base = run(privatizer, neighbour(1, 0));
        List<SensitivityAudit.Pair<double[]>> pairs = new ArrayList<>();
        double[][] neighbours = {{-50, 0}, {1, 1e4}, {0, -1e6}};
        for (double[] change : neighbours) {
            List<double[]> other = run(privatizer, neighbour(change[0], change[1]));
            for (int round = 0; round < Math.min(base.size(), other.size()); round++) {
                pairs.add(new SensitivityAudit.Pair<>(base.get(round), other.get(round),
                        "agent 1 rewards x" + change[0] + " + " + change[1] + ", exchange " + round));
            }
        }
        return pairs;
    }

    @Test
    void clippedExchangeNeverExceedsTwoC() {
        // tolerance 1e-6: the release is rounded to the Laplace grid (2C/epsilon x 2^-39 per coordinate, 481 of them)
        SensitivityAudit.Report<double[]> report = SensitivityAudit.of("agent 1's released critic (clipped)",
                        2 * CLIP, SensitivityAudit.Norm.L1).withTolerance(1e-6)
                .check(pairs(new ClippedLaplacePrivatizer(1.0, CLIP, 1000)), values -> values);
        report.assertHolds();
        // not vacuous: 3 neighbours x 30 exchanges, and the runs do drift apart
        org.junit.jupiter.api.Assertions.assertEquals(90, report.pairs());
        org.junit.jupiter.api.Assertions.assertTrue(report.ratio() > 0.05, report.toString());
    }

    @Test
    void nominalExchangeIsRefutedAtTwoC() {
        SensitivityAudit.of("agent 1's released critic (nominal, sGain 0)", 2 * CLIP, SensitivityAudit.Norm.L1)
                .check(pairs(new DataDependentLaplacePrivatizer(0)), values -> values).assertRefuted();
    }
}
