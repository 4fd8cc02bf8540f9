/**
 * The random federated Markov cost process of Zeng et al., "Differentially private federated
 * TD(lambda)", IEEE TPDS 2022, Section 6, and its exact TD(lambda) oracle (the paper's eq. (3), in closed
 * form).
 *
 * <p>N worker agents share one global state of an S-state Markov chain (the fixed policies are folded into the
 * transition matrix P, so the process is a policy-evaluation problem). Every agent has a private mean cost
 * function R^i(s, s') and observes noisy instantaneous costs r_t^i. Linear features Phi (S x K, full column
 * rank) are public. Nothing in this package is private-data processing: it is the simulated world and its
 * ground truth.
 */
package io.dpmarl.environments.fedtd;
