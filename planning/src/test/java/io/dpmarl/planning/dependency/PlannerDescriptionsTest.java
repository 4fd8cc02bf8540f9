package io.dpmarl.planning.dependency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The PLANNER plugins' public face: their names (the spec strings users write), the metrics they declare (every
 * metric {@link MaxReachPlanner} and {@link MinimumDependencyPlanner} record, as their Javadoc lists) and the
 * assumptions their {@code dpmarl list} descriptions must state (the exact model; what is released).
 */
class PlannerDescriptionsTest {

    @Test
    void minDependencyNamesItselfAndDeclaresItsMetricsAndReleases() {
        PlannerProviders.MinimumDependency provider = new PlannerProviders.MinimumDependency();
        assertEquals("min-dependency", provider.name());
        assertEquals(List.of("planner_success", "planner_length", "total_correlation", "planner_objective",
                "planner_multiplier", "planner_private_success"), provider.metrics());
        assertTrue(provider.description().contains("exact model"), provider.description());
        assertTrue(provider.description().contains("epsilon-word-DP per agent per rollout"), provider.description());
    }

    @Test
    void maxReachNamesItselfAndDeclaresItsMetricsAndReleasesNothing() {
        PlannerProviders.MaxReach provider = new PlannerProviders.MaxReach();
        assertEquals("max-reach", provider.name());
        assertEquals(List.of("planner_success", "planner_length", "total_correlation"), provider.metrics());
        assertTrue(provider.description().contains("exact model, releases nothing"), provider.description());
    }
}
