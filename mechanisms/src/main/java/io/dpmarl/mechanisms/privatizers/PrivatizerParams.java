package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.Params;
import java.util.Locale;

/** Parameter declarations shared by the privatizer providers, so names and ranges are the same everywhere. */
final class PrivatizerParams {
    private PrivatizerParams() {
    }

    /** When the max-coordinates cap is checked, as the descriptions state it. */
    static final String MAX_COORDINATES_CHECKED = "a stream whose declared shape exceeds it is refused when it "
            + "opens, so a learner that opens its streams when built, such as ma-ldp, has it refused when the run "
            + "is checked, before any trial; every release is checked too";

    /** The build-time refusal of a float-safe Laplace calibration, as the descriptions state it. */
    static final String LAPLACE_CALIBRATION_LIMIT = "an epsilon below about max-coordinates * 2^-39 (7.45E-9 at the "
            + "default 4096) or a sensitivity below about max-coordinates * 2^-1061 / 15, where the grid rounding of "
            + "max-coordinates coordinates cannot be calibrated";

    /** The build-time refusal of a float-safe Gaussian calibration, as the descriptions state it. */
    static final String GAUSSIAN_CALIBRATION_LIMIT = "a sigma/sensitivity ratio above about 2^19 / "
            + "sqrt(max-coordinates) (8192 at the default 4096) or a sensitivity below about sqrt(max-coordinates) "
            + "* 2^-1041 / 15, where the "
            + "grid rounding of max-coordinates coordinates cannot be calibrated";

    /** The input assumptions of an additive (float-safe) privatizer, as stated in its description. */
    static String additiveAssumptions(String norm) {
        return "Trusts the caller's bound: neighbouring inputs differ by at most 'sensitivity' in " + norm
                + " (inputs are not clipped); refuses NaN or infinite values and releases of more than "
                + "max-coordinates coordinates (" + MAX_COORDINATES_CHECKED + ")";
    }

    /** The input assumptions of an integer-noise privatizer, as stated in its description. */
    static String discreteAssumptions(String norm) {
        return "Trusts the caller's bound: neighbouring counts differ by at most 'sensitivity' in " + norm
                + " (counts are not clipped); refuses a non-integer scalar and any value outside [-2^53, 2^53]";
    }

    static Param epsilon() {
        return Param.real("epsilon", "privacy budget of one release").above(0).finite();
    }

    /** The epsilon of a float-safe Laplace privatizer, with the limits refused when it is built. */
    static Param laplaceEpsilon() {
        return Param.real("epsilon", "privacy budget of one release; with the others it must give sensitivity/"
                + "epsilon at most 2^1011 less one ulp (about 2.19E304) and epsilon at least about max-coordinates * "
                + "2^-39").above(0).finite();
    }

    static Param sensitivity(String norm) {
        return Param.real("sensitivity", norm + " sensitivity of the statistic").above(0).finite().withDefault(1.0);
    }

    static Param maxCoordinates() {
        return Param.integer("max-coordinates", "most coordinates one release perturbs (the guarantee covers the "
                + "grid rounding of this many)").atLeast(1).withDefault(FloatSafeSensitivity.DEFAULT_MAX_COORDINATES);
    }

    static Param gaussianDelta() {
        return Param.real("delta", "failure probability of one release").above(0).below(1);
    }

    static Param neighbouring() {
        String[] choices = new String[Neighbouring.values().length];
        for (int i = 0; i < choices.length; i++) {
            choices[i] = Neighbouring.values()[i].label();
        }
        return Param.string("neighbouring", "neighbouring relation of the guarantee", choices).withDefault("record");
    }

    static Neighbouring neighbouring(Params params) {
        return Neighbouring.valueOf(params.string("neighbouring").toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
