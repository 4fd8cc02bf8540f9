package io.dpmarl.planning;

import io.dpmarl.environments.reachavoid.LocalMdp;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import java.util.List;

/** Small reach-avoid games whose statistics are derived by hand in the tests. */
public final class TinyGames {
    private TinyGames() {
    }

    /**
     * Two agents, local states {0, 1}, actions {0 stay, 1 go}: go moves 0 to 1, stay keeps the state, 1 is
     * self-looping; target (1, 1), no avoid state, start (0, 0).
     */
    public static ReachAvoidGame stayOrGo() {
        LocalMdp local = new LocalMdp(new double[][][] {{{1, 0}, {0, 1}}, {{0, 1}, {0, 1}}});
        return new ReachAvoidGame("stay-or-go", List.of(local, local), s -> s[0] == 1 && s[1] == 1, s -> false,
                new int[] {0, 0}, 1000);
    }

    /** Two agents on the chain 0 -> 1 -> 2 whatever they do (two actions); target (2, 2), start (0, 0). */
    public static ReachAvoidGame chain() {
        double[][] to1 = {{0, 1, 0}, {0, 1, 0}};
        double[][] to2 = {{0, 0, 1}, {0, 0, 1}};
        LocalMdp local = new LocalMdp(new double[][][] {to1, to2, to2});
        return new ReachAvoidGame("chain", List.of(local, local), s -> s[0] == 2 && s[1] == 2, s -> false,
                new int[] {0, 0}, 1000);
    }

    /**
     * One agent, states 0, 1 (active), 2 (target), 3 (avoid); from 0: action 0 goes to 1 or stays (1/2 each), action
     * 1 reaches 2 w.p. 0.3, 3 w.p. 0.2, else stays; from 1: action 0 reaches 2 w.p. 0.6 else back to 0, action 1
     * stays w.p. 0.7 else 3.
     */
    public static ReachAvoidGame twoStates() {
        LocalMdp local = new LocalMdp(new double[][][] {
            {{0.5, 0.5, 0, 0}, {0.5, 0, 0.3, 0.2}},
            {{0.4, 0, 0.6, 0}, {0, 0.7, 0, 0.3}},
            {{0, 0, 1, 0}, {0, 0, 1, 0}},
            {{0, 0, 0, 1}, {0, 0, 0, 1}}});
        return new ReachAvoidGame("two-states", List.of(local), s -> s[0] == 2, s -> s[0] == 3, new int[] {0}, 1000);
    }

    /**
     * Like {@link #twoStates} but from state 1 action 0 reaches 2 w.p. 0.7 and 3 otherwise: the maximum reach
     * probability is 0.7 (go to 1, then take action 0), against 0.3 / 0.5 = 0.6 by repeating action 1 in state 0.
     */
    public static ReachAvoidGame risky() {
        LocalMdp local = new LocalMdp(new double[][][] {
            {{0.5, 0.5, 0, 0}, {0.5, 0, 0.3, 0.2}},
            {{0, 0, 0.7, 0.3}, {0, 0.7, 0, 0.3}},
            {{0, 0, 1, 0}, {0, 0, 1, 0}},
            {{0, 0, 0, 1}, {0, 0, 0, 1}}});
        return new ReachAvoidGame("risky", List.of(local), s -> s[0] == 2, s -> s[0] == 3, new int[] {0}, 1000);
    }
}
