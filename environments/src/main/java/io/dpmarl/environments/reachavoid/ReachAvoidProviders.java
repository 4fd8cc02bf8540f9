package io.dpmarl.environments.reachavoid;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** The environment plugins of the cooperative reach-avoid games (Chen et al. 2023, Section 7). */
public final class ReachAvoidProviders {
    private ReachAvoidProviders() {
    }

    /** Plugin {@code corridor-gridworld(slip, targets, horizon)}: {@link CorridorGridworld}. */
    @SuppressWarnings("rawtypes")
    @AutoService(PluginProvider.class)
    public static final class Gridworld implements PluginProvider<Environment> {
        @Override
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        @Override
        public String name() {
            return "corridor-gridworld";
        }

        @Override
        public String description() {
            return "Two agents cross a 5x5 grid through two one-cell corridors to swap sides without colliding or "
                    + "touching lava (reach-avoid, exact factored model; Chen et al. 2023, Sec. 7.1)";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(
                    Param.real("slip", "probability of slipping to another reachable cell").atLeast(0).below(1)
                            .withDefault(0.05),
                    Param.string("targets", "target cells 'r:c r:c' of agents 0 and 1").withDefault("4:3 4:1"),
                    Param.integer("horizon", "steps before truncation").atLeast(1).atMost(1_000_000)
                            .withDefault(200));
        }

        @Override
        public Environment create(Params params, PluginContext context) {
            String[] cells = params.string("targets").trim().split("\\s+");
            if (cells.length != 2) {
                throw new IllegalArgumentException("targets must be two cells 'r:c r:c' in [0, 4], got '"
                        + params.string("targets") + "'");
            }
            int[] targets = new int[2];
            for (int i = 0; i < 2; i++) {
                String[] rc = cells[i].split(":");
                int r;
                int c;
                try {
                    r = Integer.parseInt(rc[0]);
                    c = Integer.parseInt(rc[rc.length - 1]);
                } catch (NumberFormatException bad) {
                    r = -1;
                    c = -1;
                }
                if (rc.length != 2 || r < 0 || r > 4 || c < 0 || c > 4) {
                    throw new IllegalArgumentException("targets must be two cells 'r:c r:c' with r, c in [0, 4], got '"
                            + params.string("targets") + "'");
                }
                targets[i] = r * CorridorGridworld.SIDE + c;
            }
            return CorridorGridworld.create(params.real("slip"), targets, params.integer("horizon"));
        }
    }

    /** Plugin {@code sysadmin(initial, p-repair, p-unhealthy, p-down, horizon)}: {@link SysAdmin}. */
    @SuppressWarnings("rawtypes")
    @AutoService(PluginProvider.class)
    public static final class Servers implements PluginProvider<Environment> {
        /** The most servers: 4^6 = 4096 joint states plan in under a minute; 7 exhaust a 1 GiB heap. */
        public static final int MAX_SERVERS = 6;

        @Override
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        @Override
        public String name() {
            return "sysadmin";
        }

        @Override
        public String description() {
            return "Servers (one agent each) wait or repair until all are nominal, failing if more than 2 are in "
                    + "repair or offline (reach-avoid, exact factored model; Chen et al. 2023, Sec. 7.2)";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(
                    Param.string("initial", "initial server states, one digit per server (1 to " + MAX_SERVERS
                            + " servers): 0 nominal, 1 needs repair, 2 in repair, 3 offline").withDefault("0001"),
                    Param.real("p-repair", "probability an in-repair server becomes nominal").atLeast(0).atMost(1)
                            .withDefault(0.9),
                    Param.real("p-unhealthy", "probability a nominal server needs repair").atLeast(0).atMost(1)
                            .withDefault(0.1),
                    Param.real("p-down", "probability a server needing repair goes offline").atLeast(0).atMost(1)
                            .withDefault(0.1),
                    Param.integer("horizon", "steps before truncation").atLeast(1).atMost(1_000_000)
                            .withDefault(200));
        }

        @Override
        public Environment create(Params params, PluginContext context) {
            int[] initial = SysAdmin.parse(params.string("initial"));
            if (initial.length > MAX_SERVERS) {
                throw new IllegalArgumentException("sysadmin: parameter 'initial' must list 1 to " + MAX_SERVERS
                        + " servers (the joint model has 4^servers states), got " + initial.length);
            }
            checkNotAbsorbing(params.string("initial"), initial);
            return SysAdmin.create(params.real("p-repair"), params.real("p-unhealthy"), params.real("p-down"), 2, 2,
                    initial, params.integer("horizon"));
        }

        /** Refuses an initial state that already ends the game: all servers nominal (target) or an avoid state. */
        private static void checkNotAbsorbing(String label, int[] initial) {
            int nominal = 0;
            int inRepair = 0;
            int offline = 0;
            for (int state : initial) {
                nominal += state == 0 ? 1 : 0;
                inRepair += state == 2 ? 1 : 0;
                offline += state == 3 ? 1 : 0;
            }
            if (nominal == initial.length || inRepair > 2 || offline > 2) {
                throw new IllegalArgumentException("sysadmin: parameter 'initial' must not be a target or avoid state"
                        + " (not every server nominal, at most 2 in repair and at most 2 offline), got '" + label
                        + "'");
            }
        }
    }
}
