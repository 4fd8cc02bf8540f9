package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.GraphFamily;
import io.dpmarl.environments.cbmp.CbmpModel;
import io.dpmarl.mechanisms.audit.SensitivityAudit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The sensitivity audit on one agent's messages: agent i0's private reward at one step t0 is changed by
 * {@code +-adjBound / gainA} (the largest change whose immediate effect on its Q-entry, {@code alpha(k) * dr <=
 * gainA * dr}, is within the declared adjacency bound), and every message agent i0 sends before its noise, over the
 * whole run, is compared. The declared sensitivity of one message is the privatizer's adjacency bound (L-infinity
 * over the sequence: each message on its own). Instances: 4 seeds x agents {0, 7} x t0 in {0, 1, 5, 50, 200} x both
 * signs, including the first steps, where the first-visit gains are largest. A mutant whose innovation gain is 3x
 * larger moves the messages by more than the bound and must be refuted.
 */
class MessageSensitivityAuditTest {
    private static final int STEPS = 400;
    private static final double ADJACENCY_BOUND = 1.0;

    /** One run: seed, sender, changed step and signed change. */
    record Instance(long seed, int agent, int changedStep, double change) {
    }

    /** Agent's pre-noise messages over the run, with gains (gainA, 0.05) on a WS(20, 4, 0.3) graph. */
    private static double[] messages(Instance instance, double gainA) {
        SplittableRandom random = new SplittableRandom(instance.seed());
        CbmpModel model = CbmpModel.generate(20, 0.7, 20, 50, 400, random);
        CommunicationGraph graph = GraphFamily.WATTS_STROGATZ.generator(20, 4, 0.3).draw(random);
        GainSchedule gains = GainSchedule.kar(gainA, 0.05);
        QdNetwork network = new QdNetwork(20, 2, 2);
        long[][] visits = new long[2][2];
        double[] rewards = new double[20];
        double[] truth = new double[20];
        double[] sent = new double[STEPS];
        int state = random.nextInt(2);
        for (int t = 0; t < STEPS; t++) {
            int action = random.nextInt(2);
            int next = model.sampleNext(state, action, random);
            model.sampleRewards(state, action, random, rewards);
            if (t == instance.changedStep()) {
                rewards[instance.agent()] += instance.change();
            }
            network.entries(state, action, truth);
            sent[t] = truth[instance.agent()];
            long k = visits[state][action]++;
            network.update(state, action, next, rewards, truth, graph, gains.innovation(k), gains.consensus(k), 0.7);
            state = next;
        }
        return sent;
    }

    private static List<SensitivityAudit.Pair<Instance>> pairs() {
        List<SensitivityAudit.Pair<Instance>> pairs = new ArrayList<>();
        for (long seed = 1; seed <= 4; seed++) {
            for (int agent : new int[] {0, 7}) {
                for (int step : new int[] {0, 1, 5, 50, 200}) {
                    for (double sign : new double[] {-1, 1}) {
                        pairs.add(new SensitivityAudit.Pair<>(new Instance(seed, agent, step, 0),
                                new Instance(seed, agent, step, sign * ADJACENCY_BOUND),
                                "seed " + seed + ", agent " + agent + "'s reward at t = " + step + " moved by "
                                        + sign * ADJACENCY_BOUND));
                    }
                }
            }
        }
        return pairs;
    }

    @Test
    void noMessageMovesByMoreThanTheAdjacencyBound() {
        SensitivityAudit.of("agent i0's messages under one reward change", ADJACENCY_BOUND,
                SensitivityAudit.Norm.LINF).check(pairs(), instance -> messages(instance, 1.0)).assertHolds();
    }

    @Test
    void aLargerInnovationGainIsRefuted() {
        // With gainA = 3 the same reward change moves the next message by up to 3 (alpha(0) = 3).
        SensitivityAudit.of("mutant: gain-a = 3", ADJACENCY_BOUND, SensitivityAudit.Norm.LINF)
                .check(pairs(), instance -> messages(instance, 3.0)).assertRefuted();
    }
}
