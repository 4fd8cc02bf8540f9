package io.dpmarl.examples.learnerplugin;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Publishes {@link TeamQLearner} as the learner plugin {@code team-q}. Its {@code privatizer} parameter names any
 * registered privatizer by spec string ({@code team-q(privatizer=laplace(epsilon=1, sensitivity=1))}, or the
 * experiment spec's {@code privatizer:} key); the provider creates it from the registry and opens one release
 * stream per agent on ledger key {@code agent/i}, declaring the stream's length when the run's schedule is known
 * (a privatizer that accounts up front needs it). Each reward release has the privatizer's guarantee; the ledger
 * composes them. The privatizer's sensitivity is the width of the reward range, so it must be a distance (L1, L2 or
 * L-infinity); a Hamming sensitivity is refused here.
 */
@AutoService(PluginProvider.class)
public final class TeamQLearnerProvider implements PluginProvider<Learner> {
    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return "team-q";
    }

    @Override
    public String description() {
        return "Example plugin: one epsilon-greedy Q table over joint actions learning from the agents' mean reward; "
                + "with a privatizer each agent's reward goes through that agent's release stream (ledger key "
                + "agent/i): the privatizer's guarantee per reward, composed by the ledger. Assumes and enforces "
                + "rewards in [reward-min, reward-min + the privatizer's sensitivity]: rewards outside are clipped "
                + "before the release and counted (rewards_clipped); a privatizer whose sensitivity is not a distance "
                + "(Hamming) is refused";
    }

    @Override
    public List<String> metrics() {
        return List.of(TeamQLearner.REWARDS_CLIPPED);
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("alpha", "learning rate").above(0).atMost(1).withDefault(0.2),
                Param.real("exploration", "probability of a uniformly random joint action").atLeast(0).atMost(1)
                        .withDefault(0.2),
                Param.plugin("privatizer", PluginKind.PRIVATIZER, "privatizer of every reward, or none")
                        .withDefault(Param.NONE),
                Param.real("reward-min", "lower end of the reward range the privatizer's sensitivity covers")
                        .atLeast(-1e6).atMost(1e6).withDefault(0.0));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        EnvironmentInfo info = context.requireEnvironment(name()).info();
        Optional<List<ReleaseStream>> streams = Optional.empty();
        double width = 0;
        Optional<Privatizer> resolved = context.privatizer(params, "privatizer", name(), Statistic.Scalar.class);
        if (resolved.isPresent()) {
            Privatizer privatizer = resolved.get();
            // The sensitivity's value is the width of the reward range: a distance between two rewards, the same in
            // L1, L2 and L-infinity for a scalar. A Hamming sensitivity counts coordinates and bounds no distance.
            if (privatizer.sensitivity().norm() == Sensitivity.Norm.HAMMING) {
                throw new IllegalArgumentException(name() + ": parameter 'privatizer' must name a privatizer whose "
                        + "sensitivity norm is one of L1, L2, LINF (its value is the width of the reward range rewards "
                        + "are clipped to); '" + privatizer.name() + "' declares HAMMING");
            }
            width = privatizer.sensitivity().value();
            List<ReleaseStream> opened = new ArrayList<>();
            for (int agent = 0; agent < info.numAgents(); agent++) {
                StreamRequest request = StreamRequest.of(context.ledger(), LedgerKey.agent(agent), context.noise(),
                        privatizer.name());
                if (context.schedule().isPresent()) {
                    // One release per agent and training step.
                    request = request.withLength(context.schedule().get().trainingSteps(info));
                }
                opened.add(privatizer.openStream(request));
            }
            streams = Optional.of(opened);
        }
        return new TeamQLearner(info, params.real("alpha"), params.real("exploration"),
                context.streams().stream("team-q/exploration"), streams, params.real("reward-min"), width,
                context.metrics());
    }
}
