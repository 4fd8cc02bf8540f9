/**
 * Why federated TD(lambda) needs privacy (Zeng et al., "Differentially private federated TD(lambda)", IEEE TPDS 2022,
 * Section 5.1): an observer of the uplink and the downlink recovers an agent's private cost.
 */
package io.dpmarl.algorithms.federated.attack;
