package io.dpmarl.algorithms.federated.learner;

import com.google.auto.service.AutoService;
import io.dpmarl.algorithms.federated.kernel.TdKernel;
import io.dpmarl.algorithms.federated.privacy.CalibratedNoise;
import io.dpmarl.algorithms.federated.privacy.FederatedNoisePrivatizer;
import io.dpmarl.algorithms.federated.privacy.FederatedTdCalibrator;
import io.dpmarl.algorithms.federated.privacy.NoiseCalibration;
import io.dpmarl.algorithms.federated.privacy.NoiseMechanism;
import io.dpmarl.algorithms.federated.privacy.WholeRunSensitivity;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.StepSizeSchedule;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.FederatedStructure;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.Optional;

/**
 * Plugin {@code federated-td(gamma, lambda, alpha, power, noise, epsilon, delta, nu, cost-bound, threads,
 * trace)}: DP federated TD(lambda) (paper "Differentially private federated temporal difference learning") over an
 * environment offering the public {@link FederatedStructure} (for example {@code federated-cost-chain}). The number
 * of rounds T is the run's schedule of steps (one round per environment step). {@code noise} selects Algorithm 1
 * ({@code none}) or Algorithm 2 with a calibration: {@code sound} (default, sound moments bound), {@code paper}
 * (Theorem 3, PAPER-LITERAL), {@code laplace-literal} (PAPER-LITERAL) or {@code laplace-global}.
 *
 * <p>Privacy: the broadcasts are one {@link FederatedNoisePrivatizer} stream on the global ledger key, opened when
 * the learner is built: its whole-run guarantee ({@link WholeRunSensitivity}) is charged then, once, and the stream
 * refuses a broadcast beyond T. Assumptions, enforced: features with max row norm &lt;= 1 (refused otherwise), every
 * cost clipped to [-R, R] at its worker (clips counted in {@code costs_clipped}), and R not below the cost bound
 * the environment declares (refused otherwise).
 *
 * <p>{@code trace}: {@code restart} (default) restarts the eligibility trace at every episode's s_0 (theta and
 * the step counter kept); {@code continue} initialises it once, as Algorithm 1, for an environment whose episodes
 * are windows of one continuing chain ({@code federated-cost-chain(restart=continue)}); a later episode that does
 * not start where the previous one ended is then refused. Privacy is the same either way (per round).
 *
 * <p>{@code threads} splits each round over that many threads (the caller and {@code threads - 1} helpers) with
 * byte-identical results at any thread count; the learner stops the helpers when the pipeline closes it.
 */
@AutoService(PluginProvider.class)
public final class FederatedTdLearnerProvider implements PluginProvider<Learner> {
    /** The largest accepted {@code threads}. */
    public static final int MAX_THREADS = 64;

    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return "federated-td";
    }

    @Override
    public java.util.List<String> metrics() {
        return java.util.List.of(FederatedTdLearner.COSTS_CLIPPED);
    }

    /**
     * The relation of the master's noise this learner builds ({@link FederatedNoisePrivatizer#neighbouring()}):
     * {@link Neighbouring#AGENT_REWARD}, event level, one agent's cost at one time step (Lemma 7 of "Differentially
     * private federated temporal difference learning"), so the run report names it.
     */
    @Override
    public java.util.List<Neighbouring> neighbouringOfBuiltPrivatizers() {
        return java.util.List.of(Neighbouring.AGENT_REWARD);
    }

    @Override
    public String description() {
        return "DP federated TD(lambda) (Zeng et al. 2022): trusted master adds Gaussian or Laplace noise to the"
                + " broadcast aggregate; event-level central DP of the downlink over the schedule's steps (one round"
                + " each), the whole-run guarantee charged up front. Assumes and enforces: feature rows of norm <= 1"
                + " (refused otherwise), costs clipped to [-R, R] at each worker (metric costs_clipped), cost-bound"
                + " R >= the environment's declared bound (refused otherwise). noise=paper (paper-literal Theorem"
                + " 3) says whether the theorem's printed condition epsilon <= (2/nu) ln(1/delta) holds; if not (as"
                + " at the defaults epsilon 10, delta 1e-5, nu 3), the theorem is read at delta' = exp(-nu epsilon/2)"
                + " < delta, where it holds, and its (epsilon, delta') implies the (epsilon, delta) claimed.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("gamma", "discount").above(0).below(1).withDefault(0.9),
                Param.real("lambda", "trace decay").atLeast(0).atMost(1).withDefault(0.5),
                Param.real("alpha", "constant step size; 0 selects (t+1)^-power").atLeast(0).finite().withDefault(0.0),
                Param.real("power", "exponent p of alpha_t = (t+1)^-p").above(0).finite().withDefault(0.65),
                Param.string("noise", "calibration of the downlink noise", "none", "sound", "paper",
                        "laplace-literal", "laplace-global").withDefault("sound"),
                Param.real("epsilon", "target epsilon of the whole run").above(0).finite().withDefault(10.0),
                Param.real("delta", "target delta (Gaussian calibrations)").above(0).below(1).withDefault(1e-5),
                Param.integer("nu", "moment order of the paper's Theorem 3").atLeast(1).withDefault(3),
                Param.real("cost-bound", "public bound R every cost is clipped to; at least the environment's"
                        + " declared bound").above(0).finite().withDefault(0.5),
                Param.integer("threads", "threads one trial's rounds are split over (workers cut into fixed blocks of "
                        + TdKernel.BLOCK + ", so it helps only above " + TdKernel.BLOCK + " agents); results are"
                        + " byte-identical at any thread count; the spec's threads (trials run in parallel)"
                        + " multiply with it").atLeast(1).atMost(MAX_THREADS).withDefault(1),
                Param.string("trace", "eligibility trace at an episode boundary: restart at the new s_0, or"
                        + " continue (one chain: needs an environment whose resets continue the chain, such as"
                        + " federated-cost-chain(restart=continue); refused at the first episode that does not)",
                        "restart", "continue").withDefault("restart"));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        Environment environment = context.requireEnvironment(name());
        FederatedStructure structure = FederatedStructure.of(environment, name());
        double costBound = params.real("cost-bound");
        if (costBound < structure.costBound()) {
            throw new IllegalArgumentException("cost-bound must be in [" + structure.costBound() + ", inf), the bound "
                    + environment.info().name() + " declares for its costs, got " + costBound);
        }
        int agents = environment.info().numAgents();
        if (structure.weights().size() != agents) {
            throw new IllegalArgumentException("the federated structure must have one weight per agent (" + agents
                    + "), got " + structure.weights().size());
        }
        StepSizeSchedule steps = params.real("alpha") > 0 ? StepSizes.constant(params.real("alpha"))
                : StepSizes.power(params.real("power"));
        TdParameters parameters = TdParameters.of(params.real("gamma"), params.real("lambda"), steps);
        int features = structure.features().numFeatures();
        String noise = params.string("noise");
        Optional<ReleaseStream> downlink = Optional.empty();
        if (!noise.equals("none")) {
            WholeRunSensitivity.requireBoundedFeatures(structure.features());
            long rounds = rounds(context.requireSchedule(name()));
            NoiseCalibration calibration = switch (noise) {
                case "paper" -> NoiseCalibration.PAPER_THEOREM_3;
                case "laplace-literal" -> NoiseCalibration.LAPLACE_LITERAL;
                case "laplace-global" -> NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION;
                default -> NoiseCalibration.SOUND_MOMENTS;
            };
            WholeRunSensitivity run = WholeRunSensitivity.of(costBound, parameters, rounds);
            PrivacyBudget budget = new PrivacyBudget(params.real("epsilon"),
                    calibration.mechanism() == NoiseMechanism.GAUSSIAN ? params.real("delta") : 0.0);
            CalibratedNoise calibrated = FederatedTdCalibrator.calibrate(calibration, budget, run, features,
                    params.integer("nu"));
            downlink = Optional.of(calibrated.privatizer().openStream(new StreamRequest(context.ledger(),
                    LedgerKey.global(), context.noise(), "fedtd-downlink", java.util.OptionalLong.of(rounds))));
        }
        FederatedTdLambda team = new FederatedTdLambda(structure.features(), structure.weights(), parameters,
                costBound, new double[agents * features], downlink, params.integer("threads"));
        return new FederatedTdLearner(team, context.metrics(), params.string("trace").equals("continue"));
    }

    /** T: the schedule's steps (one round per environment step). */
    static long rounds(Schedule schedule) {
        if (schedule.unit() != Schedule.Unit.STEPS) {
            throw new IllegalArgumentException("federated-td calibrates its noise to the number of rounds: it needs a"
                    + " schedule of steps (one round per step), got " + schedule.length() + " episodes");
        }
        if (schedule.length() > WholeRunSensitivity.MAX_ROUNDS) {
            throw new IllegalArgumentException("steps must be in [1, " + WholeRunSensitivity.MAX_ROUNDS
                    + "] for federated-td, got " + schedule.length());
        }
        return schedule.length();
    }
}
