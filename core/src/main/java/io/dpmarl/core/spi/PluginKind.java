package io.dpmarl.core.spi;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.Privatizer;

/** The kinds of plugin the {@link Registry} knows, each with the type its providers create. */
public enum PluginKind {
    /** Multi-agent environments. */
    ENVIRONMENT(Environment.class),
    /** Privatizers (mechanisms applied to statistics). */
    PRIVATIZER(Privatizer.class),
    /** Privacy accountants. */
    ACCOUNTANT(Accountant.class),
    /** Privacy events, by mechanism (used by {@code dpmarl privacy}). */
    EVENT(PrivacyEvent.class),
    /** Learners (agents and teams). */
    LEARNER(Learner.class),
    /** Offline planners. */
    PLANNER(Planner.class),
    /** Evaluators that read the exact model (regret, Nash gap, TD error). */
    EVALUATOR(io.dpmarl.core.evaluate.Evaluator.class),
    /** Paper reproductions ({@code dpmarl reproduce}). */
    REPRODUCTION(Reproduction.class);

    private final Class<?> type;

    PluginKind(Class<?> type) {
        this.type = type;
    }

    /** The type a provider of this kind creates. */
    public Class<?> type() {
        return type;
    }

    /** The lower-case name used on the command line. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
