/**
 * The privacy accounting of the DP federated TD(lambda) paper (Zeng et al., "Differentially private federated
 * TD(lambda)", IEEE TPDS 2022, Section 5): the paper's literal log-moment bound (Lemma 8) and noise calibration
 * (Theorem 3), which are <b>mathematically unsound</b> and kept only to reproduce the paper, next to the sound
 * closed-form moments (Renyi) bound of the Gaussian mechanism without subsampling that the framework uses by default.
 *
 * <p>{@link io.dpmarl.mechanisms.accounting.paper003.Paper003Bound} holds the paper's formulas,
 * {@link io.dpmarl.mechanisms.accounting.paper003.GaussianMomentsBound} the sound ones, and
 * {@link io.dpmarl.mechanisms.accounting.paper003.Paper003Accountant} exposes the paper's bound as the
 * accountant plugin {@code paper-003(nu=...)}, labelled as the paper's formula.
 */
package io.dpmarl.mechanisms.accounting.paper003;
