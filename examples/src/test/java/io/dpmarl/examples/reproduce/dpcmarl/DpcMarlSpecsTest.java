package io.dpmarl.examples.reproduce.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.cli.Main;
import io.dpmarl.examples.reproduce.BundledSpecRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bundled specs (mirrored, named, paper settings in full) and the CLI's handling of bad DPC-MARL input. */
class DpcMarlSpecsTest {
    @TempDir
    Path directory;

    @Test
    void bundledSpecsAreMirroredNameTheirClaimsAndUseThePaperSettingInFull() throws IOException {
        DpcMarlReproduction reproduction = new DpcMarlReproduction();
        for (boolean full : new boolean[] {false, true}) {
            assertEquals(9, reproduction.specs(full).size());
            for (BundledSpec spec : reproduction.specs(full)) {
                String text = BundledSpecRunner.text(spec.resource());
                Path mirror = BundledSpecRunner.mirror(spec.resource());
                assertEquals(Files.readString(mirror), text, "examples/" + mirror + " mirrors " + spec.resource());
                assertTrue(text.contains("name: " + spec.name() + "\n"), spec.resource());
                assertTrue(text.contains("claims: dpc-marl/" + spec.name() + "\n"), spec.resource());
                if (full) {
                    // Table II: 1M steps, 5 seeds, the learner's defaults (64 hidden, 5e-4 / 2.5e-4, rollout 60)
                    // apart from Algorithm 2's advantage and Chu et al.'s reward normalisation
                    assertTrue(text.contains("  steps: 1000000\n"), spec.resource());
                    assertTrue(text.contains("trials: 5\n"), spec.resource());
                    assertTrue(text.contains("learner: dpc-marl-a2c(advantage=counterfactual, reward-scale=0.00125)\n"),
                            spec.resource());
                }
                if (text.contains("scenario=")) {
                    assertTrue(text.contains("collision-truncation=600, observation=relative)\n"), spec.resource());
                }
            }
        }
    }

    private record Result(int code, String out, String err) {
    }

    private static Result cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true), Registry::discover);
        return new Result(code, out.toString(), err.toString());
    }

    private void assertRefused(String setting, String expected) {
        Path out = directory.resolve("bad-" + Math.abs(setting.hashCode()));
        Result result = cli("run", "specs/dpc-marl/catch-up-sgain-0-01-quick.yaml", "--set", setting, "--out",
                out.toString());
        assertEquals(2, result.code(), result.err());
        String message = result.err().strip();
        assertFalse(message.contains("\n"), "one line: " + message);
        assertTrue(message.contains(expected), message);
        assertFalse(Files.exists(out), "nothing written for " + setting);
    }

    @Test
    void badInputIsOneLineExitTwoAndWritesNothing() {
        assertRefused("privatizer.s-gain=-0.5", "s-gain");
        assertRefused("learner.rollout=0", "rollout");
        assertRefused("environment.scenario=overtake", "scenario");
    }

    /**
     * A clipped exchange whose max-coordinates cannot carry the critic is refused when the learner is built, not at
     * the first release. The quick critic reads 15 relative features, its own action one-hot (4) and two neighbour
     * slots (8): 27 inputs, so 27*32 + 32 + 32*32 + 32 + 32 + 1 = 1985 parameters.
     */
    @Test
    void aClippedExchangeTooSmallForTheCriticIsRefusedUpFront() {
        // refused while the run is planned (the learner is built there), before any trial starts
        IllegalArgumentException planned = assertThrows(IllegalArgumentException.class,
                () -> ExperimentPlan.resolve(ExperimentSpec.load(Path.of("specs/dpc-marl/catch-up-clipped-quick.yaml"),
                        List.of("privatizer.max-coordinates=1984")), Registry.discover()));
        assertTrue(planned.getMessage().startsWith("critic-laplace-clipped: the release has 1985"),
                planned.getMessage());
        Path out = directory.resolve("too-small");
        Result result = cli("run", "specs/dpc-marl/catch-up-clipped-quick.yaml", "--set",
                "privatizer.max-coordinates=1984", "--out", out.toString());
        assertEquals(2, result.code(), result.err());
        assertEquals("dpmarl: critic-laplace-clipped: the release has 1985 coordinates, but max-coordinates must be in"
                + " [1985, inf) for it, got 1984", result.err().strip());
        assertFalse(Files.exists(out));
        Path fits = directory.resolve("fits");
        assertEquals(0, cli("run", "specs/dpc-marl/catch-up-clipped-quick.yaml", "--set",
                "privatizer.max-coordinates=1985", "--set", "schedule.episodes=1", "--no-plots", "--out",
                fits.toString()).code());
    }

    @Test
    void theSameSeedGivesIdenticalMetricsAtAnyThreadCount() throws IOException {
        Path one = directory.resolve("one");
        Path two = directory.resolve("two");
        for (Object[] run : new Object[][] {{one, "1"}, {two, "2"}}) {
            Result result = cli("run", "specs/dpc-marl/catch-up-sgain-0-01-quick.yaml", "--set", "episodes=3",
                    "--set", "trials=2", "--threads", (String) run[1], "--out", run[0].toString());
            assertEquals(0, result.code(), result.err());
        }
        assertEquals(Files.readString(one.resolve("metrics.csv")), Files.readString(two.resolve("metrics.csv")));
        assertEquals(Files.readString(one.resolve("privacy.csv")), Files.readString(two.resolve("privacy.csv")));
    }

    @Test
    void theLedgerReportsEpsilonForTheClippedExchangeAndNoGuaranteeForTheNominalOne() throws IOException {
        // one 600-step episode = 10 rollouts of 60 = 10 exchanges, each a release by every one of the 8 agents, and
        // each release charged to all 8 agent keys (every critic depends on every agent's data through the platoon):
        // 8 x 10 = 80 releases on every key; clipped: epsilon 1 each, basic composition 80; nominal: no formal
        // guarantee (infinity), never a number
        Path clipped = directory.resolve("clipped");
        Result first = cli("run", "specs/dpc-marl/catch-up-clipped-quick.yaml", "--set", "episodes=1", "--out",
                clipped.toString());
        assertEquals(0, first.code(), first.err());
        String rows = Files.readString(clipped.resolve("privacy.csv"));
        for (int agent = 0; agent < 8; agent++) {
            assertTrue(rows.contains(",1,agent/" + agent + ",80,80.0,"), rows);
        }
        Path nominal = directory.resolve("nominal");
        Result second = cli("run", "specs/dpc-marl/slow-down-sgain-0-1-quick.yaml", "--set", "episodes=1", "--out",
                nominal.toString());
        assertEquals(0, second.code(), second.err());
        String nominalRows = Files.readString(nominal.resolve("privacy.csv"));
        assertTrue(nominalRows.contains(",1,agent/3,80,Infinity,no formal guarantee"), nominalRows);
    }
}
