package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import java.util.List;

/**
 * The privacy report of an MA-LDP run ("Local differential privacy preserving mechanisms for multi-agent
 * reinforcement learning", Theorems 1, 3, 5, 7 and Definition 1), by basic composition: per release the
 * privatizers' computed guarantees; per user per agent the H matrix plus H vector releases composed; per user
 * jointly over the n agents n times that (Definition 1 lets every agent's data differ). Next to each, the paper's
 * claim: per release {@code (epsilon/(2H), delta/(2H))} as the privatizer claims it, per user per agent the 2H-fold
 * composition of that, and jointly the same (epsilon, delta) again, which does not follow from the calibration
 * (sigma and b contain no n). Across users nothing is composed, as in the paper's proofs; that covers only the
 * user's own releases: later users' releases depend on this user's rewards through the reward parameters, so the
 * server's view of a user is bounded only by the composition of every release from that user's episode on (each is
 * (epsilon/(2H), delta/(2H))-DP in all its inputs under the clipped bound). The reward parameters the agents
 * exchange are not privatised ({@link #REWARD_PARAMETERS_PRIVATIZED} = 0). The composed sums and products are
 * rounded up ({@code SafeRounding}), so a reported epsilon or delta is never below the exact composition.
 */
public record AccountantReport(double[] matrixRelease, double[] vectorRelease, double[] claimedRelease,
                               double[] userAgent, double[] claimedUserAgent, double[] user, double[] claimedUser) {
    /** Always 0: the consensus messages carry no DP guarantee. */
    public static final String REWARD_PARAMETERS_PRIVATIZED = "reward_parameters_privatized";
    /** The computed epsilon per user per agent (infinite once a user's guarantee is void). */
    public static final String USER_AGENT_EPSILON = "user_agent_epsilon";
    /** The computed epsilon per user, all agents jointly (infinite once a user's guarantee is void). */
    public static final String USER_EPSILON = "user_epsilon";
    /**
     * The metric names, each recorded once after the first episode; {@link #USER_AGENT_EPSILON} and
     * {@link #USER_EPSILON} once more, as infinity, where a later user's guarantee is the first to be void.
     */
    public static final List<String> METRICS = List.of("matrix_release_epsilon", "matrix_release_delta",
            "vector_release_epsilon", "vector_release_delta", "claimed_release_epsilon", "claimed_release_delta",
            USER_AGENT_EPSILON, "user_agent_delta", "claimed_user_agent_epsilon", "claimed_user_agent_delta",
            USER_EPSILON, "user_delta", "claimed_user_epsilon", "claimed_user_delta", REWARD_PARAMETERS_PRIVATIZED);

    /** The report of two per-release privatizers. */
    public static AccountantReport of(Privatizer matrix, Privatizer vector, int agents, int horizon) {
        double[] m = pair(matrix.guarantee());
        double[] v = pair(vector.guarantee());
        double[] claimed = pair(vector.claimedGuarantee().orElse(vector.guarantee()));
        double[] claimedMatrix = pair(matrix.claimedGuarantee().orElse(matrix.guarantee()));
        // basic composition, every sum and product rounded up (never less loss than the theorem states)
        double[] userAgent = {composedUp(horizon, m[0], v[0]), composedUp(horizon, m[1], v[1])};
        double[] claimedUserAgent = {composedUp(horizon, claimedMatrix[0], claimed[0]),
            composedUp(horizon, claimedMatrix[1], claimed[1])};
        double[] user = {SafeRounding.multiplyUp(agents, userAgent[0]), SafeRounding.multiplyUp(agents, userAgent[1])};
        return new AccountantReport(m, v, claimed, userAgent, claimedUserAgent, user, claimedUserAgent.clone());
    }

    /** {@code times * (first + second)} (basic composition), the sum and the product rounded up. */
    static double composedUp(int times, double first, double second) {
        return SafeRounding.multiplyUp(times, SafeRounding.addUp(first, second));
    }

    /** {@code (epsilon, delta)} of a guarantee; infinite epsilon if it has none. */
    static double[] pair(PrivacyGuarantee guarantee) {
        if (guarantee instanceof PrivacyGuarantee.PureDp pure) {
            return new double[] {pure.epsilon(), 0.0};
        }
        if (guarantee instanceof PrivacyGuarantee.ApproxDp approx) {
            return new double[] {approx.epsilon(), approx.delta()};
        }
        return new double[] {Double.POSITIVE_INFINITY, 0.0};
    }

    /**
     * Records the report at the current step (the learner records it after the first episode). With {@code voided}
     * (some user's guarantee is void: {@code clip=false} and inputs above the calibrated bound, see
     * {@link MaLdpReleases}) the computed per-user epsilons ({@code user_agent_epsilon}, {@code user_epsilon}) are
     * infinite, as the ledger reports that user; the per-release rows and the paper's claims are the calibration's
     * and do not change.
     */
    public void record(TrialMetrics metrics, boolean voided) {
        double userAgentEpsilon = voided ? Double.POSITIVE_INFINITY : userAgent[0];
        double userEpsilon = voided ? Double.POSITIVE_INFINITY : user[0];
        double[] values = {matrixRelease[0], matrixRelease[1], vectorRelease[0], vectorRelease[1], claimedRelease[0],
                claimedRelease[1], userAgentEpsilon, userAgent[1], claimedUserAgent[0], claimedUserAgent[1],
                userEpsilon, user[1], claimedUser[0], claimedUser[1], 0.0};
        for (int i = 0; i < values.length; i++) {
            metrics.record(METRICS.get(i), values[i]);
        }
    }

    /**
     * Records, at the current step, the computed per-user epsilons ({@code user_agent_epsilon}, {@code user_epsilon})
     * as infinite: the learner calls it when the first user's guarantee becomes void after the report was recorded,
     * so the last value of each agrees with the ledger's largest epsilon over users.
     */
    public static void recordVoid(TrialMetrics metrics) {
        metrics.record(USER_AGENT_EPSILON, Double.POSITIVE_INFINITY);
        metrics.record(USER_EPSILON, Double.POSITIVE_INFINITY);
    }
}
