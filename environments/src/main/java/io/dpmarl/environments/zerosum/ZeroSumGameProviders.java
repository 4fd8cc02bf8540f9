package io.dpmarl.environments.zerosum;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** The ENVIRONMENT plugins of the tabular zero-sum games of {@link ZeroSumGames}. */
public final class ZeroSumGameProviders {
    private ZeroSumGameProviders() {
    }

    /** {@code random-zero-sum(S, A, B, H, seed)}: a random zero-sum Markov game with Dirichlet(1) kernels. */
    @AutoService(PluginProvider.class)
    public static final class RandomZeroSum implements PluginProvider<Environment> {
        /**
         * The most entries {@code H S^2 A B} of the dense transition tables: 2^24 doubles (128 MiB), so that a
         * learner's count tables of the same shape fit beside them.
         */
        public static final long MAX_TRANSITION_ENTRIES = 1L << 24;

        @Override
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        @Override
        public String name() {
            return "random-zero-sum";
        }

        @Override
        public String description() {
            return "Random two-player zero-sum Markov game RandomZS(S, A, B, H, seed): Dirichlet(1) kernels, "
                    + "uniform rewards in [0,1] (DP-Nash-VI benchmark); no privacy.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(
                    Param.integer("S", "number of states").atLeast(1).withDefault(2),
                    Param.integer("A", "max-player actions").atLeast(1).withDefault(2),
                    Param.integer("B", "min-player actions").atLeast(1).withDefault(2),
                    Param.integer("H", "horizon (steps per episode)").atLeast(1).withDefault(2),
                    Param.longValue("seed", "instance seed").withDefault(0L));
        }

        @Override
        public Environment create(Params params, PluginContext context) {
            double entries = (double) params.integer("H") * params.integer("S") * params.integer("S")
                    * params.integer("A") * params.integer("B");
            if (entries > MAX_TRANSITION_ENTRIES) {
                throw new IllegalArgumentException("random-zero-sum: parameters S, A, B and H must give H S^2 A B in"
                        + " [1, " + MAX_TRANSITION_ENTRIES + "] (the dense transition tables), got " + (long) entries
                        + " for S=" + params.integer("S") + ", A=" + params.integer("A") + ", B="
                        + params.integer("B") + ", H=" + params.integer("H"));
            }
            return ZeroSumGames.random(params.integer("S"), params.integer("A"), params.integer("B"),
                    params.integer("H"), params.longValue("seed"));
        }
    }

    /** {@code matching-pennies}: the one-step matrix game r = 1[a = b], value 1/2. */
    @AutoService(PluginProvider.class)
    public static final class MatchingPennies implements PluginProvider<Environment> {
        @Override
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        @Override
        public String name() {
            return "matching-pennies";
        }

        @Override
        public String description() {
            return "Matching pennies on [0,1] (S = H = 1, A = B = 2), value 1/2; no privacy.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Environment create(Params params, PluginContext context) {
            return ZeroSumGames.matchingPennies();
        }
    }

    /** {@code rock-paper-scissors}: the one-step matrix game shifted to [0, 1], value 1/2. */
    @AutoService(PluginProvider.class)
    public static final class RockPaperScissors implements PluginProvider<Environment> {
        @Override
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        @Override
        public String name() {
            return "rock-paper-scissors";
        }

        @Override
        public String description() {
            return "Rock-paper-scissors on [0,1] (S = H = 1, A = B = 3), value 1/2; no privacy.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Environment create(Params params, PluginContext context) {
            return ZeroSumGames.rockPaperScissors();
        }
    }

    /** {@code riverswim(H)}: RiverSwim-6, the single-agent (B = 1) exploration benchmark. */
    @AutoService(PluginProvider.class)
    public static final class RiverSwim implements PluginProvider<Environment> {
        @Override
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        @Override
        public String name() {
            return "riverswim";
        }

        @Override
        public String description() {
            return "RiverSwim-6, single agent (the B = 1 case of a zero-sum Markov game); no privacy.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(Param.integer("H", "horizon (steps per episode)").atLeast(1).atMost(100_000)
                    .withDefault(20));
        }

        @Override
        public Environment create(Params params, PluginContext context) {
            return ZeroSumGames.riverSwim(params.integer("H"));
        }
    }
}
