package io.dpmarl.algorithms.tabular.qd;

import java.util.Arrays;
import java.util.Optional;

/**
 * A per-agent list of one noise parameter of DP-QD-Learning (Qiao et al., eq. 5: every agent i has its own
 * {@code s_i} and {@code q_i}), written {@code v_1;v_2;...;v_N} (semicolon-separated, one value per agent), or
 * absent ({@code none}): every agent then uses the privatizer's single value.
 *
 * @param name   the parameter's name, for messages
 * @param values the listed values, agent by agent
 */
public record AgentNoiseList(String name, double[] values) {

    /** A list; every value must satisfy the parameter's range (checked by {@link #parse}). */
    public AgentNoiseList {
        values = values.clone();
    }

    /**
     * Parses {@code text}: {@code none} gives empty; otherwise semicolon-separated reals, each in
     * {@code (0, inf)} when {@code upTo1} is false, in {@code (0, 1]} when it is true.
     *
     * @throws IllegalArgumentException naming the parameter and the accepted range
     */
    public static Optional<AgentNoiseList> parse(String name, String text, boolean upTo1) {
        if (text.strip().equals("none")) {
            return Optional.empty();
        }
        String range = upTo1 ? "(0, 1]" : "(0, inf)";
        String[] parts = text.split(";", -1);
        double[] values = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].strip();
            double value;
            try {
                value = Double.parseDouble(part);
            } catch (NumberFormatException e) {
                value = Double.NaN;
            }
            boolean ok = value > 0 && (upTo1 ? value <= 1 : value < Double.POSITIVE_INFINITY);
            if (!ok) {
                throw new IllegalArgumentException("parameter '" + name + "' must list values in " + range
                        + " separated by ';', got '" + part + "' at position " + (i + 1));
            }
            values[i] = value;
        }
        return Optional.of(new AgentNoiseList(name, values));
    }

    /** The value of agent {@code agent} of {@code agents}; the list must have exactly {@code agents} values. */
    public double valueOf(int agent, int agents) {
        if (values.length != agents) {
            throw new IllegalArgumentException("parameter '" + name + "' must list one value per agent (" + agents
                    + "), got " + values.length);
        }
        return values[agent];
    }

    /** The values, agent by agent. */
    @Override
    public double[] values() {
        return values.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AgentNoiseList list && list.name.equals(name) && Arrays.equals(list.values, values);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return name + "=" + Arrays.toString(values);
    }
}
