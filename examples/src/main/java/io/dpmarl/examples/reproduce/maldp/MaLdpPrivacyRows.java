package io.dpmarl.examples.reproduce.maldp;

import io.dpmarl.core.experiment.Claim;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The accountant rows of the MA-LDP reproduction ("Local differential privacy preserving mechanisms for multi-agent
 * reinforcement learning", Theorems 1, 3, 5, 7 and Definition 1): per private configuration, the paper's claim per
 * user per agent and per user jointly, each next to two figures. The computed (sound) guarantee: the reward parameters
 * carry user k's data into every later release, so the bound of the first (worst) user composes every release of the
 * run (the ledger's run-wide key {@code users-from/0}, K n 2H releases by basic composition). And the paper's
 * accounting, user k's own releases only (basic composition of the H matrix and H vector releases per agent, n times
 * that jointly), on rows of their own. A figure weaker than the claim is DIFFERS, with the reason (a void guarantee,
 * epsilon infinity, says so); otherwise RECORDED. Plus one row stating that the reward parameters exchanged for
 * consensus are not privatised.
 */
final class MaLdpPrivacyRows {
    private static final double TOLERANCE = 1e-9;
    /** The reason of a computed epsilon of infinity: the paper-literal learner voided the guarantee. */
    static final String VOID = "the learner released statistics above the bound the noise is calibrated to "
            + "(clip=false, the paper's literal algorithm), so the ledger voids the guarantee";
    /** The reason of the computed (sound) rows: the paper's per-user accounting leaves out later releases. */
    static final String CARRIED = "the reward parameters carry user k's data into later releases (trained on its "
            + "rewards, exchanged without noise, entering every later V): the bound composes every release from "
            + "episode k on; for the first user all K n 2H releases of the run (ledger key users-from/0)";
    /** The suffix of the rows of the paper's accounting. */
    static final String OWN = ", own releases only (the paper's accounting)";

    private MaLdpPrivacyRows() {
    }

    static List<Claim> rows(Map<String, List<MaLdpSeries>> runs) {
        Map<String, MaLdpSeries> distinct = new LinkedHashMap<>();
        for (List<MaLdpSeries> run : runs.values()) {
            for (MaLdpSeries series : run) {
                if (series.first("user_agent_epsilon").isPresent()) {
                    distinct.putIfAbsent(series.shortLabel(), series);
                }
            }
        }
        List<Claim> claims = new ArrayList<>();
        for (MaLdpSeries series : distinct.values()) {
            String mechanism = reason(series.mechanism());
            String joint = "Definition 1 lets every agent's data differ: basic composition over the n agents gives "
                    + "(n eps, n delta); sigma and b contain no n";
            boolean own = series.first("own_user_agent_epsilon").isPresent();
            // the computed rows carry the new reason where the run-wide composition exceeds the own releases'
            claims.add(compare(series, "per user per agent", "claimed_user_agent", "user_agent", "computed",
                    own && exceeds(series, "user_agent", "own_user_agent") ? CARRIED : mechanism));
            claims.add(compare(series, "per user, all agents jointly", "claimed_user", "user", "computed",
                    own && exceeds(series, "user", "own_user") ? CARRIED : joint));
            if (own) {
                claims.add(compare(series, "per user per agent" + OWN, "claimed_user_agent", "own_user_agent",
                        "own releases", mechanism));
                claims.add(compare(series, "per user, all agents jointly" + OWN, "claimed_user", "own_user",
                        "own releases", joint));
            }
        }
        if (!distinct.isEmpty()) {
            claims.add(Claim.recorded(MaLdpClaims.PAPER, "reward parameters shared for consensus",
                    "rewards are never shared (no DP claim)", "the intermediate parameters w~ are exchanged without "
                            + "noise: not privatised, no DP guarantee"));
        }
        return claims;
    }

    private static String reason(String mechanism) {
        return switch (mechanism) {
            case "uniform" -> "the uniform calibration is not derived; the exact total variation of a release gives "
                    + "delta_r = ||v||_1 / (2a)";
            case "bounded-laplace" -> "the support moves with the data, so the release is not pure DP; "
                    + "delta_r is the non-overlap mass";
            case "laplace" -> "the upper-triangle L1 sensitivity of the matrix release is (nd + 1) H^2, not "
                    + "2 sqrt(nd) H^2";
            default -> "computed from the calibration at the declared sensitivity";
        };
    }

    /** True if {@code prefix}'s epsilon or delta is above {@code ownPrefix}'s (the run-wide composition is larger). */
    private static boolean exceeds(MaLdpSeries series, String prefix, String ownPrefix) {
        return series.first(prefix + "_epsilon").orElse(0) > series.first(ownPrefix + "_epsilon").orElse(0)
                || series.first(prefix + "_delta").orElse(0) > series.first(ownPrefix + "_delta").orElse(0);
    }

    private static Claim compare(MaLdpSeries series, String scope, String claimedPrefix, String computedPrefix,
                                 String figure, String reason) {
        double claimedEpsilon = series.first(claimedPrefix + "_epsilon").orElse(Double.NaN);
        double claimedDelta = series.first(claimedPrefix + "_delta").orElse(Double.NaN);
        double epsilon = series.first(computedPrefix + "_epsilon").orElse(Double.NaN);
        double delta = series.first(computedPrefix + "_delta").orElse(Double.NaN);
        String claim = series.shortLabel() + ": guarantee " + scope;
        String expected = "paper (" + Stats.format(claimedEpsilon) + ", " + Stats.format(claimedDelta) + ")";
        String measured = figure + " (" + Stats.format(epsilon) + ", " + Stats.format(delta) + ")";
        boolean weaker = epsilon > claimedEpsilon * (1 + TOLERANCE) + TOLERANCE
                || delta > claimedDelta * (1 + TOLERANCE) + TOLERANCE;
        String why = Double.isInfinite(epsilon) ? VOID : reason;
        return weaker ? Claim.differs(MaLdpClaims.PAPER, claim, expected, measured + ": " + why)
                : Claim.recorded(MaLdpClaims.PAPER, claim, expected, measured);
    }
}
