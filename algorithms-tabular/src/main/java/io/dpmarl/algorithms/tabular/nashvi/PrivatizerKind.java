package io.dpmarl.algorithms.tabular.nashvi;

/**
 * Which count privatizer DP-Nash-VI uses (Qiao and Wang 2024, Section 5): no privacy (the epsilon =
 * infinity baseline, Nash-VI with this bonus), the central privatizer (binary-tree counters, epsilon-JDP,
 * Section 5.1) or the local privatizer (Laplace on each user's counts, epsilon-LDP, Section 5.2).
 */
public enum PrivatizerKind {
    /** True counts, E = 0, no privacy. */
    NON_PRIVATE("non-private"),
    /** Binary-tree counters over each count stream plus post-processing: epsilon-JDP. */
    CENTRAL("central"),
    /** Laplace noise on each user's indicator vector plus post-processing: epsilon-LDP. */
    LOCAL("local");

    private final String label;

    PrivatizerKind(String label) {
        this.label = label;
    }

    /** The lower-case name used in spec strings and metric labels. */
    public String label() {
        return label;
    }

    /** The kind of a label. */
    public static PrivatizerKind fromLabel(String label) {
        for (PrivatizerKind kind : values()) {
            if (kind.label.equals(label)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("privatizer must be one of non-private, central, local, got " + label);
    }
}
