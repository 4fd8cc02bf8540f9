package io.dpmarl.algorithms.federated.privacy;

/** The noise the master adds to the aggregate: i.i.d. per coordinate. */
public enum NoiseMechanism {
    /** N(0, sigma^2) per coordinate (paper 003 Algorithm 2). */
    GAUSSIAN,
    /** Lap(0, b) per coordinate (paper 003 Section 6 baseline). */
    LAPLACE
}
