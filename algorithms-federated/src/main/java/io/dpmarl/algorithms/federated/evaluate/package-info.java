/**
 * The federated-TD evaluators ({@code td-error}, {@code j-deviation}): the experimenter's instruments, which read the
 * environment's exact oracle (theta*, Jbar) and release nothing; learners never read it.
 */
package io.dpmarl.algorithms.federated.evaluate;
