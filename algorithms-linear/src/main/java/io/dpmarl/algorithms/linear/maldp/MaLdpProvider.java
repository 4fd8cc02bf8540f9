package io.dpmarl.algorithms.linear.maldp;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.model.RewardRange;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The LEARNER plugin {@code ma-ldp}: MA-LDP (Trivedi and Hemachandra, "Local differential privacy preserving
 * mechanisms for multi-agent reinforcement learning", Algorithm 1) on an environment with public
 * {@link LinearMixtureFeatures}. The privatizer is a nested spec used for both releases of every (user, agent,
 * stage): for {@code ma-ldp(mechanism=.., epsilon=.., ...)} the learner fills in {@code horizon}, {@code nd} and
 * {@code release=matrix|vector} (refusing a given horizon or nd below the environment's) and reads the mechanism for
 * the bonus; any other privatizer that accepts symmetric matrices and vectors, with a declared sensitivity covering
 * the clipped statistics, is used as given (then {@code bonus} must be {@code non-private} or {@code eq19} with
 * {@code noise-std}); {@code none} is the non-private baseline. K comes from the schedule. See
 * {@link MaLdpLearner} for the guarantee and its assumption; {@code clip=false} voids it for every user whose inputs
 * break the assumption, which the ledger records ({@link MaLdpReleases}). What the guarantee covers: every release is
 * charged to its user's key {@code user/k/agent/i} (the paper's own-release accounting) and, unless the reward
 * features are identically zero ({@link #rewardsDependOnData}), to the run-wide key {@code users-from/0}, whose
 * composition is the sound per-user bound (the reward parameters carry each user's data into every later release).
 *
 * <p>Rewards: the paper's setup has {@code r_h^i(s, a) in [0, 1]}, the optimistic planner caps {@code Q_h} at
 * {@code H - h + 1} and the regret bound is stated for that range, so the environment must declare its
 * {@link RewardRange} within [0, 1]; any other range (for example {@code network-mdp(rewards=paper-literal)}'s
 * [0, 1000], under which every Q sits at the cap and the learner sees no reward signal) is refused at assembly
 * ({@link #requireUnitRewards}), and so is an environment that declares no range. Refusal rather than clipping the
 * observed rewards to [0, 1]: clipped rewards would be a different objective from the one the regret evaluator
 * measures (the exact model's rewards), so the run would still measure something other than what it reports; every
 * environment that offers {@link LinearMixtureFeatures} here declares its range, and a third-party one does so in
 * one override of {@code capability}.
 */
@AutoService(PluginProvider.class)
public final class MaLdpProvider implements PluginProvider<Learner> {
    static final String NAME = "ma-ldp";

    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "MA-LDP (Trivedi-Hemachandra Alg. 1): per-agent optimistic value-targeted regression through an "
                + "untrusted server with locally privatised (f f^T, f V) releases, maxmin or joint-greedy actions, "
                + "consensus reward estimates (not privatised). What the guarantee covers: each release is charged "
                + "to user/k/agent/i (user k's own releases only, the paper's accounting) and to users-from/0, the "
                + "sound per-user bound: the reward parameters carry user k's rewards into every later release, so "
                + "user k is protected only by the composition of all releases from episode k on (the first user: "
                + "all K n 2H releases of the run; reported as user_epsilon, own releases as own_user_epsilon; a "
                + "budget is judged against it). The guarantee assumes "
                + "||phi_V|| <= H and 0 <= V <= H: with clip=true (default) violating inputs are clipped and counted "
                + "(norm_violations); clip=false (paper-literal) voids the guarantee of every user whose inputs break "
                + "the bound, and the ledger records it (a non-private charge to user/k/agent/i and users-from/0: "
                + "epsilon = infinity; a budget refuses the run at that release). Needs LinearMixtureFeatures and "
                + "per-step rewards in [0, 1] (the planner's cap H - h + 1 and the regret bound assume it): an "
                + "environment whose declared RewardRange is not within [0, 1] (e.g. network-mdp(rewards="
                + "paper-literal)) or that declares none is refused when the run is checked, and a reward outside "
                + "[0, 1] observed in a run stops it (nothing is clipped). K from the schedule. "
                + "Opens its release streams (d x d matrices, d-vectors, d the feature dimension) when built, so a "
                + "privatizer that cannot release them (e.g. max-coordinates below d(d+1)/2) is refused when the run "
                + "is checked, before any trial.";
    }

    @Override
    public List<String> metrics() {
        List<String> names = new java.util.ArrayList<>(List.of(MaLdpLearner.NORM_VIOLATIONS, MaLdpLearner.PSD_FLOORS));
        names.addAll(AccountantReport.METRICS);
        return names;
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.plugin("privatizer", PluginKind.PRIVATIZER, "release privatizer, e.g. "
                        + "ma-ldp(mechanism=laplace, epsilon=0.1, calibration=paper-literal); none = non-private. Its "
                        + "epsilon is per user's own releases; per user against the server every release from the "
                        + "user's episode on composes (users-from/0)")
                        .withDefault(Param.NONE),
                Param.string("bonus", "beta schedule (theorem-8-literal: Theorem 8's bounded-Laplace radius as "
                        + "printed, without zeta; theorem uses App. C eq. 23 for bounded Laplace)", "auto", "theorem",
                        "eq19", "non-private", "theorem-8-literal").withDefault("auto"),
                Param.real("bonus-scale", "the absolute constant c of beta (above 0 for the theorem and eq19 forms)")
                        .atLeast(0).finite().withDefault(1.0),
                Param.real("noise-std", "per-entry noise std of the releases for eq19, the bounded-Laplace bonus "
                        + "and analysis-shift (0: from an ma-ldp privatizer with calibration=paper-literal; needed "
                        + "otherwise)").atLeast(0).finite().withDefault(0.0),
                Param.real("fail-prob", "failure probability alpha").above(0).below(1).withDefault(0.1),
                Param.real("ridge", "lambda").above(0).finite().withDefault(1.0),
                Param.real("eta", "PSD shift and eigenvalue floor").above(0).finite().withDefault(1.0),
                Param.string("psd", "server shift", "constant-eta", "analysis-shift").withDefault("constant-eta"),
                Param.real("step-exponent", "reward step size k^-rho").above(0.5).atMost(1).withDefault(0.65),
                Param.string("selection", "action rule", "maxmin", "joint-greedy").withDefault("maxmin"),
                Param.string("ties", "tie-breaking", "random", "first").withDefault("random"),
                Param.bool("clip", "enforce ||phi_V|| <= H and 0 <= V <= H (false: a user whose inputs break it "
                        + "has no guarantee, epsilon = infinity)").withDefault(true),
                Param.string("noise", "off: raw statistics to the server, nothing charged (test switch)", "on", "off")
                        .withDefault("on"),
                Param.string("consensus", "consensus graph: complete (1/n 11^T) or a fresh Erdos-Renyi graph per "
                        + "(episode, stage) with Metropolis weights", "complete", "erdos-renyi")
                        .withDefault("complete"),
                Param.real("edge-probability", "edge probability of the erdos-renyi consensus graphs (0 refused "
                        + "for 2 or more agents: they would never mix; a disconnected draw is kept, Assumption 2 "
                        + "(iii) is on the expectation)").atLeast(0).atMost(1).withDefault(0.5));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        Environment environment = context.requireEnvironment(NAME);
        LinearMixtureFeatures features = environment.capability(LinearMixtureFeatures.class).orElseThrow(() ->
                new IllegalArgumentException(NAME + " needs an environment with LinearMixtureFeatures"));
        requireUnitRewards(environment);
        long episodes = context.requireSchedule(NAME).requireEpisodes(NAME);
        int horizon = environment.info().horizon();
        int agents = environment.info().numAgents();
        int[] counts = new int[agents];
        for (int i = 0; i < agents; i++) {
            counts[i] = environment.info().numActions(i);
        }
        int dimension = features.dimension();
        PrivatizerChoice choice = PrivatizerChoice.of(params.plugin("privatizer"), horizon, dimension, context);
        double noiseStd = params.real("noise-std") > 0 ? params.real("noise-std") : choice.noiseStd();
        double failProb = params.real("fail-prob");
        BonusSchedule bonus = bonus(params, choice, noiseStd, dimension, horizon, episodes * horizon, failProb);
        PsdStrategy psd = PsdStrategy.valueOf(upper(params.string("psd")));
        if (psd == PsdStrategy.ANALYSIS_SHIFT && noiseStd <= 0 && choice.matrix().filter(m ->
                !(m.guarantee() instanceof PrivacyGuarantee.NonPrivate)).isPresent()) {
            throw new IllegalArgumentException(NAME + ": psd=analysis-shift scales 2 Gamma_k with the releases' "
                    + "per-entry noise std: noise-std must be in (0, inf) unless the privatizer is ma-ldp with "
                    + "calibration=paper-literal, got " + noiseStd);
        }
        MaLdpConfig config = new MaLdpConfig(params.real("ridge"), params.real("eta"), psd, noiseStd, failProb, bonus,
                params.real("step-exponent"), ActionSelection.valueOf(upper(params.string("selection"))),
                params.string("ties").equals("random"), params.bool("clip"), params.string("noise").equals("on"));
        boolean noise = config.noise();
        boolean crossUser = rewardsDependOnData(features);
        MaLdpReleases releases = new MaLdpReleases(noise ? choice.matrix() : Optional.empty(),
                noise ? choice.vector() : Optional.empty(), context.noise(), context.ledger(), horizon, config.clip(),
                agents, dimension, crossUser);
        Optional<AccountantReport> report = noise && choice.matrix().isPresent()
                ? Optional.of(choice.report(agents, horizon, episodes, crossUser)) : Optional.empty();
        Consensus consensus = params.string("consensus").equals("complete") ? Consensus.complete(agents)
                : Consensus.erdosRenyiMetropolis(agents, params.real("edge-probability"),
                        context.streams().stream("ma-ldp/graphs"));
        return new MaLdpLearner(features, counts, horizon, config, releases, consensus,
                context.streams().stream("ma-ldp/ties"), context.metrics(), report);
    }

    private static BonusSchedule bonus(Params params, PrivatizerChoice choice, double noiseStd, int dimension,
                                       int horizon, long steps, double failProb) {
        String form = params.string("bonus");
        double c = params.real("bonus-scale");
        if (form.equals("auto")) {
            form = choice.mechanism().filter(m -> m != Mechanism.NONE).isPresent() ? "theorem" : "non-private";
        }
        return switch (form) {
            case "non-private" -> new BonusSchedule.NonPrivate(c, dimension, horizon, params.real("ridge"), failProb);
            case "eq19" -> {
                if (noiseStd <= 0) {
                    throw new IllegalArgumentException(NAME + ": bonus=eq19 needs noise-std in (0, inf) or an ma-ldp "
                            + "privatizer with calibration=paper-literal");
                }
                yield new BonusSchedule.GenericEq19(c, dimension, steps, failProb, noiseStd);
            }
            case "theorem-8-literal" -> {
                if (choice.mechanism().filter(m -> m == Mechanism.BOUNDED_LAPLACE).isEmpty()) {
                    throw new IllegalArgumentException(NAME + ": bonus=theorem-8-literal is Theorem 8's "
                            + "bounded-Laplace radius: the privatizer must be ma-ldp with mechanism=bounded-laplace, "
                            + "got " + choice.mechanism().map(Mechanism::label).orElse("a privatizer other than "
                            + "ma-ldp"));
                }
                yield new BonusSchedule.Theorem8Literal(c, dimension, horizon, steps, failProb, choice.epsilon());
            }
            default -> {
                Mechanism mechanism = choice.mechanism().filter(m -> m != Mechanism.NONE).orElseThrow(() ->
                        new IllegalArgumentException(NAME + ": bonus=theorem needs an ma-ldp privatizer"));
                if (mechanism == Mechanism.BOUNDED_LAPLACE && noiseStd <= 0) {
                    throw new IllegalArgumentException(NAME + ": bonus=theorem with bounded-laplace (App. C eq. 23) "
                            + "uses the noise's variance zeta: noise-std = sqrt(zeta) must be in (0, inf) unless the "
                            + "privatizer's calibration is paper-literal, got " + noiseStd);
                }
                yield new BonusSchedule.Theorem(mechanism, c, dimension, horizon, steps, failProb, choice.epsilon(),
                        choice.delta(), noiseStd);
            }
        };
    }

    /**
     * Refuses an environment whose per-step rewards are not declared within [0, 1]: the problem setup's
     * {@code r_h^i(s, a) in [0, 1]}, which the optimistic cap {@code Q <- min{H + 1 - h, ...}} of the backward
     * induction and the regret bound assume.
     *
     * @throws IllegalArgumentException naming the accepted range, the declared one, the environment and what fixes
     *                                  its range, or that it declares none
     */
    static void requireUnitRewards(Environment environment) {
        String name = environment.info().name();
        RewardRange range = environment.capability(RewardRange.class).orElseThrow(() ->
                new IllegalArgumentException(NAME + ": the environment's per-step rewards must be declared in [0, 1] "
                        + "(the range the optimistic cap H - h + 1 and the regret bound assume), but " + name
                        + " declares no RewardRange"));
        if (!range.within(0.0, 1.0)) {
            throw new IllegalArgumentException(NAME + ": the environment's per-step rewards must be in [0, 1] (the "
                    + "range the optimistic cap H - h + 1 and the regret bound assume), got " + range.interval()
                    + " from " + name + ": " + range.origin());
        }
    }

    /**
     * True unless every reward feature {@code psi(s, a)} is 0: then the stochastic-approximation step
     * {@code w~ = w + gamma (r - <psi, w>) psi} never moves the reward parameters from 0, whatever the rewards, so
     * they cannot carry a user's data into later releases, and the run-wide key is not charged.
     */
    static boolean rewardsDependOnData(LinearMixtureFeatures features) {
        int actions = 1 << features.signBits();
        for (int s = 0; s < features.numStates(); s++) {
            for (int a = 0; a < actions; a++) {
                for (double x : features.rewardFeatures(s, a)) {
                    if (x != 0.0) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    static String upper(String label) {
        return label.toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
