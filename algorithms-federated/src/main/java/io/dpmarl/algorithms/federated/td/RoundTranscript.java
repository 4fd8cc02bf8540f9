package io.dpmarl.algorithms.federated.td;

import io.dpmarl.core.comm.Message;
import java.util.List;

/**
 * Everything that crossed the network in one round of federated TD(lambda): the uplinks theta_t^i and the
 * downlink broadcast, plus the public transition. An eavesdropper model for the attack demonstration.
 *
 * @param round    t
 * @param state    public s_t
 * @param next     public s_{t+1}
 * @param alpha    public alpha_t
 * @param uplinks  worker-to-master messages, in worker order
 * @param downlink the master's broadcast
 */
public record RoundTranscript(long round, int state, int next, double alpha, List<Message> uplinks, Message downlink) {
    public RoundTranscript {
        uplinks = List.copyOf(uplinks);
    }
}
