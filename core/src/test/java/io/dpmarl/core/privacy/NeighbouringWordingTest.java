package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link Neighbouring#AGENT_REWARD} says what its only built-in use (federated TD's master noise) guarantees: one
 * agent's reward or cost at one time step (event level), not its whole reward function.
 */
class NeighbouringWordingTest {
    @Test
    void agentRewardIsEventLevel() {
        assertEquals("runs differing in one agent's reward or cost at one time step (event level)",
                Neighbouring.AGENT_REWARD.description());
    }
}
