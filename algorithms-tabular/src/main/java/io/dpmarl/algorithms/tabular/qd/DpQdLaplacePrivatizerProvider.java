package io.dpmarl.algorithms.tabular.qd;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.mechanisms.privatizers.ScaleLimits;
import java.util.Optional;
import java.util.function.Supplier;

/** Plugin {@code dp-qd-laplace(noise-base, q, adjacency-bound, noise-bases, qs)}: {@link DpQdLaplacePrivatizer}. */
@AutoService(PluginProvider.class)
public final class DpQdLaplacePrivatizerProvider implements PluginProvider<Privatizer> {

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "dp-qd-laplace";
    }

    @Override
    public String description() {
        return "DP-QD-Learning's message noise (Qiao et al., Theorem V.5): release t of a stream adds float-safe"
                + " Laplace noise of scale noise-base * q^t to one scalar (a Q-entry); pure epsilon_t = adjacency-bound"
                + " / (noise-base q^t)-DP per release under Q-value adjacency (two entries at distance <="
                + " adjacency-bound; no bound on the values is assumed, and this is not reward-level DP). Scheduled"
                + " accounting: the ledger composes every release (the total grows like q^-T for q < 1). One release"
                + " per step: the release index is t. Unit (neighbouring: message): a release covers its one message;"
                + " dp-qd-learning charges agent i's stream to ledger key agent/i, so that key's figure covers all of"
                + " agent i's messages over the run (each Q-entry within adjacency-bound), not one message. With"
                + " noise-bases / qs each agent i of a networked learner gets"
                + " its own s_i q_i^t and its own scheduled charge (ledger key agent/i); the privatizer's guarantee is"
                + " then the worst agent's first release (adjacency-bound / min s_i), and a stream opened on the list"
                + " itself, not on an agent's privatizer, is refused. The scale only falls (q <= 1),"
                + " so refused when built: noise-base or any s_i above " + ScaleLimits.LAPLACE_MAX_SCALE
                + " (the Laplace sampler's largest scale, 2^1011 less one ulp), or a first release whose epsilon"
                + " overflows to infinity; a later release whose scale underflows to 0 or whose epsilon overflows is"
                + " refused when it is made.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("noise-base", "noise scale at t = 0 (the paper's s_i), the largest of the run;"
                        + " at most 2^1011 less one ulp (about 2.19E304)").above(0).finite().withDefault(10.0),
                Param.real("q", "decay of the noise scale per step, 1 for undecaying noise").above(0).atMost(1)
                        .withDefault(0.99),
                Param.real("adjacency-bound", "largest distance between two adjacent Q-entries (the paper's delta)")
                        .above(0).finite().withDefault(1.0),
                Param.string("noise-bases", "per-agent noise bases s_1;...;s_N, each > 0 and at most 2^1011 less"
                        + " one ulp (one per agent, separated by ';'), or none: every agent uses noise-base")
                        .withDefault("none"),
                Param.string("qs", "per-agent decays q_1;...;q_N, each in (0, 1] (one per agent, separated by ';'),"
                        + " or none: every agent uses q").withDefault("none"));
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        return new DpQdLaplacePrivatizer(params.real("noise-base"), params.real("q"), params.real("adjacency-bound"),
                prefixed(() -> AgentNoiseList.parse("noise-bases", params.string("noise-bases"), false)),
                prefixed(() -> AgentNoiseList.parse("qs", params.string("qs"), true)));
    }

    private Optional<AgentNoiseList> prefixed(Supplier<Optional<AgentNoiseList>> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name() + ": " + e.getMessage(), e);
        }
    }
}
