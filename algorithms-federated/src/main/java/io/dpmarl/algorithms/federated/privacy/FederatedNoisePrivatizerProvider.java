package io.dpmarl.algorithms.federated.privacy;

import com.google.auto.service.AutoService;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.mechanisms.privatizers.ScaleLimits;

/**
 * Plugin {@code federated-td-noise(mechanism, scale, features, rounds, gamma, lambda, alpha, power, cost-bound,
 * accounting)}: the master's noise of DP federated TD(lambda), {@link FederatedNoisePrivatizer}, for a run of
 * {@code rounds} broadcasts of {@code features} coordinates with the given schedule and cost bound. A scale the
 * exact sampler cannot draw is refused when the privatizer is built, naming {@code mechanism} and {@code scale}.
 */
@AutoService(PluginProvider.class)
public final class FederatedNoisePrivatizerProvider implements PluginProvider<Privatizer> {

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return FederatedNoisePrivatizer.NAME;
    }

    @Override
    public String description() {
        return "Federated TD(lambda) broadcast noise (Zeng et al. 2022, Algorithm 2): Gaussian or Laplace per"
                + " coordinate; whole-run event (sensitivity of the step-size schedule over 'rounds' releases)"
                + " charged up front, release rounds+1 refused. Assumes feature rows of norm <= 1 and costs in"
                + " [-R, R] (the federated-td learner enforces both). Refused when built: a b above "
                + ScaleLimits.LAPLACE_MAX_SCALE + " (the exact Laplace sampler's largest, 2^1011 less one ulp), a sigma"
                + " from about 2^511.5 on (the ledger's 2 sigma^2 overflows; the Gaussian sampler's own limit is"
                + " 2^991), and a scale so small that the guarantee overflows.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.string("mechanism", "noise distribution", "gaussian", "laplace").withDefault("gaussian"),
                Param.real("scale", "sigma (Gaussian, below about 2^511.5) or b (Laplace, below 2^1011)").above(0)
                        .finite().withDefault(1.0),
                Param.integer("features", "K, the length of every released vector").atLeast(1).withDefault(3),
                Param.longValue("rounds", "T, the releases the stream covers").atLeast(1)
                        .atMost(WholeRunSensitivity.MAX_ROUNDS).withDefault(100L),
                Param.real("gamma", "discount").above(0).below(1).withDefault(0.9),
                Param.real("lambda", "trace decay").atLeast(0).atMost(1).withDefault(0.5),
                Param.real("alpha", "constant step size; 0 selects (t+1)^-power").atLeast(0).finite()
                        .withDefault(0.02),
                Param.real("power", "exponent p of alpha_t = (t+1)^-p").above(0).finite().withDefault(0.65),
                Param.real("cost-bound", "public bound R on every cost").above(0).finite().withDefault(0.5),
                Param.string("accounting", "whole run up front (sound) or per round (the paper's, unsound)",
                        "whole-run", "paper-per-round").withDefault("whole-run"));
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        TdParameters parameters = TdParameters.of(params.real("gamma"), params.real("lambda"),
                params.real("alpha") > 0 ? StepSizes.constant(params.real("alpha"))
                        : StepSizes.power(params.real("power")));
        WholeRunSensitivity run = WholeRunSensitivity.of(params.real("cost-bound"), parameters,
                params.longValue("rounds"));
        NoiseMechanism mechanism = params.string("mechanism").equals("laplace") ? NoiseMechanism.LAPLACE
                : NoiseMechanism.GAUSSIAN;
        RunAccounting accounting = params.string("accounting").equals("paper-per-round")
                ? RunAccounting.PAPER_PER_ROUND : RunAccounting.WHOLE_RUN;
        return new FederatedNoisePrivatizer(mechanism, params.real("scale"), run, params.integer("features"),
                accounting);
    }
}
