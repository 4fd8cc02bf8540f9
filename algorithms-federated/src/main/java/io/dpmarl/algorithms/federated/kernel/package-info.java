/**
 * The flat-array kernel of federated TD(lambda) (paper "Differentially private federated temporal difference
 * learning", eq. (2) in compact form): all workers' parameters in one primitive array, one shared public trace,
 * one pass per round that applies every local TD(lambda) step and accumulates the next aggregate, split into
 * fixed blocks of workers so that the result does not depend on the number of threads. No privacy guarantee of
 * its own: the team in {@code io.dpmarl.algorithms.federated.td} releases the aggregate through its stream.
 */
package io.dpmarl.algorithms.federated.kernel;
