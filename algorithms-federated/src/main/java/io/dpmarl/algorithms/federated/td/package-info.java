/**
 * Federated TD(lambda) (paper 003 Algorithm 1) and its differentially private version (Algorithm 2): a
 * trusted master and N workers as separate objects that exchange only the algorithm's messages (uplink
 * theta_t^i, downlink broadcast aggregate), one local TD(lambda) step per communication round on top of the
 * broadcast aggregate, a shared public eligibility trace, row-stochastic weights c.
 *
 * <p>Privacy (Algorithm 2): each broadcast is one release of the run's
 * {@link io.dpmarl.core.privacy.ReleaseStream} (its whole-run guarantee charged once, up front), so noise is added
 * once per round, centrally, to the aggregate only (central DP with a trusted master). The
 * released downlink sequence is protected against a change of one agent's cost at one time (event level,
 * Lemma 7); the uplink is NOT protected: anyone reading theta_t^i and the broadcast recovers r_t^i exactly
 * (see {@link io.dpmarl.algorithms.federated.attack.CostRecoveryAttack}).
 */
package io.dpmarl.algorithms.federated.td;
