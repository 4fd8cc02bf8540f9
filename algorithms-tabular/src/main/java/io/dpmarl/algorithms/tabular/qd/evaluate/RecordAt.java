package io.dpmarl.algorithms.tabular.qd.evaluate;

import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.spi.Param;

/**
 * When a QD evaluator records: after every training episode, or only after episodes 1, 10, 100, ... (log-spaced
 * points of a long run, for reproductions with many trials whose metrics files would otherwise grow large).
 */
enum RecordAt {
    /** After every episode. */
    EVERY,
    /** After episodes 1, 10, 100, 1000, ... (counted from 1). */
    POWERS_OF_TEN;

    /** The spec parameter. */
    static Param param() {
        return Param.string("record-at", "record after every episode, or after episodes 1, 10, 100, ...", "every",
                "powers-of-ten").withDefault("every");
    }

    static RecordAt parse(String value) {
        return value.equals("powers-of-ten") ? POWERS_OF_TEN : EVERY;
    }

    /** True if the evaluator records after episode {@code episode} (from 0). */
    boolean due(long episode) {
        if (this == EVERY) {
            return true;
        }
        long number = episode + 1;
        while (number % 10 == 0) {
            number /= 10;
        }
        return number == 1;
    }

    /** {@code evaluator}, recording only when due. */
    Evaluator wrap(Evaluator evaluator) {
        if (this == EVERY) {
            return evaluator;
        }
        return new Evaluator() {
            @Override
            public void afterEpisode(EvaluationContext context) {
                if (due(context.episode())) {
                    evaluator.afterEpisode(context);
                }
            }
        };
    }
}
