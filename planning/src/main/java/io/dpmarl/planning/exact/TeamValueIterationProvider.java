package io.dpmarl.planning.exact;

import com.google.auto.service.AutoService;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** The PLANNER plugin {@code team-value-iteration}: exact non-private team-optimal planning by backward induction. */
@AutoService(PluginProvider.class)
public final class TeamValueIterationProvider implements PluginProvider<Planner> {

    @Override
    public PluginKind kind() {
        return PluginKind.PLANNER;
    }

    @Override
    public String name() {
        return "team-value-iteration";
    }

    @Override
    public String description() {
        return "Exact backward induction for the team-optimal policy of a tabular model (non-private reference).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.none();
    }

    @Override
    public Planner create(Params params, PluginContext context) {
        return new TeamValueIterationPlanner();
    }
}
