package io.dpmarl.algorithms.federated.learner;

import com.google.auto.service.AutoService;
import io.dpmarl.algorithms.federated.privacy.CalibratedNoise;
import io.dpmarl.algorithms.federated.privacy.FederatedTdCalibrator;
import io.dpmarl.algorithms.federated.privacy.NoiseCalibration;
import io.dpmarl.algorithms.federated.privacy.WholeRunSensitivity;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.StepSizeSchedule;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureMatrix;

/**
 * Plugin {@code federated-td(gamma, lambda, alpha, power, noise, epsilon, delta, rounds, nu, cost-bound)}: DP
 * federated TD(lambda) of paper 003 over an environment offering {@link FeatureMatrix} (for example
 * {@code federated-cost-chain}), uniform weights c. {@code noise} selects Algorithm 1 ({@code none}) or Algorithm 2
 * with a calibration: {@code sound} (default, sound moments bound), {@code paper} (Theorem 3, PAPER-LITERAL),
 * {@code laplace-literal} (PAPER-LITERAL) or {@code laplace-global}. Noise comes from the context's noise source and
 * every broadcast is charged to the context's ledger under the global key with the sound whole-run accounting
 * ({@link WholeRunSensitivity}: the run of {@code rounds} rounds is one mechanism on the concatenated releases);
 * the privatizer refuses broadcasts beyond {@code rounds}.
 */
@AutoService(PluginProvider.class)
public final class FederatedTdLearnerProvider implements PluginProvider<Learner> {

    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return "federated-td";
    }

    @Override
    public String description() {
        return "DP federated TD(lambda) (paper 003): trusted master adds Gaussian or Laplace noise to the broadcast"
                + " aggregate; event-level central DP of the downlink over 'rounds' rounds.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("gamma", "discount").above(0).below(1).withDefault(0.9),
                Param.real("lambda", "trace decay").atLeast(0).atMost(1).withDefault(0.5),
                Param.real("alpha", "constant step size; 0 selects (t+1)^-power").atLeast(0).finite().withDefault(0.0),
                Param.real("power", "exponent p of alpha_t = (t+1)^-p").above(0).finite().withDefault(0.65),
                Param.string("noise", "calibration of the downlink noise", "none", "sound", "paper",
                        "laplace-literal", "laplace-global").withDefault("sound"),
                Param.real("epsilon", "target epsilon of the whole run").above(0).finite().withDefault(10.0),
                Param.real("delta", "target delta (Gaussian calibrations)").above(0).below(1).withDefault(1e-5),
                Param.longValue("rounds", "number of rounds T the budget covers (no broadcast beyond)").atLeast(1)
                        .atMost(WholeRunSensitivity.MAX_ROUNDS).withDefault(1000L),
                Param.integer("nu", "moment order of the paper's Theorem 3").atLeast(1).withDefault(3),
                Param.real("cost-bound", "public bound R on every cost").above(0).finite().withDefault(0.5));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        Environment environment = context.requireEnvironment(name());
        FeatureMatrix features = environment.capability(FeatureMatrix.class).orElseThrow(() ->
                new IllegalArgumentException(name() + " needs an environment with public features (FeatureMatrix),"
                        + " for example federated-cost-chain"));
        int agents = environment.info().numAgents();
        double gamma = params.real("gamma");
        double lambda = params.real("lambda");
        StepSizeSchedule steps = params.real("alpha") > 0 ? StepSizes.constant(params.real("alpha"))
                : StepSizes.power(params.real("power"));
        TdParameters parameters = TdParameters.of(gamma, lambda, steps);
        AggregationWeights weights = AggregationWeights.uniform(agents);
        String noise = params.string("noise");
        Channel channel;
        if (noise.equals("none")) {
            channel = Channel.clear("fedtd-downlink");
        } else {
            NoiseCalibration calibration = switch (noise) {
                case "paper" -> NoiseCalibration.PAPER_THEOREM_3;
                case "laplace-literal" -> NoiseCalibration.LAPLACE_LITERAL;
                case "laplace-global" -> NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION;
                default -> NoiseCalibration.SOUND_MOMENTS;
            };
            WholeRunSensitivity run = WholeRunSensitivity.of(params.real("cost-bound"), parameters,
                    params.longValue("rounds"));
            PrivacyBudget budget = new PrivacyBudget(params.real("epsilon"),
                    calibration.mechanism() == io.dpmarl.algorithms.federated.privacy.NoiseMechanism.GAUSSIAN
                            ? params.real("delta") : 0.0);
            CalibratedNoise calibrated = FederatedTdCalibrator.calibrate(calibration, budget, run,
                    features.numFeatures(), params.integer("nu"));
            channel = Channel.keyed("fedtd-downlink", calibrated.privatizer(), context.ledger(),
                    (sender, receiver) -> LedgerKey.global());
        }
        FederatedTdLambda team = new FederatedTdLambda(features, weights, parameters,
                new double[agents][features.numFeatures()], channel, context.noise());
        return new FederatedTdLearner(team);
    }
}
