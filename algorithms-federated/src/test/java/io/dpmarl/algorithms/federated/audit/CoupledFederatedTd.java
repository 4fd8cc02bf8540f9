package io.dpmarl.algorithms.federated.audit;

import io.dpmarl.algorithms.federated.td.CostTrajectory;
import io.dpmarl.algorithms.federated.td.FederatedTdMaster;
import io.dpmarl.algorithms.federated.td.FederatedTdWorker;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Pair;
import java.util.SplittableRandom;

/**
 * The pre-noise releases of federated TD(lambda) (Zeng et al., "Differentially Private Federated
 * Temporal Difference Learning", Algorithm 2) on coupled neighbouring data, for the
 * sensitivity audit.
 *
 * <p><b>Neighbouring relation</b> (event-level, the relation of the paper's Lemma 7): one agent's cost at one
 * round is replaced by another value. Every other random choice (initial state, transitions, the other costs) is
 * drawn from the setting's seed, so both sides see the same trajectory.
 *
 * <p><b>Coupling of the rounds.</b> The accounting treats the run as an adaptive composition: the mean of release
 * s is a function of the data and the PREVIOUS broadcasts, and its sensitivity is the change of that mean for the
 * same previous broadcasts. So both sides are fed the same broadcasts, those of the unchanged run
 * ({@link #referenceBroadcasts}), and the statistic is the sequence of aggregates sum_j c^j theta_s^j the master
 * would add noise to. (Feeding each side its own noise-free aggregate instead would let the change compound through
 * the broadcasts, which is not the quantity the Gaussian mechanism's calibration bounds.)
 */
final class CoupledFederatedTd {
    private CoupledFederatedTd() {
    }

    /**
     * A public setting: the model, the weights c, gamma, lambda, the step sizes, the horizon T, the trajectory
     * seed, and the bound R the workers clip costs to (the guarded path; {@code +infinity} for the unguarded
     * recursion, which trusts every cost).
     */
    record Setting(String label, FederatedCostModel model, AggregationWeights weights, TdParameters parameters,
                   int rounds, long seed, double workerCostBound) {
        /** A guarded setting: the workers clip costs to the model's declared bound R. */
        Setting(String label, FederatedCostModel model, AggregationWeights weights, TdParameters parameters,
                int rounds, long seed) {
            this(label, model, weights, parameters, rounds, seed, model.costBound());
        }

        /** The same setting with workers that do not clip costs. */
        Setting unguarded() {
            return new Setting(label + ", unguarded", model, weights, parameters, rounds, seed,
                    Double.POSITIVE_INFINITY);
        }

        @Override
        public String toString() {
            return label + " (N=" + model.numAgents() + ", S=" + model.numStates() + ", K="
                    + model.features().numFeatures() + ", max row norm " + model.features().maxRowNorm() + ", "
                    + parameters.stepSizes().label() + ", T=" + rounds + ", seed " + seed + ", workers clip to "
                    + workerCostBound + ")";
        }
    }

    /**
     * A dataset: the setting's trajectory with the cost of {@code agent} at {@code round} set to {@code cost}.
     * Two datasets of the same setting that differ only in {@code cost} are neighbours.
     */
    record Dataset(Setting setting, double[][] broadcasts, int agent, int round, double cost) {
        @Override
        public String toString() {
            return setting + ", cost of agent " + agent + " at round " + round + " = " + cost;
        }
    }

    /**
     * The neighbouring pair that sets the cost of {@code agent} at {@code round} to {@code first} and {@code second}.
     */
    static Pair<Dataset> pair(Setting setting, int agent, int round, double first, double second) {
        if (round < 0 || round > setting.rounds() - 2) {
            throw new IllegalArgumentException("round must be in [0, " + (setting.rounds() - 2) + "] so that a later"
                    + " release exists, got " + round);
        }
        if (agent < 0 || agent >= setting.model().numAgents()) {
            throw new IllegalArgumentException("agent must be in [0, " + (setting.model().numAgents() - 1) + "], got "
                    + agent);
        }
        double[][] broadcasts = referenceBroadcasts(setting);
        return new Pair<>(new Dataset(setting, broadcasts, agent, round, first),
                new Dataset(setting, broadcasts, agent, round, second),
                "agent " + agent + ", round " + round + ": cost " + first + " -> " + second);
    }

    /** The noise-free broadcasts of the unchanged run of a setting (rounds x K). */
    static double[][] referenceBroadcasts(Setting setting) {
        return run(setting, null, -1, -1, 0);
    }

    /** All T pre-noise releases of a dataset, concatenated (T K entries): the whole-run statistic. */
    static double[] wholeRun(Dataset dataset) {
        double[][] releases = run(dataset.setting(), dataset.broadcasts(), dataset.agent(), dataset.round(),
                dataset.cost());
        int k = releases[0].length;
        double[] out = new double[releases.length * k];
        for (int s = 0; s < releases.length; s++) {
            System.arraycopy(releases[s], 0, out, s * k, k);
        }
        return out;
    }

    /** The first release the changed cost enters, release round + 1: the per-round statistic of Lemma 7. */
    static double[] firstAffectedRelease(Dataset dataset) {
        double[][] releases = run(dataset.setting(), dataset.broadcasts(), dataset.agent(), dataset.round(),
                dataset.cost());
        return releases[dataset.round() + 1];
    }

    /**
     * Runs the workers' TD(lambda) recursion (the low-level {@link FederatedTdWorker}: it clips costs to the setting's
     * worker bound and does not check the features) and returns the aggregates of rounds 0..T-1. With
     * {@code broadcasts == null} each round broadcasts its own aggregate (the reference run).
     */
    private static double[][] run(Setting setting, double[][] broadcasts, int agent, int round, double cost) {
        FederatedCostModel model = setting.model();
        int n = model.numAgents();
        int k = model.features().numFeatures();
        FederatedTdWorker[] workers = new FederatedTdWorker[n];
        for (int i = 0; i < n; i++) {
            workers[i] = new FederatedTdWorker(i, model.features(), setting.parameters(), new double[k],
                    setting.workerCostBound());
        }
        CostTrajectory trajectory = new CostTrajectory(model, new SplittableRandom(setting.seed()));
        for (FederatedTdWorker worker : workers) {
            worker.begin(trajectory.initialState());
        }
        double[][] releases = new double[setting.rounds()][];
        for (int t = 0; t < setting.rounds(); t++) {
            double[] aggregate = new double[k];
            for (int i = 0; i < n; i++) {
                double[] theta = workers[i].theta();
                for (int f = 0; f < k; f++) {
                    aggregate[f] += setting.weights().get(i) * theta[f];
                }
            }
            releases[t] = aggregate;
            int next = trajectory.advance();
            double[] costs = trajectory.costs();
            if (t == round) {
                costs[agent] = cost;
            }
            double[] broadcast = broadcasts == null ? aggregate : broadcasts[t];
            Message message = new Message(Message.SERVER, FederatedTdMaster.BROADCAST, t,
                    new Statistic.Vector(broadcast.clone()));
            for (int i = 0; i < n; i++) {
                workers[i].receive(message, next, costs[i]);
            }
        }
        return releases;
    }
}
