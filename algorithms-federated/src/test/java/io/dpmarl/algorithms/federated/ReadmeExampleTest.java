package io.dpmarl.algorithms.federated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.privacy.CalibratedNoise;
import io.dpmarl.algorithms.federated.privacy.FederatedTdCalibrator;
import io.dpmarl.algorithms.federated.privacy.NoiseCalibration;
import io.dpmarl.algorithms.federated.privacy.PrivacyReport;
import io.dpmarl.algorithms.federated.privacy.WholeRunSensitivity;
import io.dpmarl.algorithms.federated.td.CostTrajectory;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Optional;
import java.util.OptionalLong;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.environments.fedtd.RandomFederatedCostChain;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The usage example of the module README, run as written (with a seeded noise source). */
class ReadmeExampleTest {

    @Test
    void readmeExampleRuns() {
        FederatedCostModel model = RandomFederatedCostChain.paperDefault(new SplittableRandom(1));
        TdParameters parameters = TdParameters.of(0.9, 0.5, StepSizes.power(0.65));
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, parameters, 1000);   // R = 0.5, T = 1000
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS,
                new PrivacyBudget(10, 1e-5), run, 10, 3);
        PrivacyLedger ledger = PrivacyReport.ledgerFor(noise);
        // the whole-run guarantee is charged here, once, when the broadcast stream opens
        ReleaseStream downlink = noise.privatizer().openStream(new StreamRequest(ledger, LedgerKey.global(),
                NoiseSource.seeded(3), "fedtd-downlink", OptionalLong.of(1000)));
        FederatedTdLambda team = new FederatedTdLambda(model.features(), AggregationWeights.uniform(20),
                parameters, 0.5, new double[20][10], Optional.of(downlink));
        CostTrajectory trajectory = new CostTrajectory(model, new SplittableRandom(2));
        team.begin(trajectory.initialState());
        trajectory.drive(team, 1000);
        PrivacyReport report = PrivacyReport.of(noise, ledger, team.rounds(), 3);
        assertEquals(1000, report.releases());
        assertTrue(report.ledgerEpsilon() <= 10, report.describe());
    }
}
