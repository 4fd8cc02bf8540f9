package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad plugin parameters found by the input audit: each is refused while the run is built, with one line that names
 * the plugin's own parameter and the accepted range, exit code 2 and no run directory ({@link Cli#assertBadRun}).
 * Before the audit these cases named an internal variable ({@code numAgents}, {@code servers}, {@code numStates}),
 * slipped past the range check ({@code -inf}), exited 1 with an exception (value iteration that cannot converge) or
 * ran out of memory (a network MDP whose dense kernel cannot be stored), or documented a range the plugin did not
 * accept ({@code n} up to 8).
 */
class ParameterRangeAuditTest {

    private static Path spec(Path directory, String environment, String learner, String privatizer,
                             String accountant, String schedule, String evaluators) throws IOException {
        Path file = directory.resolve("spec.yaml");
        Files.writeString(file, "name: audit\nenvironment: \"" + environment + "\"\nlearner: \"" + learner + "\"\n"
                + "privatizer: \"" + privatizer + "\"\naccountant: " + accountant + "\n" + schedule
                + "evaluators: " + evaluators + "\ntrials: 1\nseed: 1\nthreads: 1\nplots: [episode_return]\n");
        return file;
    }

    private static Path cbmp(Path directory, String evaluators) throws IOException {
        return spec(directory, "cbmp(agents=6)", "qd-learning", "none", "basic",
                "schedule:\n  steps: 20\n  step-limit: 10\n", evaluators);
    }

    @Test
    void cbmpNamesAgentsAndDegreeForTheGraphFamily(@TempDir Path directory) throws IOException {
        Path spec = cbmp(directory, "[]");
        Cli.assertBadRun(directory, spec, List.of("environment.agents=2"), "cbmp: parameter 'agents' must be in"
                + " [3, inf) for graph=watts-strogatz, got 2 (use graph=path, ring or complete for 2 agents)");
        Cli.assertBadRun(directory, spec, List.of("environment.agents=4"), "cbmp: parameter 'degree' must be an"
                + " even number in [2, 3] for graph=watts-strogatz with agents=4, got 4");
        Cli.assertBadRun(directory, spec, List.of("environment.graph=barabasi-albert", "environment.agents=3",
                "environment.degree=6"), "cbmp: parameter 'agents' must be in [4, inf) for graph=barabasi-albert"
                + " with degree=6, got 3");
    }

    @Test
    void finiteRealsRefuseMinusInfinityAtTheRangeCheck(@TempDir Path directory) throws IOException {
        Cli.assertBadRun(directory, cbmp(directory, "[]"), List.of("environment.mean-low=-inf"),
                "cbmp: parameter 'mean-low' must be in (-inf, inf), got -inf");
    }

    @Test
    void qdErrorRefusesADiscountItsValueIterationCannotSolve(@TempDir Path directory) throws IOException {
        // before: value iteration gave up after 100 000 sweeps with an IllegalStateException, exit code 1
        Cli.assertBadRun(directory, cbmp(directory, "[qd-error]"), List.of("environment.gamma=0.9999999"),
                "qd-error: the environment's discount (its parameter 'gamma') must be in [0, 0.999] for the exact Q*"
                        + " by value iteration, got 0.9999999");
    }

    @Test
    void environmentsNameTheirOwnParameters(@TempDir Path directory) throws IOException {
        Path sysadmin = spec(directory, "sysadmin(horizon=50)", "planned-execution(planner=max-reach(entropy=0.001))",
                "none", "basic", "schedule:\n  episodes: 2\n", "[]");
        Cli.assertBadRun(directory, sysadmin, List.of("environment.initial="),
                "initial must be digits 0..3, one per server (at least one server), got ''");
        Path chain = spec(directory, "federated-cost-chain(agents=3, states=4, features=2)", "federated-td(noise=none)",
                "none", "rdp", "schedule:\n  steps: 20\n  step-limit: 10\n", "[]");
        Cli.assertBadRun(directory, chain, List.of("environment.states=1"), "federated-cost-chain: parameter"
                + " 'states' must be in [features = 2, inf) for a full-rank feature matrix, got 1");
    }

    @Test
    void networkMdpRefusesAKernelTooLargeToStoreInsteadOfRunningOutOfMemory(@TempDir Path directory)
            throws IOException {
        Path spec = spec(directory, "network-mdp(n=2, q=1, d=2, horizon=3)", "ma-ldp", "none",
                "basic(gaussian-delta=0.01)", "schedule:\n  episodes: 2\n", "[]");
        // n = 7 never fits (3^14 * 2^7 kernel entries at the smallest q and d): the documented range ends at 6
        Cli.assertBadRun(directory, spec, List.of("environment.n=7"),
                "network-mdp: parameter 'n' must be in [1, 6], got 7");
        // before: (q+2)^n 2^(n(d-1)) = 262 144 passed the state-action cap and the 2^30-entry dense kernel ran out
        // of memory
        Cli.assertBadRun(directory, spec, List.of("environment.n=6", "environment.q=2"), "network-mdp: parameters"
                + " n, q and d must give (q+2)^(2n) * 2^(n(d-1)) in [1, 67108864] (the dense exact kernel), got"
                + " 1073741824 for n=6, q=2, d=2");
    }

    @Test
    void privatizerAndLearnerMessagesNameTheParameterThatIsOutOfRange(@TempDir Path directory) throws IOException {
        Path smoke = spec(directory, "coordination-game(horizon=3)", "independent-q",
                "gaussian(epsilon=0.5, delta=0.00001)", "rdp", "schedule:\n  episodes: 2\n", "[]");
        Cli.assertBadRun(directory, smoke, List.of("privatizer.epsilon=1"), "gaussian: parameter 'epsilon' must be"
                + " in (0, 1) with calibration=classic, got 1.0 (calibration=analytic takes any epsilon)");
        Path chain = spec(directory, "federated-cost-chain(agents=3, states=4, features=2)",
                "federated-td(noise=sound)", "none", "rdp", "schedule:\n  steps: 20\n  step-limit: 10\n", "[]");
        Cli.assertBadRun(directory, chain, List.of("learner.epsilon=0.000001"), null);
        String message = Cli.run("run", chain.toString(), "--out", directory.resolve("x").toString(), "--set",
                "learner.epsilon=0.000001").err().strip();
        assertTrue(message.startsWith("dpmarl: epsilon = 1.0E-6 and delta = 1.0E-5 are too small for T = 20 rounds"
                + " of K = 2 features"), message);
        assertTrue(message.contains("must be in [0, 0.5)"), message);
    }

    @Test
    void sizesThatCannotBeBuiltAreRefusedBeforeTheRunStarts(@TempDir Path directory) throws IOException {
        // before: each of these passed the range check and ran out of memory (exit 1) or ran for minutes
        Path nash = spec(directory, "random-zero-sum(S=2, A=2, B=2, H=2)", "dp-nash-vi",
                "nashvi-central-counts(epsilon=1)", "basic", "schedule:\n  episodes: 2\n", "[]");
        Cli.assertBadRun(directory, nash, List.of("environment.S=200000000"), "random-zero-sum: parameters S, A, B"
                + " and H must give H S^2 A B in [1, 16777216] (the dense transition tables), got 320000000000000000"
                + " for S=200000000, A=2, B=2, H=2");
        Cli.assertBadRun(directory, nash, List.of("environment=riverswim(H=100001)"),
                "riverswim: parameter 'H' must be in [1, 100000], got 100001");
        Path chain = spec(directory, "federated-cost-chain(agents=3, states=4, features=2)", "federated-td(noise=none)",
                "none", "rdp", "schedule:\n  steps: 20\n  step-limit: 10\n", "[]");
        Cli.assertBadRun(directory, chain, List.of("environment.states=1025"),
                "federated-cost-chain: parameter 'states' must be in [1, 1024], got 1025");
        Cli.assertBadRun(directory, cbmp(directory, "[]"), List.of("environment.agents=100001"),
                "cbmp: parameter 'agents' must be in [2, 100000], got 100001");
        Path sysadmin = spec(directory, "sysadmin(horizon=50)", "planned-execution(planner=max-reach(entropy=0.001))",
                "none", "basic", "schedule:\n  episodes: 2\n", "[]");
        Cli.assertBadRun(directory, sysadmin, List.of("environment.initial=0000001"),
                "sysadmin: parameter 'initial' must list 1 to 6 servers (the joint model has 4^servers states), got 7");
    }

    @Test
    void sysadminRefusesAnInitialStateThatAlreadyEndsTheGame(@TempDir Path directory) throws IOException {
        // before: refused only inside the trial, after the run directory was made, on two lines of stderr
        Path sysadmin = spec(directory, "sysadmin(horizon=50)", "planned-execution(planner=max-reach(entropy=0.001))",
                "none", "basic", "schedule:\n  episodes: 2\n", "[]");
        String message = "sysadmin: parameter 'initial' must not be a target or avoid state (not every server"
                + " nominal, at most 2 in repair and at most 2 offline), got '";
        Cli.assertBadRun(directory, sysadmin, List.of("environment.initial=0000"), message + "0000'");
        Cli.assertBadRun(directory, sysadmin, List.of("environment.initial=3330"), message + "3330'");
    }

    @Test
    void listShowsTheRangesThatAreEnforced() {
        Cli.Result list = Cli.run("list");
        assertEquals(0, list.code(), list.err());
        assertTrue(list.out().contains("n (integer, default 2, [1, 6]): number of agents"), "network-mdp n");
        assertTrue(list.out().contains("epsilon (real, required, (0, inf)): privacy budget of one release (below 1"
                + " with calibration=classic)"), "gaussian epsilon");
        assertTrue(list.out().contains("agents (integer, default 20, [2, 100000]): number of citizens N (at least 3"
                + " with graph=watts-strogatz)"), "cbmp agents");
        assertTrue(list.out().contains("initial (string, default 0001, any string): initial server states, one digit"
                + " per server (1 to 6 servers)"), "sysadmin initial");
        assertTrue(list.out().contains("bonus-scale (real, default 1.0, [0, inf)): the absolute constant c of beta"
                + " (above 0 for the theorem and eq19 forms)"), "ma-ldp bonus-scale");
    }

    /**
     * min-dependency's occupancy floor keeps the logarithms of the total correlation finite: 0 is refused by the
     * range check, naming the parameter, instead of failing later as an unmeetable length cap.
     */
    @Test
    void minDependencyRefusesAZeroOccupancyFloor(@TempDir Path directory) {
        Path spec = Path.of(Cli.smokeSpec().getParent().toString(), "dp-planning", "gridworld-md-quick.yaml");
        Cli.Result result = Cli.run("run", spec.toString(), "--set", "learner=planned-execution(planner="
                + "min-dependency(iterations=2, floor=0), epsilon=1, k=3)", "--out", directory.resolve("o").toString());
        assertEquals(2, result.code(), result.err());
        String message = result.err().strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.contains("floor") && message.contains("(0, 0.001)"), message);
        assertFalse(Files.exists(directory.resolve("o")));
    }
}
