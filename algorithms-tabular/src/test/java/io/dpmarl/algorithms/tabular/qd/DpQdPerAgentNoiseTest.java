package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.environments.cbmp.CbmpEnvironment;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Per-agent noise {@code nu_i(t) = s_i q_i^t} (Qiao et al., eq. 5): each agent's own scale and its own charge. */
class DpQdPerAgentNoiseTest {
    private static final int N = QdHarness.AGENTS;

    private static String join(double[] values) {
        StringBuilder text = new StringBuilder();
        for (double value : values) {
            text.append(text.length() == 0 ? "" : ";").append(value);
        }
        return text.toString();
    }

    /** s_i = 2 + i; q_i = 1 for even i, 0.98 for odd i. */
    private static DpQdLaplacePrivatizer heterogeneous() {
        double[] bases = new double[N];
        double[] decays = new double[N];
        for (int i = 0; i < N; i++) {
            bases[i] = 2 + i;
            decays[i] = i % 2 == 0 ? 1 : 0.98;
        }
        return new DpQdLaplacePrivatizer(10, 0.99, 1, AgentNoiseList.parse("noise-bases", join(bases), false),
                AgentNoiseList.parse("qs", join(decays), true));
    }

    private static DpQdLearner learner(CbmpEnvironment environment, Privatizer privatizer, PrivacyLedger ledger,
                                       int observed) {
        RandomStreams streams = RandomStreams.of(3);
        return new DpQdLearner(N, 2, 2, environment.communicationGraphs(), GainSchedule.kar(1.0, 0.05), 0.7,
                Optional.of(privatizer), streams.noise("privacy"), ledger, streams.stream(DpQdLearner.BEHAVIOUR_STREAM),
                TrialMetrics.discarding(), observed);
    }

    @Test
    void eachAgentIsChargedItsOwnSchedule() {
        int steps = 300;
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0.0);
        CbmpEnvironment environment = QdHarness.cbmp(4);
        QdHarness.run(environment, learner(environment, heterogeneous(), ledger, 0), 4, steps, 100, r -> { });
        double largest = 0;
        for (int i = 0; i < N; i++) {
            // Basic composition of eps_t = 1 / (s_i q_i^t), t < T: T / s_i for q_i = 1, else
            // (1 / s_i) (q_i^-T - 1) / (q_i^-1 - 1); plus the float-safe excess (relative 2^-39).
            double s = 2 + i;
            double expected = i % 2 == 0 ? steps / s : (Math.pow(0.98, -steps) - 1) / (1 / 0.98 - 1) / s;
            assertEquals(steps, ledger.releases(LedgerKey.agent(i)));
            assertEquals(expected, ledger.epsilon(LedgerKey.agent(i), 0.0), expected * 1e-9, "agent " + i);
            largest = Math.max(largest, expected);
        }
        // The system's figure is the largest agent's (Theorem V.5: eps = max_i eps_i): agent 1 (s = 3, q = 0.98).
        assertEquals((Math.pow(0.98, -steps) - 1) / (1 / 0.98 - 1) / 3, largest, 1e-12);
        assertEquals(largest, ledger.maxEpsilon(0.0), largest * 1e-9);
    }

    @Test
    void eachAgentsMessagesCarryItsOwnScale() {
        // Undecaying noise with s_0 = 2 and s_19 = 21: the mean |message - truth| of an agent estimates its Laplace
        // scale s_i (E|Lap(b)| = b, sd b): over 2000 messages relative sd 1/sqrt(2000) = 2.2%; bound 10% (4.5 sd,
        // false rejection below 1e-5). A shared privatizer (every agent s = 10) fails both.
        double[] bases = new double[N];
        for (int i = 0; i < N; i++) {
            bases[i] = 2 + i;
        }
        Privatizer privatizer = new DpQdLaplacePrivatizer(10, 1, 1,
                AgentNoiseList.parse("noise-bases", join(bases), false), Optional.empty());
        for (int agent : new int[] {0, N - 1}) {
            CbmpEnvironment environment = QdHarness.cbmp(6);
            DpQdLearner learner = learner(environment, privatizer, PrivacyLedger.of(BasicAccountant::new, 0.0),
                    agent);
            double[] sumAbs = new double[1];
            QdHarness.run(environment, learner, 6, 2000, 2000, r -> {
                var seen = learner.episodeMessages().lastObserved().orElseThrow();
                sumAbs[0] += Math.abs(seen.message() - seen.truth());
            });
            assertEquals(1.0, sumAbs[0] / 2000 / bases[agent], 0.10, "agent " + agent);
        }
    }

    @Test
    void withoutListsEveryAgentSharesThePrivatizer() {
        DpQdLaplacePrivatizer shared = new DpQdLaplacePrivatizer(10, 0.99, 1);
        assertSame(shared, shared.forAgent(7, N));
        DpQdLaplacePrivatizer agent5 = heterogeneous().forAgent(5, N);
        assertEquals(7.0, agent5.noiseBase());
        assertEquals(0.98, agent5.decay());
        assertEquals(7 * Math.pow(0.98, 3), agent5.scale(3), 1e-12);
    }

    @Test
    void badListsAreRefusedWithTheParameterAndItsRange() {
        assertEquals("parameter 'noise-bases' must list values in (0, inf) separated by ';', got '0' at position 2",
                assertThrows(IllegalArgumentException.class,
                        () -> AgentNoiseList.parse("noise-bases", "1;0;3", false)).getMessage());
        assertEquals("parameter 'qs' must list values in (0, 1] separated by ';', got '1.5' at position 1",
                assertThrows(IllegalArgumentException.class,
                        () -> AgentNoiseList.parse("qs", "1.5;0.9", true)).getMessage());
        assertEquals("parameter 'qs' must list values in (0, 1] separated by ';', got 'x' at position 1",
                assertThrows(IllegalArgumentException.class, () -> AgentNoiseList.parse("qs", "x", true))
                        .getMessage());
        DpQdLaplacePrivatizer twoAgents = new DpQdLaplacePrivatizer(10, 1, 1,
                AgentNoiseList.parse("noise-bases", "1;2", false), Optional.empty());
        assertEquals("parameter 'noise-bases' must list one value per agent (20), got 2",
                assertThrows(IllegalArgumentException.class, () -> twoAgents.forAgent(0, N)).getMessage());
    }
}
