package io.dpmarl.planning.synthesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.environments.reachavoid.CorridorGridworld;
import io.dpmarl.environments.reachavoid.SysAdmin;
import io.dpmarl.planning.lp.OjAlgoLinearProgramSolver;
import io.dpmarl.planning.occupancy.PolicyEvaluation;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The minimum-dependency synthesis and the baselines on the paper's games (Chen et al., "Differential Privacy in
 * Cooperative Multiagent Planning", Section 7). Expected values: the authors' figure data (gridworld iterate 0:
 * v = 0.347272, C = 5.152635) and an independent re-implementation of the same programs (the initial guess
 * v = 0.382638, l = 20, C = 6.22204, lambda = 0.33888; SysAdmin "0022" after 20 iterations v = 0.999744,
 * l = 2.953; the gridworld max-reach probability 0.9986393788).
 */
class SynthesisTest {

    @Test
    void gridworldInitialGuessAndFirstIteratesMatchThePublishedTrajectory() {
        TransientModel model = new TransientModel(CorridorGridworld.paper());
        MinimumDependencySynthesis synthesis = new MinimumDependencySynthesis(model,
                new MinimumDependencySynthesis.Coefficients(10, 0.1, 4), 100, 1e-10);
        CcpIterate init = synthesis.initialGuess();
        assertEquals(0.382638, init.success(), 1e-5);
        assertEquals(20, init.length(), 1e-6);
        assertEquals(6.22204, init.totalCorrelation(), 1e-3);
        assertEquals(0.33888, init.multiplier(), 1e-4);
        CcpIterate first = synthesis.step(0, init);
        assertEquals(0.347271607775356, first.success(), 1e-3);
        assertEquals(5.15263533412278, first.totalCorrelation(), 1e-3);
        assertEquals(0, first.multiplier());
        CcpIterate second = synthesis.step(1, first);
        assertEquals(0.363636722631315, second.success(), 1e-3);
        assertEquals(4.68315799524924, second.totalCorrelation(), 1e-3);
        assertTrue(second.objective() >= first.objective());
    }

    /** The CCP surrogate J never decreases (CCP property) and the total correlation falls, on SysAdmin "0022". */
    @Test
    void sysAdminSurrogateNeverDecreasesAndReachesThePublishedValue() {
        TransientModel model = new TransientModel(SysAdmin.paper(SysAdmin.parse("0022")));
        MinimumDependencySynthesis synthesis = new MinimumDependencySynthesis(model,
                new MinimumDependencySynthesis.Coefficients(100, 1, 1), 100, 1e-10);
        List<CcpIterate> iterates = new ArrayList<>();
        synthesis.run(20, iterates::add);
        for (int k = 1; k < iterates.size(); k++) {
            assertTrue(iterates.get(k).objective() >= iterates.get(k - 1).objective() - 1e-9,
                    "J decreased at iteration " + k);
        }
        CcpIterate last = iterates.get(19);
        assertEquals(0.999744877312207, last.success(), 1e-4);
        assertEquals(2.953, last.length(), 0.01);
        assertTrue(last.totalCorrelation() < iterates.get(0).totalCorrelation());
    }

    @Test
    void maxReachValueIterationAndLinearProgramAgree() {
        TransientModel model = new TransientModel(CorridorGridworld.paper());
        MaxReachBaseline baseline = new MaxReachBaseline(model);
        assertEquals(0.9986393788, baseline.value(), 1e-9);
        assertEquals(0.9986393788, PolicyEvaluation.occupancy(model, baseline.policy()).successProbability(), 1e-9);
        TransientModel sysadmin = new TransientModel(SysAdmin.paper(SysAdmin.parse("2233")));
        assertEquals(1, new MaxReachBaseline(sysadmin).value(), 1e-9);
        TransientModel risky = new TransientModel(io.dpmarl.planning.TinyGames.risky());
        assertEquals(0.7, new MaxReachBaseline(risky).value(), 1e-12);
        assertEquals(0.7, MaxReachLinearProgram.solve(risky, 100, new OjAlgoLinearProgramSolver()).value(), 1e-9);
        TransientModel servers = new TransientModel(SysAdmin.paper(SysAdmin.parse("0022")));
        assertEquals(1, MaxReachLinearProgram.solve(servers, 100, new OjAlgoLinearProgramSolver()).value(), 1e-6);
    }
}
