package io.dpmarl.algorithms.linear.dpcmarl;

/**
 * An independent transcription, in plain arrays and loops, of one shared-trunk A2C agent's update as the reference
 * code's combined loss defines it: trunk {@code h = relu(relu(o W0 + b0) W1 + b1)}, actor head {@code z = h Wa + ba},
 * critic head on {@code x = [h, own one-hot (action-value critic only), neighbour one-hots]} (linear, or one ReLU
 * layer), loss {@code (1/n) sum_t [-(A_t log pi(a_t) + c_e H_t)] + c_v (1/n) sum_t (1/2)(R_t - V_t)^2}, gradients by
 * the chain rule written out per parameter, one RMSProp (decay 0.99, epsilon 1e-5 under the root, mean square
 * starting at 1) after one global-norm clip. Shares no code with the class under test (not even its losses).
 */
final class SharedTrunkReference {
    private final int inputs;
    private final int hidden;
    private final int actions;
    private final int slots;
    private final boolean ownAction;
    private final boolean hiddenHead;
    private final double[] p;
    private final double[] s;

    SharedTrunkReference(int inputs, int hidden, int actions, int slots, boolean ownAction, boolean hiddenHead,
                         double[] parameters) {
        this.inputs = inputs;
        this.hidden = hidden;
        this.actions = actions;
        this.slots = slots;
        this.ownAction = ownAction;
        this.hiddenHead = hiddenHead;
        this.p = parameters.clone();
        this.s = new double[parameters.length];
        java.util.Arrays.fill(s, 1.0);
    }

    double[] parameters() {
        return p.clone();
    }

    private int width() {
        return hidden + (ownAction ? actions : 0) + slots * actions;
    }

    // offsets of the parameter blocks, in the order trunk (W0, b0, W1, b1), actor head (Wa, ba), critic head
    private int w0() {
        return 0;
    }

    private int b0() {
        return inputs * hidden;
    }

    private int w1() {
        return b0() + hidden;
    }

    private int b1() {
        return w1() + hidden * hidden;
    }

    private int wa() {
        return b1() + hidden;
    }

    private int ba() {
        return wa() + hidden * actions;
    }

    private int wc() {
        return ba() + actions;
    }

    private int bc() {
        return wc() + width() * (hiddenHead ? hidden : 1);
    }

    private int wc1() {
        return bc() + hidden;
    }

    private int bc1() {
        return wc1() + hidden;
    }

    double[] trunk(double[] o, double[] z1) {
        double[] h = new double[hidden];
        for (int j = 0; j < hidden; j++) {
            double sum = p[b0() + j];
            for (int i = 0; i < inputs; i++) {
                sum += o[i] * p[w0() + i * hidden + j];
            }
            z1[j] = Math.max(0, sum);
        }
        for (int j = 0; j < hidden; j++) {
            double sum = p[b1() + j];
            for (int i = 0; i < hidden; i++) {
                sum += z1[i] * p[w1() + i * hidden + j];
            }
            h[j] = Math.max(0, sum);
        }
        return h;
    }

    double[] policy(double[] h) {
        double[] z = new double[actions];
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < actions; k++) {
            z[k] = p[ba() + k];
            for (int j = 0; j < hidden; j++) {
                z[k] += h[j] * p[wa() + j * actions + k];
            }
            max = Math.max(max, z[k]);
        }
        double sum = 0;
        for (int k = 0; k < actions; k++) {
            z[k] = Math.exp(z[k] - max);
            sum += z[k];
        }
        for (int k = 0; k < actions; k++) {
            z[k] /= sum;
        }
        return z;
    }

    double[] criticInput(double[] h, int own, int[] neighbourActions) {
        double[] x = new double[width()];
        System.arraycopy(h, 0, x, 0, hidden);
        int offset = hidden;
        if (ownAction) {
            x[offset + own] = 1;
            offset += actions;
        }
        for (int k = 0; k < neighbourActions.length; k++) {
            x[offset + k * actions + neighbourActions[k]] = 1;
        }
        return x;
    }

    /** The head's value at {@code x}; {@code u} receives the hidden layer's activations (hidden head only). */
    double value(double[] x, double[] u) {
        if (!hiddenHead) {
            double v = p[bc()];
            for (int i = 0; i < x.length; i++) {
                v += x[i] * p[wc() + i];
            }
            return v;
        }
        double v = p[bc1()];
        for (int j = 0; j < hidden; j++) {
            double sum = p[bc() + j];
            for (int i = 0; i < x.length; i++) {
                sum += x[i] * p[wc() + i * hidden + j];
            }
            u[j] = Math.max(0, sum);
            v += u[j] * p[wc1() + j];
        }
        return v;
    }

    double value(double[] o, int own, int[] neighbourActions) {
        double[] h = trunk(o, new double[hidden]);
        return value(criticInput(h, own, neighbourActions), new double[hidden]);
    }

    /** One update on the rollout; {@code form} 0 = n-step, 1 = counterfactual, 2 = return minus expected Q. */
    void update(double[][] o, int[] a, int[][] neighbourActions, double[] r, double gamma, double bootstrap,
                int form, boolean normalise, double entropy, double valueCoefficient, double lr, double clip) {
        int n = r.length;
        double[] returns = new double[n];
        double running = bootstrap;
        for (int t = n - 1; t >= 0; t--) {
            running = r[t] + gamma * running;
            returns[t] = running;
        }
        double[][] z1 = new double[n][hidden];
        double[][] h = new double[n][];
        double[][] pi = new double[n][];
        double[][] x = new double[n][];
        double[][] u = new double[n][hidden];
        double[] v = new double[n];
        double[] advantage = new double[n];
        for (int t = 0; t < n; t++) {
            h[t] = trunk(o[t], z1[t]);
            pi[t] = policy(h[t]);
            x[t] = criticInput(h[t], a[t], neighbourActions[t]);
            v[t] = value(x[t], u[t]);
            if (form == 0) {
                advantage[t] = returns[t] - v[t];
            } else {
                double expected = 0;
                double taken = 0;
                for (int b = 0; b < actions; b++) {
                    double q = value(criticInput(h[t], b, neighbourActions[t]), new double[hidden]);
                    expected += pi[t][b] * q;
                    taken = b == a[t] ? q : taken;
                }
                advantage[t] = (form == 1 ? taken : returns[t]) - expected;
            }
        }
        if (normalise && n > 1) {
            double mean = 0;
            for (double value : advantage) {
                mean += value / n;
            }
            double variance = 0;
            for (double value : advantage) {
                variance += (value - mean) * (value - mean) / n;
            }
            for (int t = 0; t < n; t++) {
                advantage[t] = (advantage[t] - mean) / (Math.sqrt(variance) + 1e-8);
            }
        }
        double[] g = new double[p.length];
        for (int t = 0; t < n; t++) {
            double ent = 0;
            for (double q : pi[t]) {
                ent -= q > 0 ? q * Math.log(q) : 0;
            }
            double[] dz = new double[actions];
            for (int k = 0; k < actions; k++) {
                double q = pi[t][k];
                dz[k] = (advantage[t] * (q - (k == a[t] ? 1 : 0)) + (q > 0 ? entropy * q * (Math.log(q) + ent) : 0))
                        / n;
            }
            double dv = valueCoefficient * (v[t] - returns[t]) / n;
            double[] dh = new double[hidden];
            for (int k = 0; k < actions; k++) {
                g[ba() + k] += dz[k];
                for (int j = 0; j < hidden; j++) {
                    g[wa() + j * actions + k] += h[t][j] * dz[k];
                    dh[j] += p[wa() + j * actions + k] * dz[k];
                }
            }
            double[] dx = new double[width()];
            if (!hiddenHead) {
                g[bc()] += dv;
                for (int i = 0; i < dx.length; i++) {
                    g[wc() + i] += x[t][i] * dv;
                    dx[i] = p[wc() + i] * dv;
                }
            } else {
                g[bc1()] += dv;
                for (int j = 0; j < hidden; j++) {
                    g[wc1() + j] += u[t][j] * dv;
                    double du = u[t][j] > 0 ? p[wc1() + j] * dv : 0;
                    g[bc() + j] += du;
                    for (int i = 0; i < dx.length; i++) {
                        g[wc() + i * hidden + j] += x[t][i] * du;
                        dx[i] += p[wc() + i * hidden + j] * du;
                    }
                }
            }
            for (int j = 0; j < hidden; j++) {
                dh[j] = h[t][j] > 0 ? dh[j] + dx[j] : 0;
            }
            double[] dz1 = new double[hidden];
            for (int j = 0; j < hidden; j++) {
                g[b1() + j] += dh[j];
                for (int i = 0; i < hidden; i++) {
                    g[w1() + i * hidden + j] += z1[t][i] * dh[j];
                    dz1[i] += p[w1() + i * hidden + j] * dh[j];
                }
            }
            for (int i = 0; i < hidden; i++) {
                if (z1[t][i] <= 0) {
                    continue;
                }
                g[b0() + i] += dz1[i];
                for (int k = 0; k < inputs; k++) {
                    g[w0() + k * hidden + i] += o[t][k] * dz1[i];
                }
            }
        }
        double norm = 0;
        for (double value : g) {
            norm += value * value;
        }
        norm = Math.sqrt(norm);
        double scale = norm > clip ? clip / norm : 1;
        for (int k = 0; k < p.length; k++) {
            double gradient = g[k] * scale;
            s[k] = 0.99 * s[k] + 0.01 * gradient * gradient;
            p[k] -= lr * gradient / Math.sqrt(s[k] + 1e-5);
        }
    }
}
