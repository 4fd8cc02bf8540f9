package io.dpmarl.examples.reproduce.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.MetricRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The dp-planning claims on synthetic run metrics built from the paper's and the authors' figure numbers (PASS),
 * and on mutants that a wrong implementation would produce (FAIL): a baseline whose private success did not drop,
 * a synthesis whose total correlation rises, and SysAdmin joint successes of the paper-text coefficients.
 */
class PlanningClaimsTest {

    private static void add(List<MetricRecord> records, String label, long step, String metric, double value) {
        records.add(new MetricRecord(label, 0, 1, step, metric, value));
    }

    private static PlanningRuns baseline(double privateSuccess) {
        List<MetricRecord> records = new ArrayList<>();
        add(records, "base", 1, "planner_success", 0.998639397021477);
        for (int e = 1; e <= 1000; e++) {
            add(records, "base", e, "episode_return", e <= privateSuccess * 1000 ? 1 : 0);
        }
        return new PlanningRuns(records);
    }

    private static PlanningRuns md(boolean rising) {
        List<MetricRecord> records = new ArrayList<>();
        double[] v = {0.347271607775356, 0.363636722631315, 0.409605035967122};
        double[] c = {5.15263533412278, 4.68315799524924, 4.39170326856943};
        for (int k = 0; k < 3; k++) {
            add(records, "md", k + 1, "planner_success", v[k]);
            add(records, "md", k + 1, "total_correlation", rising ? 6 - c[k] : c[k]);
            add(records, "md", k + 1, "planner_objective", 10 * v[k] - 4 * (rising ? 6 - c[k] : c[k]));
        }
        return new PlanningRuns(records);
    }

    private static PlanningRuns sysAdmin(double shift) {
        List<MetricRecord> records = new ArrayList<>();
        for (Map.Entry<String, Double> entry : PlanningClaims.SYSADMIN_V.entrySet()) {
            String label = "environment.initial=" + entry.getKey() + " learner.epsilon=10";
            add(records, label, 1, "joint_success", entry.getValue() - shift);
            add(records, label, 20, "planner_length", 4);
            for (int e = 1; e <= 100; e++) {
                add(records, label, e, "episode_return", 1);
            }
        }
        return new PlanningRuns(records);
    }

    private static ClaimStatus status(List<Claim> claims, String prefix) {
        return claims.stream().filter(c -> c.claim().startsWith(prefix)).findFirst().orElseThrow().status();
    }

    @Test
    void paperLikeRunsPass() {
        List<Claim> claims = PlanningClaims.evaluate(Map.of("gridworld-baseline", baseline(0.125),
                "gridworld-md", md(false), "sysadmin-md", sysAdmin(0)), true);
        for (Claim claim : claims) {
            assertTrue(claim.status() == ClaimStatus.PASS || claim.status() == ClaimStatus.RECORDED, claim.toString());
        }
        assertEquals(ClaimStatus.PASS, status(claims, "A1"));
        assertEquals(ClaimStatus.PASS, status(claims, "A3"));
        assertEquals(ClaimStatus.PASS, status(claims, "S1 0022"));
        assertEquals(ClaimStatus.PASS, status(claims, "S5 2233"));
    }

    @Test
    void mutantsFail() {
        List<Claim> claims = PlanningClaims.evaluate(Map.of("gridworld-baseline", baseline(0.9),
                "gridworld-md", md(true), "sysadmin-md", sysAdmin(0.0015)), true);
        assertEquals(ClaimStatus.FAIL, status(claims, "A4 baseline"));
        assertEquals(ClaimStatus.FAIL, status(claims, "A5 baseline"));
        assertEquals(ClaimStatus.FAIL, status(claims, "A3"));
        assertEquals(ClaimStatus.FAIL, status(claims, "S1 0022"));
    }

    @Test
    void spearmanOfKnownRanks() {
        assertEquals(-1, Ranks.spearman(new double[] {1, 2, 3, 4}, new double[] {9, 7, 5, 1}), 1e-12);
        // ranks (1, 2, 3) vs (1, 3, 2): 1 - 6 * 2 / (3 * 8) = 0.5
        assertEquals(0.5, Ranks.spearman(new double[] {1, 2, 3}, new double[] {1, 3, 2}), 1e-12);
    }
}
