package io.dpmarl.algorithms.federated.evaluate;

import com.google.auto.service.AutoService;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** The EVALUATOR plugins of federated TD(lambda): {@code td-error} and {@code j-deviation}. */
public final class FederatedTdEvaluatorProviders {
    private FederatedTdEvaluatorProviders() {
    }

    /** Plugin {@code td-error}: {@link TdErrorEvaluator}. */
    @AutoService(PluginProvider.class)
    public static final class TdError implements PluginProvider<Evaluator> {
        @Override
        public PluginKind kind() {
            return PluginKind.EVALUATOR;
        }

        @Override
        public String name() {
            return "td-error";
        }

        @Override
        public String description() {
            return "Federated TD(lambda): after each episode sum_i c^i ||theta^i - theta*||^2 (td_error) and"
                    + " ||c-average theta - theta*|| (theta_distance) against the exact TD(lambda) fixed point.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Evaluator create(Params params, PluginContext context) {
            return new TdErrorEvaluator();
        }
    }

    /** Plugin {@code j-deviation}: {@link JDeviationEvaluator}. */
    @AutoService(PluginProvider.class)
    public static final class JDeviation implements PluginProvider<Evaluator> {
        @Override
        public PluginKind kind() {
            return PluginKind.EVALUATOR;
        }

        @Override
        public String name() {
            return "j-deviation";
        }

        @Override
        public String description() {
            return "Federated TD(lambda): after each episode the J value (state average of the approximate value,"
                    + " j_value), its fixed-point value (j_fixed_point) and their difference (j_deviation).";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Evaluator create(Params params, PluginContext context) {
            return new JDeviationEvaluator();
        }
    }
}
