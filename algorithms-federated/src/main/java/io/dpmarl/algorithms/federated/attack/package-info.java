/**
 * Why federated TD(lambda) needs privacy (paper 003 Section 5.1; spec 003 section 3.1): an observer of the
 * uplink and the downlink recovers an agent's private cost.
 */
package io.dpmarl.algorithms.federated.attack;
