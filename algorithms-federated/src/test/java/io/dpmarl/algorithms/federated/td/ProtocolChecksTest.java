package io.dpmarl.algorithms.federated.td;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.privacy.FederatedNoisePrivatizer;
import io.dpmarl.algorithms.federated.privacy.NoiseMechanism;
import io.dpmarl.algorithms.federated.privacy.RunAccounting;
import io.dpmarl.algorithms.federated.privacy.WholeRunSensitivity;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.model.FederatedWeights;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The protocol's checks on the 2-state chain of {@link TwoStateChainByHandTest}: what is refused, and that a refusal
 * comes before the master's release (no noise drawn, nothing released), plus the accessors of the protocol's parts.
 */
class ProtocolChecksTest {
    private static final FederatedWeights WEIGHTS = new FederatedWeights.Values(new double[] {0.75, 0.25});
    private static final TdParameters PARAMETERS = TdParameters.of(0.5, 0.75, StepSizes.constant(0.5));

    private static ReleaseStream silentStream(ScriptedNoiseSource noise) {
        WholeRunSensitivity run = WholeRunSensitivity.of(1.0, 0.5, 0.75, StepSizes.constant(0.5), 5);
        return new FederatedNoisePrivatizer(NoiseMechanism.LAPLACE, 1.0, run, 2, RunAccounting.WHOLE_RUN)
                .openStream(StreamRequest.of(PrivacyLedger.unaccounted(), LedgerKey.global(), noise, "downlink"));
    }

    /**
     * A NaN cost is refused before the master releases anything: the scripted noise source is empty, so a draw
     * would fail the test, and the stream counts no release.
     */
    @Test
    void aNaNCostIsRefusedBeforeTheNoisyBroadcast() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of();
        ReleaseStream stream = silentStream(noise);
        try (FederatedTdLambda team = new FederatedTdLambda(TwoStateChainByHandTest.CHAIN, WEIGHTS, PARAMETERS, 1.0,
                new double[4], Optional.of(stream), 1)) {
            team.begin(0);
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> team.advance(1, new double[] {0.5, Double.NaN}));
            assertTrue(error.getMessage().startsWith("cost of worker 1 must be a number in [-R, R]"),
                    error.getMessage());
            assertEquals(0, noise.consumed());
            assertEquals(0, stream.released());
            assertEquals(0, team.rounds());
            assertSame(stream, team.master().downlink().orElseThrow());
            assertSame(WEIGHTS, team.master().weights());
        }
    }

    /** States are in [0, S - 1] = [0, 1]: 2 and -1 are refused as next states, with the range in the message. */
    @Test
    void nextStateMustBeAState() {
        try (FederatedTdLambda team = new FederatedTdLambda(TwoStateChainByHandTest.CHAIN, WEIGHTS, PARAMETERS, 1.0,
                new double[][] {{0, 0}, {0, 0}}, Optional.empty())) {
            team.begin(1);
            IllegalArgumentException above = assertThrows(IllegalArgumentException.class,
                    () -> team.advance(2, new double[] {0, 0}));
            assertEquals("next state must be in [0, 1], got 2", above.getMessage());
            assertThrows(IllegalArgumentException.class, () -> team.advance(-1, new double[] {0, 0}));
            assertEquals(1, team.state());
            assertEquals(0, team.rounds());
        }
    }

    /** theta_0 as N x K row-major must have N K = 4 entries. */
    @Test
    void rowMajorInitialParametersMustBeNByK() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new FederatedTdLambda(TwoStateChainByHandTest.CHAIN, WEIGHTS, PARAMETERS, 1.0, new double[5],
                        Optional.empty(), 1));
        assertTrue(error.getMessage().startsWith("initial parameters must have one row of K = 2 per worker (2)"),
                error.getMessage());
    }

    /** A worker must be started (begin(s_0)) before it sends or receives. */
    @Test
    void aWorkerMustBeStartedFirst() {
        FederatedTdWorker worker = new FederatedTdWorker(3, TwoStateChainByHandTest.CHAIN, PARAMETERS,
                new double[2], 1.0);
        assertEquals(3, worker.index());
        assertThrows(IllegalStateException.class, worker::uplink);
        Message downlink = new Message(Message.SERVER, FederatedTdMaster.BROADCAST, 0,
                new Statistic.Vector(new double[2]));
        assertThrows(IllegalStateException.class, () -> worker.receive(downlink, 1, 0.0));
        assertEquals(0, worker.round());
        assertEquals(-1, worker.state());
    }

    /** alpha_t must be in (0, inf): a schedule that returns 0 is refused at the round that uses it. */
    @Test
    void aZeroStepSizeIsRefused() {
        TdParameters zeroAtTwo = TdParameters.of(0.5, 0.75, round -> round == 2 ? 0.0 : 0.5);
        assertEquals(0.5, zeroAtTwo.alpha(1), 0.0);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> zeroAtTwo.alpha(2));
        assertEquals("step size alpha_2 must be in (0, inf), got 0.0", error.getMessage());
    }

    /** A schedule without its own label is labelled by its toString(). */
    @Test
    void aScheduleIsLabelledByDefaultWithItsToString() {
        StepSizeSchedule schedule = new StepSizeSchedule() {
            @Override
            public double alpha(long round) {
                return 0.5;
            }

            @Override
            public String toString() {
                return "half";
            }
        };
        assertEquals("half", schedule.label());
        assertEquals("alpha=(t+1)^-0.5", StepSizes.power(0.5).label());
    }
}
