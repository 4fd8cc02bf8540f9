package io.dpmarl.core.pipeline;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;

/**
 * Test doubles for the runner tests of {@code core} (which cannot depend on the plugin modules): a noisy
 * two-armed bandit environment, an epsilon-greedy learner, a "pure event" privatizer and a summing
 * accountant. They are registered only through {@link #registry()} (never through ServiceLoader), so
 * they do not appear among the built-in plugins. The privatizer is NOT a DP mechanism: its noise is a
 * bounded uniform shift used only to make released values depend on the noise source.
 */
public final class TestPlugins {
    /** Counts learner creations (how many trials were actually run). */
    public static final AtomicInteger LEARNERS_CREATED = new AtomicInteger();

    private TestPlugins() {
    }

    /** A registry of exactly the test plugins. */
    public static Registry registry() {
        return Registry.of(List.of(new BanditProvider(), new GreedyProvider(), new ShiftPrivatizerProvider(),
                new SumAccountantProvider()));
    }

    /** {@code bandit-test(horizon=4, gap=0.5)}: one agent, 2 arms, reward = arm * gap + uniform noise. */
    static final class BanditProvider implements PluginProvider<Environment> {
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        public String name() {
            return "bandit-test";
        }

        public String description() {
            return "test bandit";
        }

        public ParamSpec parameters() {
            return ParamSpec.of(Param.integer("horizon", "stages").atLeast(1).withDefault(4),
                    Param.real("gap", "arm gap").atLeast(0).atMost(10).withDefault(0.5));
        }

        public Environment create(Params params, PluginContext context) {
            int horizon = params.integer("horizon");
            double gap = params.real("gap");
            EnvironmentInfo info = new EnvironmentInfo("bandit-test", 1, List.of(new Space.Discrete(1)),
                    List.of(new Space.Discrete(2)), horizon, GameType.finite(GameType.Utility.SINGLE_AGENT));
            return new Environment() {
                private RandomGenerator random;
                private int stage = -1;

                public EnvironmentInfo info() {
                    return info;
                }

                public Observation[] reset(long seed) {
                    random = new SplittableRandom(seed);
                    stage = 0;
                    return new Observation[] {Observation.discrete(0)};
                }

                public StepResult step(int[] jointAction) {
                    if (stage < 0 || stage >= horizon) {
                        throw new IllegalStateException("reset first");
                    }
                    stage++;
                    double reward = jointAction[0] * gap + random.nextDouble() - 0.5;
                    return new StepResult(new Observation[] {Observation.discrete(0)}, new double[] {reward}, false,
                            stage >= horizon, Map.of());
                }
            };
        }
    }

    /** {@code greedy-test(exploration=0.2, privatizer=none)}: epsilon-greedy on running mean rewards. */
    static final class GreedyProvider implements PluginProvider<Learner> {
        public PluginKind kind() {
            return PluginKind.LEARNER;
        }

        public String name() {
            return "greedy-test";
        }

        public String description() {
            return "test learner";
        }

        public ParamSpec parameters() {
            return ParamSpec.of(Param.real("exploration", "random action rate").atLeast(0).atMost(1).withDefault(0.2),
                    Param.plugin("privatizer", PluginKind.PRIVATIZER, "reward privatizer").withDefault(Param.NONE));
        }

        public Learner create(Params params, PluginContext context) {
            LEARNERS_CREATED.incrementAndGet();
            context.requireEnvironment(name());
            double exploration = params.real("exploration");
            Optional<Privatizer> privatizer = params.string("privatizer").equals("none") ? Optional.empty()
                    : Optional.of(context.registry().create(PluginKind.PRIVATIZER, Privatizer.class,
                    params.string("privatizer"), context));
            RandomGenerator random = context.streams().stream("exploration");
            double[] sums = new double[2];
            int[] counts = new int[2];
            return new Learner() {
                public void beginEpisode(int episode, Observation[] observations) {
                }

                public int[] act(int stage, Observation[] observations) {
                    if (random.nextDouble() < exploration) {
                        return new int[] {random.nextInt(2)};
                    }
                    double mean0 = counts[0] == 0 ? 0 : sums[0] / counts[0];
                    double mean1 = counts[1] == 0 ? 0 : sums[1] / counts[1];
                    return new int[] {mean1 > mean0 ? 1 : 0};
                }

                public void observe(int stage, int[] jointAction, StepResult result) {
                    double reward = result.rewards()[0];
                    if (privatizer.isPresent()) {
                        reward = ((Statistic.Scalar) privatizer.get().release(new Statistic.Scalar(reward),
                                context.noise(), context.ledger(), LedgerKey.agent(0))).value();
                    }
                    sums[jointAction[0]] += reward;
                    counts[jointAction[0]]++;
                }

                public void endEpisode(int episode) {
                }

                public Policy policy() {
                    throw new UnsupportedOperationException("not needed by the runner tests");
                }
            };
        }
    }

    /** {@code shift-test(epsilon=1, sensitivity=1)}: charges a pure event; adds a bounded test shift. */
    static final class ShiftPrivatizerProvider implements PluginProvider<Privatizer> {
        public PluginKind kind() {
            return PluginKind.PRIVATIZER;
        }

        public String name() {
            return "shift-test";
        }

        public String description() {
            return "test privatizer";
        }

        public ParamSpec parameters() {
            return ParamSpec.of(Param.real("epsilon", "privacy budget").above(0).finite().withDefault(1.0),
                    Param.real("sensitivity", "sensitivity").above(0).finite().withDefault(1.0));
        }

        public Privatizer create(Params params, PluginContext context) {
            double epsilon = params.real("epsilon");
            double sensitivity = params.real("sensitivity");
            return new AbstractPrivatizer() {
                public String name() {
                    return "shift-test";
                }

                public PrivacyGuarantee guarantee() {
                    return new PrivacyGuarantee.PureDp(epsilon);
                }

                public Neighbouring neighbouring() {
                    return Neighbouring.AGENT_REWARD;
                }

                public Sensitivity sensitivity() {
                    return Sensitivity.l1(sensitivity);
                }

                public Set<Class<? extends Statistic>> accepts() {
                    return Set.of(Statistic.Scalar.class);
                }

                public PrivacyEvent event() {
                    return new PrivacyEvent.PureEvent(epsilon);
                }

                protected Statistic perturb(Statistic input, NoiseSource noise) {
                    double shift = (noise.nextLong(1 << 20) / (double) (1 << 20) - 0.5) * sensitivity / epsilon;
                    return new Statistic.Scalar(((Statistic.Scalar) input).value() + shift);
                }
            };
        }
    }

    /** {@code sum-test}: sequential composition of pure events (epsilon adds up). */
    static final class SumAccountantProvider implements PluginProvider<Accountant> {
        public PluginKind kind() {
            return PluginKind.ACCOUNTANT;
        }

        public String name() {
            return "sum-test";
        }

        public String description() {
            return "test accountant";
        }

        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        public Accountant create(Params params, PluginContext context) {
            return new SumAccountant(0.0);
        }
    }

    /** Adds the epsilons of pure events. */
    static final class SumAccountant implements Accountant {
        private double total;

        SumAccountant(double total) {
            this.total = total;
        }

        public String name() {
            return "sum-test";
        }

        public boolean supports(PrivacyEvent event) {
            return event instanceof PrivacyEvent.PureEvent;
        }

        public void compose(PrivacyEvent event, long count) {
            if (!supports(event)) {
                throw new IllegalArgumentException("unsupported " + event.describe());
            }
            total += ((PrivacyEvent.PureEvent) event).epsilon() * count;
        }

        public double epsilon(double delta) {
            return total;
        }

        public double delta(double epsilon) {
            return epsilon >= total ? 0.0 : 1.0;
        }

        public Accountant copy() {
            return new SumAccountant(total);
        }
    }
}
