package io.dpmarl.environments.platoon;

/**
 * The optimal-velocity model (OVM) of the CAPC platoon: the speed a vehicle aims for at headway {@code h},
 * {@code V(h) = 0} for {@code h <= h_st}, {@code (v_max/2)(1 - cos(pi (h - h_st)/(h_go - h_st)))} in between, and
 * {@code v_max} for {@code h >= h_go} (Table I of the DPC-MARL paper: {@code h_st = 5} m, {@code h_go = 35} m,
 * {@code v_max = 30} m/s; the form is the OVM car following of Chu et al., ICLR 2020). Not private data.
 */
public final class OptimalVelocity {
    /** Stop headway {@code h_st} [m]. */
    public static final double STOP_HEADWAY = 5.0;
    /** Full-speed headway {@code h_go} [m]. */
    public static final double GO_HEADWAY = 35.0;
    /** Speed limit {@code v_max} [m/s]. */
    public static final double MAX_SPEED = 30.0;

    private OptimalVelocity() {
    }

    /** The optimal velocity {@code V(h)} [m/s] at headway {@code h} [m]. */
    public static double of(double headway) {
        if (headway <= STOP_HEADWAY) {
            return 0.0;
        }
        if (headway >= GO_HEADWAY) {
            return MAX_SPEED;
        }
        return MAX_SPEED / 2 * (1 - Math.cos(Math.PI * (headway - STOP_HEADWAY) / (GO_HEADWAY - STOP_HEADWAY)));
    }
}
