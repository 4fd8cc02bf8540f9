/**
 * The federated-TD evaluators ({@code td-error}, {@code j-deviation}): the experimenter's instruments, which read the
 * environment's exact oracle (theta*, Jbar) and the workers' parameters; their metrics are written in the clear,
 * outside the privacy guarantee (which covers the master's broadcasts only); learners never read the oracle.
 */
package io.dpmarl.algorithms.federated.evaluate;
