package io.dpmarl.algorithms.federated.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.learner.FederatedTdLearner;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.FederatedCostOracle;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Added after a PIT survey of {@code evaluate}: the recorded figures of the DP federated TD(lambda) paper's plots,
 * recomputed here from their definitions on the learner's state after 30 non-private rounds:
 * {@code td_error = sum_i c^i ||theta_i - theta*||^2}, {@code theta_distance = ||sum_i c^i theta_i - theta*||_2},
 * {@code j_value = Jbar(theta_bar)}, {@code j_fixed_point = Jbar(theta*)} and their difference.
 */
class FederatedTdEvaluatorsFormulaTest {

    @Test
    void recordedFiguresFollowTheirDefinitions() {
        Registry registry = Registry.discover();
        PluginContext base = PluginContext.standalone(registry);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=3, states=6, features=2, model-seed=2)", base);
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class, "federated-td(alpha=0.05, noise=none)",
                base.withEnvironment(environment));
        Observation[] observations = environment.reset(8);
        learner.beginEpisode(0, observations);
        for (int t = 0; t < 30; t++) {
            int[] action = learner.act(t, observations);
            StepResult result = environment.step(action);
            learner.observe(t, action, result);
            observations = result.observations();
        }
        Map<String, Double> values = new HashMap<>();
        TrialMetrics metrics = new TrialMetrics(r -> values.put(r.metric(), r.value()));
        EvaluationContext context = new EvaluationContext(environment, learner, 0, metrics);
        new TdErrorEvaluator().afterEpisode(context);
        new JDeviationEvaluator().afterEpisode(context);

        FederatedTdLambda team = ((FederatedTdLearner) learner).team();
        FederatedCostOracle oracle = environment.capability(FederatedCostOracle.class).orElseThrow();
        double[] thetaStar = oracle.thetaStar(team.tdParameters().gamma(), team.tdParameters().lambda());
        double[][] theta = team.parameters();
        double error = 0;
        double[] average = new double[thetaStar.length];
        for (int i = 0; i < theta.length; i++) {
            double c = team.weights().get(i);
            for (int k = 0; k < thetaStar.length; k++) {
                error += c * (theta[i][k] - thetaStar[k]) * (theta[i][k] - thetaStar[k]);
                average[k] += c * theta[i][k];
            }
        }
        double distance = 0;
        for (int k = 0; k < thetaStar.length; k++) {
            distance += (average[k] - thetaStar[k]) * (average[k] - thetaStar[k]);
        }
        assertTrue(error > 1e-6, "the run has not converged, so the check is not trivial: " + error);
        assertEquals(error, values.get(TdErrorEvaluator.TD_ERROR), 1e-12 * error);
        assertEquals(Math.sqrt(distance), values.get(TdErrorEvaluator.THETA_DISTANCE), 1e-12);
        double value = oracle.averageValue(average);
        double fixedPoint = oracle.averageValue(thetaStar);
        assertEquals(value, values.get(JDeviationEvaluator.J_VALUE), 1e-12);
        assertEquals(fixedPoint, values.get(JDeviationEvaluator.J_FIXED_POINT), 1e-12);
        assertEquals(value - fixedPoint, values.get(JDeviationEvaluator.J_DEVIATION), 1e-12);
        assertTrue(Math.abs(value - fixedPoint) > 1e-9, "deviation not trivially 0");
    }
}
