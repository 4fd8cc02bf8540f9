package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Small values of the QD package: the per-agent noise list as a value, the network's dimensions. */
class QdAccessorsTest {

    /** Equal lists (same name, same values) have equal hash codes; the text shows the name and the values. */
    @Test
    void agentNoiseListIsAValue() {
        AgentNoiseList first = new AgentNoiseList("qs", new double[] {1, 0.5});
        AgentNoiseList second = AgentNoiseList.parse("qs", "1;0.5", true).orElseThrow();
        assertEquals(first, second);
        assertEquals(first.hashCode(), second.hashCode());
        String text = first.toString();
        assertTrue(text.contains("qs") && text.contains("0.5"), text);
    }

    /** A network of 2 agents, 3 states and 4 actions reports those dimensions. */
    @Test
    void networkDimensions() {
        QdNetwork network = new QdNetwork(2, 3, 4);
        assertEquals(2, network.agents());
        assertEquals(3, network.states());
        assertEquals(4, network.actions());
    }
}
