package io.dpmarl.core.comm;

import io.dpmarl.core.validation.Checks;
import java.util.HashSet;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Random graph models for communication topologies: Watts-Strogatz small worlds, Erdos-Renyi G(n, p) and
 * Barabasi-Albert scale-free graphs ("human opinion networks are commonly modeled as small-world networks or
 * scale-free networks", Qiao et al., Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning for
 * Networked Social Systems). Each runs in time linear in {@code n} plus the number of edges, so graphs with
 * 100,000 agents are cheap. Combine with {@link GraphGenerator#connected(int)} to redraw until connected.
 */
public final class GraphGenerators {
    private GraphGenerators() {
    }

    /**
     * Watts-Strogatz (1998): the ring lattice in which each agent is joined to its {@code k/2} nearest agents on
     * each side, then each lattice edge (i, i+j) is rewired with probability {@code rewiring} to (i, w) for a
     * uniform w that is neither i nor already a neighbour of i (the edge stays if i is joined to everyone).
     *
     * @param n        agents, at least 3
     * @param k        even lattice degree in [2, n-1]
     * @param rewiring rewiring probability in [0, 1]
     */
    public static GraphGenerator wattsStrogatz(int n, int k, double rewiring) {
        Checks.atLeast("numAgents", n, 3);
        if (k < 2 || k % 2 != 0 || k >= n) {
            throw new IllegalArgumentException("degree must be an even number in [2, " + (n - 1) + "], got " + k);
        }
        Checks.probability("rewiring", rewiring);
        return random -> {
            Set<Long> edges = new HashSet<>();
            int[] degree = new int[n];
            for (int i = 0; i < n; i++) {
                for (int j = 1; j <= k / 2; j++) {
                    addIfAbsent(edges, degree, n, i, (i + j) % n);
                }
            }
            for (int j = 1; j <= k / 2; j++) {
                for (int i = 0; i < n; i++) {
                    if (random.nextDouble() < rewiring && degree[i] < n - 1) {
                        int w = random.nextInt(n);
                        while (w == i || edges.contains(key(n, i, w))) {
                            w = random.nextInt(n);
                        }
                        int old = (i + j) % n;
                        if (edges.remove(key(n, i, old))) {
                            degree[i]--;
                            degree[old]--;
                            addIfAbsent(edges, degree, n, i, w);
                        }
                    }
                }
            }
            return fromKeys(n, edges);
        };
    }

    /**
     * Erdos-Renyi G(n, p): every pair is an edge independently with probability p. Sampled by geometric skips
     * between edges (Batagelj and Brandes 2005), in time linear in n plus the number of edges.
     *
     * @param n agents, at least 1
     * @param p edge probability in [0, 1]
     */
    public static GraphGenerator erdosRenyi(int n, double p) {
        Checks.atLeast("numAgents", n, 1);
        Checks.probability("edgeProbability", p);
        return random -> {
            GraphBuilder builder = CommunicationGraph.builder(n);
            if (p == 0) {
                return builder.build();
            }
            if (p == 1) {
                return CommunicationGraph.complete(n);
            }
            double logQ = Math.log1p(-p);
            long v = 1;
            long w = -1;
            while (v < n) {
                w += 1 + (long) Math.floor(Math.log1p(-random.nextDouble()) / logQ);
                while (w >= v && v < n) {
                    w -= v;
                    v++;
                }
                if (v < n) {
                    builder.addEdge((int) v, (int) w);
                }
            }
            return builder.build();
        };
    }

    /**
     * Barabasi-Albert (1999) preferential attachment: a star on agents {@code 0..m}, then each further agent joins
     * m distinct earlier agents chosen with probability proportional to their degree. Always connected; the mean
     * degree tends to 2m.
     *
     * @param n agents, more than m
     * @param m edges per new agent, at least 1
     */
    public static GraphGenerator barabasiAlbert(int n, int m) {
        Checks.atLeast("edgesPerAgent", m, 1);
        Checks.atLeast("numAgents", n, m + 1);
        return random -> {
            GraphBuilder builder = CommunicationGraph.builder(n);
            long slots = 2L * m * (n - m);
            if (slots > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("numAgents * edgesPerAgent must be below 2^30, got " + n + " * "
                        + m);
            }
            int[] endpoints = new int[(int) slots];
            int size = 0;
            for (int leaf = 1; leaf <= m; leaf++) {
                builder.addEdge(0, leaf);
                endpoints[size++] = 0;
                endpoints[size++] = leaf;
            }
            int[] chosen = new int[m];
            for (int v = m + 1; v < n; v++) {
                int picked = 0;
                while (picked < m) {
                    int target = endpoints[random.nextInt(size)];
                    boolean fresh = true;
                    for (int c = 0; c < picked; c++) {
                        fresh &= chosen[c] != target;
                    }
                    if (fresh) {
                        chosen[picked++] = target;
                    }
                }
                for (int c = 0; c < m; c++) {
                    builder.addEdge(v, chosen[c]);
                    endpoints[size++] = v;
                    endpoints[size++] = chosen[c];
                }
            }
            return builder.build();
        };
    }

    private static long key(int n, int i, int j) {
        return (long) Math.min(i, j) * n + Math.max(i, j);
    }

    private static void addIfAbsent(Set<Long> edges, int[] degree, int n, int i, int j) {
        if (edges.add(key(n, i, j))) {
            degree[i]++;
            degree[j]++;
        }
    }

    private static CommunicationGraph fromKeys(int n, Set<Long> edges) {
        long[] sorted = edges.stream().mapToLong(Long::longValue).sorted().toArray();
        GraphBuilder builder = CommunicationGraph.builder(n);
        for (long edge : sorted) {
            builder.addEdge((int) (edge / n), (int) (edge % n));
        }
        return builder.build();
    }
}
