package io.dpmarl.algorithms.tabular.nashvi;

/**
 * The cap of Qup in Algorithm 1 line 10. The paper caps at H rather than H - h + 1; the looser cap slows learning
 * for small K.
 */
public enum Truncation {
    /**
     * {@code min(., H)} as in the paper: the cap of {@link DpNashViConfig#theory}; the {@code dp-nash-vi} plugin
     * defaults to {@link #H_MINUS_H_PLUS_1} in both modes ({@code truncation=H} selects this one).
     */
    H,
    /**
     * {@code min(., H - h + 1)} (paper stages 1..H; our choice, the plugin's default): valid, since true values at
     * stage h lie in [0, H-h+1].
     */
    H_MINUS_H_PLUS_1
}
