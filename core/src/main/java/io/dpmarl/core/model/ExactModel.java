package io.dpmarl.core.model;

/**
 * Marks a capability that reveals an environment's exact dynamics (transition kernels, the true value function or
 * fixed point). Evaluators and planners may read an exact model; learners never do, since a learner's guarantee
 * and its regret are about learning from data it does not already have. The build checks this
 * ({@code ArchitectureTest}): outside evaluators and planners, no class of the algorithm modules depends on a
 * type that extends this interface. Public structure a learner is told in advance (features, aggregation weights,
 * a known reward table) does not extend it.
 */
public interface ExactModel {
}
