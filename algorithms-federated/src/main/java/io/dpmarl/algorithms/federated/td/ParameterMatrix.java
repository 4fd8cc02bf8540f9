package io.dpmarl.algorithms.federated.td;

import io.dpmarl.algorithms.federated.kernel.TdKernel;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.model.FederatedWeights;
import io.dpmarl.core.privacy.Statistic;
import java.util.ArrayList;
import java.util.List;

/**
 * The parameter matrix Theta_t of a federated TD(lambda) team (row i = theta_t^i, paper "Differentially private
 * federated temporal difference learning", eq. (2)) read from its {@link TdKernel}, with its consensus quantities
 * under the weights c: the c-average (Theta_t)^T, the disagreement Y_t and the consensus error ||Y_t||_C^2.
 * Read-only: nothing here is released (privacy: none, see {@link FederatedTdMaster}).
 */
final class ParameterMatrix {
    private final TdKernel kernel;
    private final FederatedWeights weights;
    private final int numFeatures;

    /** The matrix held by {@code kernel}, N = {@code weights.size()} rows of K = {@code numFeatures}. */
    ParameterMatrix(TdKernel kernel, FederatedWeights weights, int numFeatures) {
        this.kernel = kernel;
        this.weights = weights;
        this.numFeatures = numFeatures;
    }

    /**
     * {@code initial} (N rows of K) as one N x K row-major array.
     *
     * @throws IllegalArgumentException if there are not N rows of K entries
     */
    static double[] rowMajor(double[][] initial, int workers, int k) {
        if (initial.length != workers) {
            throw new IllegalArgumentException("initial parameters must have one row per worker (" + workers
                    + "), got " + initial.length);
        }
        double[] flat = new double[workers * k];
        for (int i = 0; i < workers; i++) {
            if (initial[i].length != k) {
                throw new IllegalArgumentException("initial theta of worker " + i + " must have K = " + k
                        + " entries, got " + initial[i].length);
            }
            System.arraycopy(initial[i], 0, flat, i * k, k);
        }
        return flat;
    }

    /**
     * Checks that {@code initial} is N x K row-major.
     *
     * @throws IllegalArgumentException if it does not have N x K entries
     */
    static void requireRowMajor(double[] initial, int workers, int k) {
        if (initial.length != (long) workers * k) {
            throw new IllegalArgumentException("initial parameters must have one row of K = " + k
                    + " per worker (" + workers + "), got " + initial.length + " entries");
        }
    }

    /** Round t's uplink messages: worker i sends a copy of theta_t^i to the master, in worker order. */
    List<Message> uplinks(long round) {
        List<Message> uplinks = new ArrayList<>(weights.size());
        for (int i = 0; i < weights.size(); i++) {
            uplinks.add(new Message(i, Message.SERVER, round, new Statistic.Vector(kernel.theta(i))));
        }
        return uplinks;
    }

    /** Theta_t as an N x K copy. */
    double[][] rows() {
        double[][] theta = new double[weights.size()][];
        for (int i = 0; i < theta.length; i++) {
            theta[i] = kernel.theta(i);
        }
        return theta;
    }

    /** The c-average (Theta_t)^T = sum_i c^i theta_t^i, added in worker order. */
    double[] average() {
        double[] average = new double[numFeatures];
        for (int i = 0; i < weights.size(); i++) {
            double c = weights.get(i);
            for (int f = 0; f < numFeatures; f++) {
                average[f] += c * kernel.theta(i, f);
            }
        }
        return average;
    }

    /** The disagreement Y_t = Theta_t - 1 (Theta_t)^T (N x K). */
    double[][] disagreement() {
        double[] average = average();
        double[][] theta = rows();
        for (double[] row : theta) {
            for (int f = 0; f < row.length; f++) {
                row[f] -= average[f];
            }
        }
        return theta;
    }

    /** The consensus error ||Y_t||_C^2 = sum_i c^i ||theta_t^i - (Theta_t)^T||^2. */
    double consensusError() {
        double[] average = average();
        double total = 0;
        for (int i = 0; i < weights.size(); i++) {
            double squared = 0;
            for (int f = 0; f < numFeatures; f++) {
                double value = kernel.theta(i, f) - average[f];
                squared += value * value;
            }
            total += weights.get(i) * squared;
        }
        return total;
    }
}
