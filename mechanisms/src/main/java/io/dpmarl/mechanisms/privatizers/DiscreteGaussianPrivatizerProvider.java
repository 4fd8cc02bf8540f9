package io.dpmarl.mechanisms.privatizers;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.noise.Samplers;

/**
 * Plugin {@code discrete-gaussian(sigma | rho, sensitivity)}: exact discrete Gaussian noise on integer counts
 * (CKS 2020 Alg. 3); rho-zCDP with {@code rho = sensitivity^2 / (2 sigma^2)} (CKS Theorem 4). Give exactly one
 * of {@code sigma} and {@code rho}. A sigma in [0.5, 2^20] is rounded up to 20 significant bits (at most a factor
 * {@code 1 + 2^-19}, so the reported rho, computed from the rounded sigma, never exceeds the requested one) so that
 * the sampler runs in long arithmetic.
 *
 * <p>Refused when built, naming the parameters ({@link ScaleLimits}): a sigma, given or derived as
 * {@code sensitivity / sqrt(2 rho)}, above {@link ScaleLimits#DISCRETE_MAX_SCALE} {@code = 2^61}, the sampler's
 * largest sigma; and a sigma so small against the sensitivity that {@code rho} is not a finite double.
 */
@AutoService(PluginProvider.class)
public final class DiscreteGaussianPrivatizerProvider implements PluginProvider<Privatizer> {

    /** Creates the discrete Gaussian privatizer for a given sigma. */
    public static DiscreteNoisePrivatizer create(double sigma, double sensitivity, Neighbouring neighbouring) {
        Checks.positiveFinite("sigma", sigma);
        Checks.positiveFinite("sensitivity", sensitivity);
        String given = ScaleLimits.given("sigma", sigma, "sensitivity", sensitivity);
        ScaleLimits.require("discrete-gaussian", "sigma", sigma, ScaleLimits.DISCRETE_MAX_SCALE,
                ScaleLimits.DISCRETE_LIMIT_TEXT, given);
        double rho = ScaleLimits.require("discrete-gaussian", "rho = sensitivity^2 / (2 sigma^2), rounded up,",
                SafeRounding.rho(sigma, sensitivity), Double.MAX_VALUE, ScaleLimits.FINITE_LIMIT_TEXT
                        + ": sensitivity / sigma at most about 1.3E154", given);
        return new DiscreteNoisePrivatizer("discrete-gaussian", noise -> Samplers.discreteGaussian(noise, sigma),
                new PrivacyGuarantee.Zcdp(rho), new PrivacyEvent.ZcdpEvent(rho), Sensitivity.l2(sensitivity),
                neighbouring);
    }

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "discrete-gaussian";
    }

    @Override
    public String description() {
        return "Exact discrete Gaussian noise on counts (L2): rho-zCDP with rho = sensitivity^2/(2 sigma^2). "
                + PrivatizerParams.discreteAssumptions("L2") + ". Refused when built: a sigma (given or "
                + "sensitivity/sqrt(2 rho)) above 2^61 (the exact sampler's largest sigma) and a sensitivity/sigma "
                + "above about 1.3E154 (rho not finite)";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("sigma", "noise parameter (0 = derive from rho), at most 2^61")
                        .atLeast(0).finite().withDefault(0.0),
                Param.real("rho", "zCDP budget (0 = derive from sigma); sensitivity/sqrt(2 rho) must be at most 2^61")
                        .atLeast(0).finite().withDefault(0.0),
                PrivatizerParams.sensitivity("L2"), PrivatizerParams.neighbouring());
    }

    /**
     * {@code discrete-gaussian(sigma=2, sensitivity=1)}: its defaults give neither sigma nor rho, so they do not build
     * alone.
     */
    @Override
    public java.util.Optional<String> exampleSpec() {
        return java.util.Optional.of("discrete-gaussian(sigma=2, sensitivity=1)");
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        double sigma = params.real("sigma");
        double rho = params.real("rho");
        double sensitivity = params.real("sensitivity");
        if ((sigma > 0) == (rho > 0)) {
            throw new IllegalArgumentException("discrete-gaussian: give exactly one of sigma in (0, inf) and rho in "
                    + "(0, inf), got sigma=" + sigma + ", rho=" + rho);
        }
        if (rho > 0) {
            sigma = GaussianCalibration.zcdp(rho, sensitivity);
        }
        // at most 20 significant bits (relative increase below 2^-19, so rho only decreases): the sampler's fast path
        if (sigma >= 0.5 && sigma <= 0x1p20) {
            sigma = Samplers.roundUpToSignificantBits(sigma, 20);
        } else if (rho > 0) {
            sigma = Math.nextUp(sigma);
        }
        if (rho > 0) {
            ScaleLimits.require("discrete-gaussian", "sigma = sensitivity / sqrt(2 rho), rounded up,", sigma,
                    ScaleLimits.DISCRETE_MAX_SCALE, ScaleLimits.DISCRETE_LIMIT_TEXT,
                    ScaleLimits.given("rho", rho, "sensitivity", sensitivity));
        }
        return create(sigma, sensitivity, PrivatizerParams.neighbouring(params));
    }
}
