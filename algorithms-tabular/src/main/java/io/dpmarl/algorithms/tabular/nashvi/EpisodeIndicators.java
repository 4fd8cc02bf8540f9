package io.dpmarl.algorithms.tabular.nashvi;

/**
 * One user pair's data of one episode as the privatizers see it: for every stage h the visited
 * {@code (s_h, a_h, b_h)} (as the flat pair index of {@link CountShape#pairIndex}) and the next state
 * {@code s_{h+1}}. It defines the indicator vectors {@code sigma^k_h(s,a,b)} and {@code sigma^k_h(s,a,b,s')}
 * of the paper's visitation counts (Section 3; exactly one 1 per stage and family).
 *
 * @param pairs      {@code pairs[h]} = flat index of {@code (h, s_h, a_h*B + b_h)}
 * @param nextStates {@code nextStates[h]} = {@code s_{h+1}}
 */
public record EpisodeIndicators(int[] pairs, int[] nextStates) {
    public EpisodeIndicators {
        if (pairs.length != nextStates.length) {
            throw new IllegalArgumentException("one pair and one next state per stage are required");
        }
        pairs = pairs.clone();
        nextStates = nextStates.clone();
    }

    /** Adds this episode's indicators to the flat tables {@code N(h,s,a,b)} and {@code N(h,s,a,b,s')}. */
    public void addTo(double[] pairCounts, double[] transitionCounts, int numStates) {
        for (int h = 0; h < pairs.length; h++) {
            pairCounts[pairs[h]] += 1;
            transitionCounts[pairs[h] * numStates + nextStates[h]] += 1;
        }
    }
}
