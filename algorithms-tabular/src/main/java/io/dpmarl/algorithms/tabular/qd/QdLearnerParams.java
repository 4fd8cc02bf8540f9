package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.comm.NetworkedEnvironment;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.Params;
import java.util.ArrayList;
import java.util.List;

/** The parameters the QD learner plugins share, and what they need from the environment. */
final class QdLearnerParams {
    private QdLearnerParams() {
    }

    /** Gains, exponents, convention and discount. */
    static List<Param> common() {
        List<Param> params = new ArrayList<>();
        params.add(Param.real("gain-a", "innovation gain constant a (alpha(0))").above(0).finite().withDefault(1.0));
        params.add(Param.string("gain-b", "consensus gain constant b (beta(0)), a real in (0, inf); keep"
                + " b * lambda_max(L) < 1; or auto: b = 0.9 / lambda_max(L) of the first communication graph")
                .withDefault("0.05"));
        params.add(Param.real("tau1", "exponent of the faster-decaying gain").above(0.5).atMost(1).withDefault(1.0));
        params.add(Param.real("tau2", "exponent of the slower-decaying gain, below tau1").above(0).below(1)
                .withDefault(0.2));
        params.add(Param.string("gains", "kar: alpha ~ k^-tau1, beta ~ k^-tau2 (default); paper-literal: swapped",
                "kar", "paper-literal").withDefault("kar"));
        params.add(Param.real("gamma", "discount factor").atLeast(0).below(1).withDefault(0.7));
        return params;
    }

    /**
     * The gains; {@code gain-b=auto} takes {@code b = 0.9 / lambda_max(L)} of the environment's graph at
     * (episode 0, step 0) ({@link GainSchedule#autoConsensusGain}). Later graphs of a time-varying process are
     * checked by the learner as they come into force (warning when unstable).
     */
    static GainSchedule gains(Params params, Environment environment, String plugin) {
        GainConvention convention = params.string("gains").equals("paper-literal") ? GainConvention.PAPER_LITERAL
                : GainConvention.KAR;
        String text = params.string("gain-b").strip();
        double gainB;
        if (text.equals("auto")) {
            gainB = GainSchedule.autoConsensusGain(graphs(environment, plugin).graphAt(0, 0)
                    .requireConnected("communication graph"));
        } else {
            try {
                gainB = Double.parseDouble(text);
            } catch (NumberFormatException e) {
                gainB = Double.NaN;
            }
            if (!(gainB > 0 && gainB < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException(plugin + ": parameter 'gain-b' must be in (0, inf) or auto, got "
                        + text);
            }
        }
        return new GainSchedule(params.real("gain-a"), gainB, params.real("tau1"), params.real("tau2"), convention);
    }

    /** Number of states of the (shared, discrete) observation of agent 0. */
    static int states(EnvironmentInfo info, String plugin) {
        if (!(info.observationSpaces().get(0) instanceof Space.Discrete discrete)) {
            throw new IllegalArgumentException(plugin + " needs discrete observations, got "
                    + info.observationSpaces().get(0));
        }
        return discrete.size();
    }

    /** Number of (common) actions; every agent must have the same count. */
    static int actions(EnvironmentInfo info, String plugin) {
        int actions = info.numActions(0);
        for (int agent = 1; agent < info.numAgents(); agent++) {
            if (info.numActions(agent) != actions) {
                throw new IllegalArgumentException(plugin + " needs one common action set, agent " + agent + " has "
                        + info.numActions(agent) + " actions, agent 0 has " + actions);
            }
        }
        return actions;
    }

    /** The environment's communication graphs. */
    static GraphProcess graphs(Environment environment, String plugin) {
        return environment.capability(NetworkedEnvironment.class).orElseThrow(() -> new IllegalArgumentException(
                plugin + " needs a networked environment (one with a communication graph), got "
                        + environment.info().name())).communicationGraphs();
    }
}
