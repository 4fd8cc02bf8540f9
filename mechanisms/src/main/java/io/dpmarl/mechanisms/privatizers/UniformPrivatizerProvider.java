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
import io.dpmarl.mechanisms.accounting.SafeRounding;
import java.util.Optional;

/**
 * Plugin {@code uniform(a | delta, sensitivity)}: float-safe uniform noise on {@code [-a, a]} (MA-LDP section 6.1,
 * Theorem 5), a (0, delta) guarantee with {@code delta = min(1, sensitivity / (2a))} for an L1
 * sensitivity. Give {@code a} (delta is computed) or {@code delta} ({@code a = sensitivity / (2 delta)}). The
 * reported delta covers the grid rounding of at most {@code max-coordinates} coordinates
 * ({@link UniformCalibration#floatSafeDelta}); from a target delta the half-width is widened accordingly.
 *
 * <p>The guarantee is {@code ApproxDp(0, delta)} and the event {@code ApproxEvent(0, delta)}. A shift so large
 * that {@code delta >= 1} protects nothing and is reported as {@code NonPrivate}, with a {@code NonPrivateEvent}
 * charged (not an approximate event just below delta 1, which a budget at that delta would admit).
 *
 * <p>Refused when built from a delta, naming delta and sensitivity ({@link ScaleLimits}): an
 * {@code a = sensitivity / (2 delta)} that is not a finite double, and a delta below about {@code m 2^-40}, where
 * the widening for the grid rounding of {@code m} coordinates does not settle. Every finite {@code a} is drawable
 * (every sample lies in {@code [-a, a]}).
 */
@AutoService(PluginProvider.class)
public final class UniformPrivatizerProvider implements PluginProvider<Privatizer> {

    /** Creates the uniform privatizer for a half-width and the default max-coordinates. */
    public static AdditiveNoisePrivatizer create(String name, double halfWidth, double sensitivity,
                                                 Optional<PrivacyGuarantee> claimed, Neighbouring neighbouring) {
        return create(name, halfWidth, sensitivity, FloatSafeSensitivity.DEFAULT_MAX_COORDINATES, claimed,
                neighbouring);
    }

    /**
     * Creates the uniform privatizer for a half-width; its delta is {@link UniformCalibration#floatSafeDelta} for
     * maxCoordinates coordinates. An optional paper claim is attached when given.
     */
    public static AdditiveNoisePrivatizer create(String name, double halfWidth, double sensitivity, int maxCoordinates,
                                                 Optional<PrivacyGuarantee> claimed, Neighbouring neighbouring) {
        double delta = UniformCalibration.floatSafeDelta(halfWidth, sensitivity, maxCoordinates);
        return new AdditiveNoisePrivatizer(name, NoiseDistribution.uniform(halfWidth), zeroEpsilon(delta), claimed,
                delta >= 1 ? new PrivacyEvent.NonPrivateEvent() : new PrivacyEvent.ApproxEvent(0, delta),
                Sensitivity.l1(sensitivity),
                neighbouring, maxCoordinates);
    }

    /** The guarantee (0, delta); NonPrivate if delta = 1. */
    static PrivacyGuarantee zeroEpsilon(double delta) {
        return delta >= 1 ? new PrivacyGuarantee.NonPrivate() : new PrivacyGuarantee.ApproxDp(0, delta);
    }

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "uniform";
    }

    @Override
    public String description() {
        return "Float-safe uniform noise on [-a, a] (L1): (0, delta)-DP with delta = sensitivity/(2a). "
                + PrivatizerParams.additiveAssumptions("L1") + ". Refused when built (from delta): a = sensitivity/"
                + "(2 delta) not finite, or a delta below about max-coordinates * 2^-40 (the grid rounding cannot be "
                + "covered); every finite a is drawable";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("a", "half-width of the noise (0 = derive from delta)").atLeast(0).finite().withDefault(0.0),
                Param.real("delta", "target delta (0 = derive from a); sensitivity/(2 delta) must be "
                        + "finite and delta at least about max-coordinates * 2^-40")
                        .atLeast(0).below(1).withDefault(0.0),
                PrivatizerParams.sensitivity("L1"), PrivatizerParams.maxCoordinates(), PrivatizerParams.neighbouring());
    }

    /** {@code uniform(a=1, sensitivity=1)}: its defaults give neither a nor delta, so they do not build alone. */
    @Override
    public Optional<String> exampleSpec() {
        return Optional.of("uniform(a=1, sensitivity=1)");
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        double halfWidth = params.real("a");
        double delta = params.real("delta");
        if ((halfWidth > 0) == (delta > 0)) {
            throw new IllegalArgumentException("uniform: give exactly one of a in (0, inf) and delta in (0, 1), got a="
                    + halfWidth + ", delta=" + delta);
        }
        double sensitivity = params.real("sensitivity");
        int maxCoordinates = params.integer("max-coordinates");
        if (delta > 0) {
            String given = ScaleLimits.given("delta", delta, "sensitivity", sensitivity);
            ScaleLimits.require("uniform", "a = sensitivity / (2 delta)", SafeRounding.divideUp(sensitivity, 2 * delta),
                    ScaleLimits.FINITE_MAX, ScaleLimits.FINITE_LIMIT_TEXT, given);
            try {
                halfWidth = UniformCalibration.floatSafeHalfWidthFor(delta, sensitivity, maxCoordinates);
            } catch (IllegalArgumentException failed) {
                throw new IllegalArgumentException("uniform: the half-width widened for the float-safe grid rounding "
                        + "of max-coordinates coordinates (a grid about 2^-39 a) must be finite and give the target "
                        + "delta: delta must be at least about max-coordinates * 2^-40 = " + maxCoordinates * 0x1p-40
                        + " and sensitivity / (2 delta) below about " + ScaleLimits.FINITE_MAX / 2 + "; got " + given
                        + ", max-coordinates=" + maxCoordinates, failed);
            }
        }
        return create("uniform", halfWidth, sensitivity, maxCoordinates, Optional.empty(),
                PrivatizerParams.neighbouring(params));
    }
}
