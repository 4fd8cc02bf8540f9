package io.dpmarl.examples.reproduce.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad input to a dp-planning run is refused by the CLI with one line naming the parameter and its range, exit code
 * 2, and nothing written: an unreachable target (a target cell on a wall), epsilon not positive, k below 1, and a
 * non-stochastic local kernel (a SysAdmin probability that makes a row sum above 1 cannot be given, so the kernel
 * check is exercised through a repair probability outside [0, 1]).
 */
class PlanningBadInputTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "corridor-gridworld(targets=0:2 4:1);planned-execution(planner=max-reach);target: no target state is reachable",
        "corridor-gridworld;planned-execution(planner=max-reach, epsilon=0);planned-execution: parameter 'epsilon' "
                + "must be in (0, inf)",
        "corridor-gridworld;planned-execution(planner=max-reach, k=0);planned-execution: parameter 'k' must be in [1, ",
        "sysadmin(p-repair=1.5);planned-execution(planner=max-reach);sysadmin: parameter 'p-repair' must be in [0, 1]"})
    void refusedWithOneLineExitTwoAndNothingWritten(String environment, String learner, String message,
                                                   @TempDir Path directory) throws Exception {
        Path spec = directory.resolve("bad.yaml");
        Files.writeString(spec, "name: bad\nenvironment: " + environment + "\nlearner: " + learner
                + "\naccountant: basic\ndelta: 0\nschedule:\n  episodes: 2\ntrials: 1\nseed: 1\nthreads: 1\n");
        Path out = directory.resolve("out");
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int code = Main.execute(new String[] {"run", spec.toString(), "--out", out.toString()},
                new PrintWriter(stdout, true), new PrintWriter(stderr, true), Registry::discover);
        String error = stderr.toString().strip();
        assertEquals(2, code, error);
        assertTrue(error.startsWith("dpmarl: " + message), error);
        assertFalse(error.contains("\n"), "one line: " + error);
        assertEquals("", stdout.toString());
        assertFalse(Files.exists(out), "nothing written on bad input");
    }
}
