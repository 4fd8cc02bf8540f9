package io.dpmarl.environments.reachavoid;

import io.dpmarl.core.validation.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * The multi-server SysAdmin game of Chen et al., "Differential Privacy in Cooperative Multiagent Planning"
 * (Section 7.2; constants of the authors' public experiment). Each server has local states (in this encoding)
 * 0 nominal, 1 needs repair, 2 in repair, 3 offline and actions 0 wait, 1 repair. Waiting: nominal stays nominal
 * with {@code 1 - pUnhealthy} else needs repair; needs repair stays with {@code 1 - pDown} else goes offline; in
 * repair becomes nominal with {@code pRepair} else stays; offline stays offline. Repair moves any server to in
 * repair. The team succeeds when all servers are nominal and fails when more than {@code maxInRepair} servers are
 * in repair or more than {@code maxOffline} are offline. The paper's text numbers states differently (nominal 1,
 * needs repair 2, in repair 0, offline 3); {@link #fromPaperEncoding} converts. Carries no privacy guarantee.
 */
public final class SysAdmin {
    private static final int[] FROM_PAPER = {2, 0, 1, 3};

    private SysAdmin() {
    }

    /** The paper's game with 4 servers from {@code initial} (this encoding), truncation after 200 steps. */
    public static ReachAvoidGame paper(int[] initial) {
        return create(0.9, 0.1, 0.1, 2, 2, initial, 200);
    }

    /** The game with the given probabilities (each in [0, 1]) and limits, one server per entry of {@code initial}. */
    public static ReachAvoidGame create(double pRepair, double pUnhealthy, double pDown, int maxInRepair,
                                        int maxOffline, int[] initial, int horizon) {
        Checks.probability("p-repair", pRepair);
        Checks.probability("p-unhealthy", pUnhealthy);
        Checks.probability("p-down", pDown);
        Checks.atLeast("servers", initial.length, 1);
        LocalMdp local = new LocalMdp(kernel(pRepair, pUnhealthy, pDown));
        List<LocalMdp> locals = new ArrayList<>();
        StringBuilder label = new StringBuilder();
        for (int state : initial) {
            locals.add(local);
            label.append(state);
        }
        String name = "sysadmin(initial=" + label + ", p-repair=" + pRepair + ", p-unhealthy=" + pUnhealthy
                + ", p-down=" + pDown + ", horizon=" + horizon + ")";
        return new ReachAvoidGame(name, locals, locals1 -> count(locals1, 0) == locals1.length,
                locals1 -> count(locals1, 2) > maxInRepair || count(locals1, 3) > maxOffline, initial, horizon);
    }

    /** The local kernel, 4 states x 2 actions x 4 states. */
    static double[][][] kernel(double pRepair, double pUnhealthy, double pDown) {
        double[][][] kernel = new double[4][2][4];
        kernel[0][0][0] = 1 - pUnhealthy;
        kernel[0][0][1] = pUnhealthy;
        kernel[1][0][1] = 1 - pDown;
        kernel[1][0][3] = pDown;
        kernel[2][0][0] = pRepair;
        kernel[2][0][2] = 1 - pRepair;
        kernel[3][0][3] = 1;
        for (int s = 0; s < 4; s++) {
            kernel[s][1][2] = 1;
        }
        return kernel;
    }

    /** Converts the paper's text encoding (nominal 1, needs repair 2, in repair 0, offline 3) to this one. */
    public static int[] fromPaperEncoding(int[] paper) {
        int[] states = new int[paper.length];
        for (int i = 0; i < paper.length; i++) {
            if (paper[i] < 0 || paper[i] > 3) {
                throw new IllegalArgumentException("paper-encoded server state must be in [0, 3], got " + paper[i]);
            }
            states[i] = FROM_PAPER[paper[i]];
        }
        return states;
    }

    /** Parses a configuration label such as "0001" (one digit 0..3 per server, this encoding). */
    public static int[] parse(String label) {
        if (label.isEmpty()) {
            throw new IllegalArgumentException("initial must be digits 0..3, one per server (at least one server),"
                    + " got ''");
        }
        int[] states = new int[label.length()];
        for (int i = 0; i < states.length; i++) {
            states[i] = label.charAt(i) - '0';
            if (states[i] < 0 || states[i] > 3) {
                throw new IllegalArgumentException("initial must be digits 0..3, one per server, got '" + label + "'");
            }
        }
        return states;
    }

    private static int count(int[] states, int value) {
        int count = 0;
        for (int state : states) {
            count += state == value ? 1 : 0;
        }
        return count;
    }
}
