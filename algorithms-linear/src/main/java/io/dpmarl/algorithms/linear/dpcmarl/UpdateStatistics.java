package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.experiment.TrialMetrics;

/**
 * The per-episode means that {@link DpcMarlA2c} records: actor and critic loss averaged over agents and updates, and
 * the paper's noise base (the mean absolute critic weight of the released copies, averaged over agents and
 * exchanges). Values only; the noise base is computed from the agents' own pre-noise parameters and is recorded
 * locally, never released.
 */
final class UpdateStatistics {
    private double actorLoss;
    private double criticLoss;
    private double noiseBase;
    private int updates;

    void reset() {
        actorLoss = 0;
        criticLoss = 0;
        noiseBase = 0;
        updates = 0;
    }

    /** Adds one update of every agent. */
    void addUpdate(TeamAgent[] agents) {
        for (TeamAgent agent : agents) {
            actorLoss += agent.lastActorLoss() / agents.length;
            criticLoss += agent.lastCriticLoss() / agents.length;
        }
        updates++;
    }

    /** Adds one exchange: the mean over agents of the mean absolute value of each agent's own parameters. */
    void addExchange(CriticExchange exchange, int agents) {
        double base = 0;
        for (int i = 0; i < agents; i++) {
            double sum = 0;
            for (double value : exchange.lastOwn(i)) {
                sum += Math.abs(value);
            }
            base += sum / exchange.lastOwn(i).length / agents;
        }
        noiseBase += base;
    }

    /** Records the episode's means (nothing if no update happened). */
    void record(TrialMetrics metrics) {
        if (updates > 0) {
            metrics.record(DpcMarlA2c.ACTOR_LOSS, actorLoss / updates);
            metrics.record(DpcMarlA2c.CRITIC_LOSS, criticLoss / updates);
            metrics.record(DpcMarlA2c.NOISE_BASE, noiseBase / updates);
        }
    }
}
