package io.dpmarl.environments.platoon;

import java.util.Locale;

/**
 * The features per vehicle in a CAPC observation. The DPC-MARL paper (Section VI.B) states the state of a vehicle,
 * its headway, velocity and acceleration {@code (h, v, a)}, but not how it is scaled nor what an agent observes of
 * its neighbours; both forms describe the vehicle by public kinematic quantities (no reward, nothing private).
 * <ul>
 *   <li>{@link #KINEMATIC}: {@code ((v - 15)/7.5, (h - 20)/10, u/2.5)}, the paper's state {@code (h, v, a)} scaled as
 *       in the CACC configuration of Chu et al. (ICLR 2020), 3 values.</li>
 *   <li>{@link #RELATIVE}: the features of Chu et al.'s published CACC environment, 5 values:
 *       {@code (v - 15)/15}, {@code clip((vLead - v)/5, -2, 2)}, {@code clip((V(h) - v)/5, -2, 2)},
 *       {@code (h + (vLead - v) dt - 20)/20} and {@code u/2.5}, where {@code vLead} is the speed of the vehicle
 *       ahead (the virtual leader's for the first vehicle) and {@code V} the optimal velocity. The second and third
 *       are the two error terms the OVM gains multiply, so the effect of each action is visible in the
 *       observation. Not the paper's stated state: it adds the two speed gaps and predicts the headway one step
 *       ahead, choices of the reference code.</li>
 * </ul>
 */
public enum PlatoonObservation {
    /** {@code ((v - 15)/7.5, (h - 20)/10, u/2.5)}. */
    KINEMATIC(3),
    /** Chu et al.'s relative features: speed, leader and optimal-velocity speed gaps, headway ahead, acceleration. */
    RELATIVE(5);

    /** Divisor of the two speed gaps [m/s]. */
    static final double SPEED_GAP_SCALE = 5.0;
    /** Bound of the two scaled speed gaps. */
    static final double SPEED_GAP_CLIP = 2.0;

    private final int features;

    PlatoonObservation(int features) {
        this.features = features;
    }

    /** Features per vehicle. */
    public int features() {
        return features;
    }

    /** The parameter value: {@code kinematic} or {@code relative}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code kinematic} or {@code relative}. */
    public static PlatoonObservation parse(String label) {
        for (PlatoonObservation value : values()) {
            if (value.label().equals(label)) {
                return value;
            }
        }
        throw new IllegalArgumentException("observation must be one of kinematic, relative, got " + label);
    }
}
