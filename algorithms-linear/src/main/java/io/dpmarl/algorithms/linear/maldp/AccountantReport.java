package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import java.util.List;

/**
 * The privacy report of an MA-LDP run ("Local differential privacy preserving mechanisms for multi-agent
 * reinforcement learning", Theorems 1, 3, 5, 7 and Definition 1), by basic composition: per release the
 * privatizers' computed guarantees; per user the computed guarantee against the untrusted server; next to it the
 * paper's own accounting and the paper's claims.
 *
 * <p>The computed per-user guarantee ({@code user_agent_*}, {@code user_*}) is the sound one: later users' releases
 * depend on user k's data through the reward parameters (trained on user k's rewards, exchanged without noise,
 * entering every later V, hence every later f and target), and each later release is still
 * {@code (epsilon/(2H), delta/(2H))}-DP in all its inputs under the clipped bound, so user k's loss is the
 * composition of every release from episode k on; the worst user is the first, whose bound composes all
 * {@code K n 2H} releases of the run (the ledger key {@link MaLdpReleases#RUN_KEY}). A change of one agent's data of
 * user k reaches every agent's later releases through the consensus, so the per (user, agent) figure is the same
 * run-wide composition. Where the reward parameters cannot depend on the users' data ({@code crossUser} false) the
 * computed figures are the own-release ones.
 *
 * <p>Own releases only, the paper's accounting ({@code own_user_agent_*}, {@code own_user_*}): per user per agent
 * the H matrix plus H vector releases composed, per user jointly over the n agents n times that (Definition 1 lets
 * every agent's data differ). The paper's claim: per release {@code (epsilon/(2H), delta/(2H))} as the privatizer
 * claims it, per user per agent the 2H-fold composition of that, and jointly the same (epsilon, delta) again, which
 * does not follow from the calibration (sigma and b contain no n). The reward parameters the agents exchange are not
 * privatised ({@link #REWARD_PARAMETERS_PRIVATIZED} = 0). The composed sums and products are rounded up
 * ({@code SafeRounding}), so a reported epsilon or delta is never below the exact composition.
 *
 * @param matrixRelease    (epsilon, delta) of one matrix release
 * @param vectorRelease    (epsilon, delta) of one vector release
 * @param claimedRelease   the paper's claim per release
 * @param userAgent        the sound guarantee per user per agent
 * @param claimedUserAgent the paper's claim per user per agent
 * @param user             the sound guarantee per user, all agents jointly
 * @param claimedUser      the paper's claim per user jointly
 * @param ownUserAgent     user k's own 2H releases of one agent composed (the paper's accounting)
 * @param ownUser          user k's own releases of all n agents composed (the paper's accounting)
 */
public record AccountantReport(double[] matrixRelease, double[] vectorRelease, double[] claimedRelease,
                               double[] userAgent, double[] claimedUserAgent, double[] user, double[] claimedUser,
                               double[] ownUserAgent, double[] ownUser) {
    /** Always 0: the consensus messages carry no DP guarantee. */
    public static final String REWARD_PARAMETERS_PRIVATIZED = "reward_parameters_privatized";
    /** The computed (sound) epsilon per user per agent (infinite once a guarantee is void). */
    public static final String USER_AGENT_EPSILON = "user_agent_epsilon";
    /** The computed (sound) epsilon per user, all agents jointly (infinite once a guarantee is void). */
    public static final String USER_EPSILON = "user_epsilon";
    /** The epsilon of one user's own 2H releases of one agent (the paper's accounting; infinite once void). */
    public static final String OWN_USER_AGENT_EPSILON = "own_user_agent_epsilon";
    /** The epsilon of one user's own releases of all agents (the paper's accounting; infinite once void). */
    public static final String OWN_USER_EPSILON = "own_user_epsilon";
    /**
     * The metric names, each recorded once after the first episode; the four per-user epsilons once more, as
     * infinity, where a later user's guarantee is the first to be void.
     */
    public static final List<String> METRICS = List.of("matrix_release_epsilon", "matrix_release_delta",
            "vector_release_epsilon", "vector_release_delta", "claimed_release_epsilon", "claimed_release_delta",
            USER_AGENT_EPSILON, "user_agent_delta", "claimed_user_agent_epsilon", "claimed_user_agent_delta",
            USER_EPSILON, "user_delta", "claimed_user_epsilon", "claimed_user_delta", REWARD_PARAMETERS_PRIVATIZED,
            OWN_USER_AGENT_EPSILON, "own_user_agent_delta", OWN_USER_EPSILON, "own_user_delta");

    /**
     * The report of two per-release privatizers for a run of {@code episodes} users.
     *
     * @param crossUser true if every release is also charged to {@link MaLdpReleases#RUN_KEY} (the reward parameters
     *                  depend on the users' data): the computed per-user figures compose all {@code episodes} users'
     *                  releases; false: they are the own-release figures
     */
    public static AccountantReport of(Privatizer matrix, Privatizer vector, int agents, int horizon, long episodes,
                                      boolean crossUser) {
        double[] m = pair(matrix.guarantee());
        double[] v = pair(vector.guarantee());
        double[] claimed = pair(vector.claimedGuarantee().orElse(vector.guarantee()));
        double[] claimedMatrix = pair(matrix.claimedGuarantee().orElse(matrix.guarantee()));
        // basic composition, every sum and product rounded up (never less loss than the theorem states)
        double[] ownUserAgent = {composedUp(horizon, m[0], v[0]), composedUp(horizon, m[1], v[1])};
        double[] claimedUserAgent = {composedUp(horizon, claimedMatrix[0], claimed[0]),
            composedUp(horizon, claimedMatrix[1], claimed[1])};
        double[] ownUser = {SafeRounding.multiplyUp(agents, ownUserAgent[0]),
            SafeRounding.multiplyUp(agents, ownUserAgent[1])};
        double[] user = crossUser ? new double[] {SafeRounding.multiplyUp(episodes, ownUser[0]),
            SafeRounding.multiplyUp(episodes, ownUser[1])} : ownUser.clone();
        double[] userAgent = crossUser ? user.clone() : ownUserAgent.clone();
        return new AccountantReport(m, v, claimed, userAgent, claimedUserAgent, user, claimedUserAgent.clone(),
                ownUserAgent, ownUser);
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
     * {@link MaLdpReleases}) the four per-user epsilons (computed and own releases) are infinite, as the ledger
     * reports that user; the per-release rows and the paper's claims are the calibration's and do not change.
     */
    public void record(TrialMetrics metrics, boolean voided) {
        double infinity = Double.POSITIVE_INFINITY;
        double[] values = {matrixRelease[0], matrixRelease[1], vectorRelease[0], vectorRelease[1], claimedRelease[0],
                claimedRelease[1], voided ? infinity : userAgent[0], userAgent[1], claimedUserAgent[0],
                claimedUserAgent[1], voided ? infinity : user[0], user[1], claimedUser[0], claimedUser[1], 0.0,
                voided ? infinity : ownUserAgent[0], ownUserAgent[1], voided ? infinity : ownUser[0], ownUser[1]};
        for (int i = 0; i < values.length; i++) {
            metrics.record(METRICS.get(i), values[i]);
        }
    }

    /**
     * Records, at the current step, the four per-user epsilons ({@code user_agent_epsilon}, {@code user_epsilon} and
     * their {@code own_} forms) as infinite: the learner calls it when the first user's guarantee becomes void after
     * the report was recorded, so the last value of each agrees with the ledger's largest epsilon over users.
     */
    public static void recordVoid(TrialMetrics metrics) {
        metrics.record(USER_AGENT_EPSILON, Double.POSITIVE_INFINITY);
        metrics.record(USER_EPSILON, Double.POSITIVE_INFINITY);
        metrics.record(OWN_USER_AGENT_EPSILON, Double.POSITIVE_INFINITY);
        metrics.record(OWN_USER_EPSILON, Double.POSITIVE_INFINITY);
    }
}
