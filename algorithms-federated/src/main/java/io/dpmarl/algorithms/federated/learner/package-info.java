/**
 * DP federated TD(lambda) as a team {@link io.dpmarl.core.learn.Learner} plugin ({@code federated-td}) over the
 * N workers of a {@code federated-cost-chain} environment: every environment step is one communication round.
 */
package io.dpmarl.algorithms.federated.learner;
