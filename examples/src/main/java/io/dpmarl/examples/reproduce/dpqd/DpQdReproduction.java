package io.dpmarl.examples.reproduce.dpqd;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.examples.reproduce.BundledSpecs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code dpmarl reproduce dp-qd}: the CBMP experiments of "Privacy-preserved Fully Decentralized Multi-agent
 * Reinforcement Learning for Networked Social Systems" (Qiao et al.; Section VI.A, Fig. 5) as bundled specs run by
 * the ordinary runner, plus a claims step. Specs (all with seed 2023, so trial i of every spec sees the same graph,
 * behaviour actions, states and rewards): DP-QD-Learning with decaying ({@code nu = 10 * 0.99^t}) and undecaying
 * ({@code nu = 10}) noise, QD-learning and Center-QD for the curves (T = 10000), and many paired runs of
 * DP-QD-Learning and QD-learning for the error histogram and the theorem checks. The claims are
 * {@link DpQdClaims} (Fig. 5, checks C1-C6) and {@link DpQdTheoremClaims} (Theorems V.1-V.5, checks T1-T4 and the
 * privacy figures); the claims step also draws the figures that span runs ({@link DpQdFigures}: Figs. 5a and 5d).
 */
public final class DpQdReproduction implements Reproduction {
    /** The paper id. */
    public static final String PAPER = "dp-qd";
    /** Spec: DP-QD-Learning with decaying noise. */
    public static final String DECAYING = "decaying";
    /** Spec: DP-QD-Learning with undecaying noise. */
    public static final String UNDECAYING = "undecaying";
    /** Spec: QD-learning. */
    public static final String QD = "qd-learning";
    /** Spec: Center-QD. */
    public static final String CENTER = "center-qd";
    /** Spec: many runs of DP-QD-Learning (decaying), recorded at log-spaced steps. */
    public static final String HISTOGRAM_DECAYING = "histogram-decaying";
    /** Spec: many runs of QD-learning, paired with {@link #HISTOGRAM_DECAYING}. */
    public static final String HISTOGRAM_QD = "histogram-qd";
    /** Every spec. */
    public static final List<String> SPECS = List.of(DECAYING, UNDECAYING, QD, CENTER, HISTOGRAM_DECAYING,
            HISTOGRAM_QD);
    /** Noise base of the private specs (the paper's s_i). */
    static final double NOISE_BASE = 10;
    /** Decay of the decaying spec. */
    static final double DECAY = 0.99;
    /** Adjacency bound of the private specs. */
    static final double ADJACENCY_BOUND = 1;

    @Override
    public String paperId() {
        return PAPER;
    }

    @Override
    public List<BundledSpec> specs(boolean full) {
        return BundledSpecs.inSetting(PAPER, SPECS, full);
    }

    @Override
    public List<Claim> claims(ClaimInputs inputs) throws IOException {
        List<Claim> claims = new ArrayList<>(DpQdClaims.evaluate(inputs));
        claims.addAll(DpQdTheoremClaims.evaluate(inputs));
        DpQdFigures.draw(inputs);
        return claims;
    }
}
