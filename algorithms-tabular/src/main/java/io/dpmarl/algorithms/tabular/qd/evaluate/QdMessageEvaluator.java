package io.dpmarl.algorithms.tabular.qd.evaluate;

import io.dpmarl.algorithms.tabular.qd.QdNetworkView;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;

/**
 * The messages of a QD network, as an outside eavesdropper sees them (Qiao et al., Section V.C and Fig. 5c), after
 * every training episode: the root-mean-square gap between transmitted and true values over the episode's
 * messages, the root-mean-square noise the privatizer declared for them, and the observed agent's last message
 * next to the true value it hides (the eavesdropper's view: message, truth, step and pair index
 * {@code s * A + a}), and per pair its last message and true value so far (Fig. 5c plots one pair over time).
 * Needs no model; the true values come from the learner, which alone knows them.
 */
public final class QdMessageEvaluator implements Evaluator {
    /** Metric: {@code sqrt(mean over messages of (Qhat - Q)^2)}. */
    public static final String ERROR_RMS = "message_error_rms";
    /** Metric: {@code sqrt(mean over messages of 2 nu(t)^2)}, when the privatizer declares its scale. */
    public static final String DECLARED_RMS = "message_noise_declared_rms";
    /** Metric: the observed agent's last transmitted value. */
    public static final String EAVESDROPPED_MESSAGE = "eavesdropper_message";
    /** Metric: the true value behind it. */
    public static final String EAVESDROPPED_TRUTH = "eavesdropper_true";
    /** Metric: the step t of that message. */
    public static final String EAVESDROPPED_STEP = "eavesdropper_step";
    /** Metric: the pair index {@code s * A + a} of that message. */
    public static final String EAVESDROPPED_PAIR = "eavesdropper_pair";
    /** Metric family {@code eavesdropper_message_s<s>_a<a>}: the observed agent's last message on each pair. */
    public static final String EAVESDROPPED_MESSAGE_PAIR = "eavesdropper_message";
    /** Metric family {@code eavesdropper_true_s<s>_a<a>}: the true value behind it. */
    public static final String EAVESDROPPED_TRUTH_PAIR = "eavesdropper_true";

    @Override
    public void afterEpisode(EvaluationContext context) {
        QdNetworkView view = QdViews.of(context, "qd-messages");
        QdNetworkView.MessageStatistics messages = view.episodeMessages();
        if (messages.releases() == 0) {
            return;
        }
        var metrics = context.metrics();
        metrics.record(ERROR_RMS, Math.sqrt(messages.sumSquaredError() / messages.releases()));
        messages.sumDeclaredVariance().ifPresent(sum -> metrics.record(DECLARED_RMS,
                Math.sqrt(sum / messages.releases())));
        messages.lastObserved().ifPresent(seen -> {
            metrics.record(EAVESDROPPED_MESSAGE, seen.message());
            metrics.record(EAVESDROPPED_TRUTH, seen.truth());
            metrics.record(EAVESDROPPED_STEP, seen.step());
            metrics.record(EAVESDROPPED_PAIR, seen.state() * view.numActions() + seen.action());
        });
        for (int s = 0; s < view.numStates(); s++) {
            for (int a = 0; a < view.numActions(); a++) {
                view.lastObserved(s, a).ifPresent(seen -> {
                    metrics.record(QdViews.pair(EAVESDROPPED_MESSAGE_PAIR, seen.state(), seen.action()),
                            seen.message());
                    metrics.record(QdViews.pair(EAVESDROPPED_TRUTH_PAIR, seen.state(), seen.action()), seen.truth());
                });
            }
        }
    }
}
