package io.dpmarl.planning.team;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The LEARNER {@code planned-execution}'s declared metrics (those its plan step records at step 1, plus the nested
 * planner's) and the assumptions its description must state: the word-DP level and adjacency of Chen et al.,
 * "Differential Privacy in Cooperative Multiagent Planning" (Algorithm 2), that the feasibility graphs and the
 * initial state are public, and that the end of the episode is public too (the environment ends it on the true
 * joint state, outside any privatizer; the planning README's adaptivity argument).
 */
class PlannedExecutionDescriptionTest {

    @Test
    void declaresWhatItRecordsAndStatesItsAssumptions() {
        PlannedExecutionProvider provider = new PlannedExecutionProvider();
        for (String metric : new String[] {"execution_epsilon", "joint_success", "product_success", "product_length",
                "plan_total_correlation", "product_total_correlation", "theorem1_bound", "theorem2_bound",
                "planner_*"}) {
            assertTrue(provider.metrics().contains(metric), metric);
        }
        String description = provider.description();
        assertTrue(description.contains("epsilon-word-DP per agent per episode"), description);
        assertTrue(description.contains("(Hamming-k)"), description);
        assertTrue(description.contains("assumes the feasibility graphs and the initial state are public, and the end "
                + "of the episode too"), description);
        assertTrue(description.contains("neighbouring trajectories are those that leave the end unchanged"),
                description);
        assertTrue(description.contains("sound although each agent's path reacts to the others' releases"),
                description);
        assertTrue(description.contains("they are NaN when privatize-initial-state=true and an agent's initial local "
                + "state has no self-loop"), description);
        assertTrue(description.contains("lower bounds on the success of untruncated episodes, while episode_return "
                + "stops at the environment's horizon"), description);
    }
}
