package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code list}, {@code reproduce}, {@code plot}, {@code --help} and the plugins folder. */
class CommandsTest {
    /** The bundled spec of the test reproductions (a test resource). */
    private static final String TINY = "specs/test-paper/tiny-quick.yaml";

    @Test
    void listShowsEveryKindWithParameters() {
        Cli.Result result = Cli.run("list");
        assertEquals(0, result.code(), result.err());
        for (String kind : List.of("environment", "privatizer", "accountant", "event", "learner", "planner",
                "reproduction")) {
            assertTrue(result.out().contains(kind + " plugins ("), kind);
        }
        assertTrue(result.out().contains("  coordination-game  Smoke test"), result.out());
        assertTrue(result.out().contains("      horizon (integer, default 3, [1, 100000]): stages per episode H"),
                result.out());
        assertTrue(result.out().contains("      alpha (real, default 0.1, (0, 1]): learning rate"), result.out());
        assertTrue(result.out().contains("  laplace  "), result.out());
        Cli.Result onlyLearners = Cli.run("list", "--kind", "learner");
        assertFalse(onlyLearners.out().contains("environment plugins"));
        assertEquals(2, Cli.run("list", "--kind", "gizmo").code());
    }

    @Test
    void helpOnEveryCommandAndSubcommandOfTheWholeTree() {
        List<List<String>> paths = new java.util.ArrayList<>();
        collect(new picocli.CommandLine(new DpmarlCommand()), new java.util.ArrayList<>(), paths);
        assertTrue(paths.size() >= 12, "the walk found " + paths);
        assertTrue(paths.contains(List.of("privacy", "epsilon")) && paths.contains(List.of("privacy", "delta"))
                && paths.contains(List.of("claims")) && paths.contains(List.of("merge")), paths.toString());
        for (List<String> path : paths) {
            List<String> args = new java.util.ArrayList<>(path);
            args.add("--help");
            Cli.Result result = Cli.run(args.toArray(String[]::new));
            String name = String.join(" ", path);
            assertEquals(0, result.code(), name + ": " + result.err());
            assertEquals("", result.err(), name);
            assertTrue(result.out().startsWith(("Usage: dpmarl " + name).strip()), name + ": " + result.out());
            assertTrue(result.out().lines().count() > 2, name + ": " + result.out());
        }
        Cli.Result root = Cli.run("--help");
        assertTrue(root.out().contains("reproduce") && root.out().contains("claims"));
    }

    @Test
    void listShowsAccountingModesNestedPluginParametersDeclaredMetricsAndEvaluators() {
        PluginProvider<io.dpmarl.core.privacy.Privatizer> upFront = new PluginProvider<>() {
            public PluginKind kind() {
                return PluginKind.PRIVATIZER;
            }

            public String name() {
                return "upfront-toy";
            }

            public String description() {
                return "charges a whole stream when it opens";
            }

            public ParamSpec parameters() {
                return ParamSpec.of(io.dpmarl.core.spi.Param.real("epsilon", "budget").above(0).finite());
            }

            public io.dpmarl.core.privacy.Privatizer create(Params params, PluginContext context) {
                return new io.dpmarl.core.fixtures.ToyPrivatizer() {
                    @Override
                    public io.dpmarl.core.privacy.StreamAccounting accounting(java.util.OptionalLong length) {
                        return new io.dpmarl.core.privacy.StreamAccounting.UpFront(event(), length.orElseThrow(() ->
                                new IllegalArgumentException("upfront-toy needs the stream length")));
                    }
                };
            }
        };
        PluginProvider<io.dpmarl.core.evaluate.Evaluator> evaluator = new PluginProvider<>() {
            public PluginKind kind() {
                return PluginKind.EVALUATOR;
            }

            public String name() {
                return "gap-toy";
            }

            public String description() {
                return "records a gap";
            }

            public ParamSpec parameters() {
                return ParamSpec.none();
            }

            @Override
            public List<String> metrics() {
                return List.of("gap", "gap_agent_*");
            }

            public io.dpmarl.core.evaluate.Evaluator create(Params params, PluginContext context) {
                return new io.dpmarl.core.evaluate.Evaluator() {
                };
            }
        };
        Cli.Result result = Cli.run(loader -> {
            Registry found = Registry.discover(loader);
            List<PluginProvider<?>> providers = new java.util.ArrayList<>();
            for (PluginKind kind : PluginKind.values()) {
                providers.addAll(found.list(kind));
            }
            providers.add(upFront);
            providers.add(evaluator);
            return Registry.of(providers);
        }, "list");
        assertEquals(0, result.code(), result.err());
        assertTrue(result.out().contains("  upfront-toy [up-front]  charges a whole stream"), result.out());
        assertTrue(result.out().contains("  laplace [per-release]  "), result.out());
        assertTrue(result.out().contains("evaluator plugins ("), result.out());
        assertTrue(result.out().contains("\n  gap-toy  records a gap\n      records: gap, gap_agent_*"), result.out());
        assertTrue(result.out().contains("privatizer (<privatizer plugin>, default none, a privatizer plugin spec or "
                + "none): "), result.out());
        assertTrue(result.out().contains("metrics every run records: episode_return, return_agent_<i> (one per agent, "
                + "with several agents), epsilon_spent"), result.out());
        Cli.Result evaluators = Cli.run("list", "--kind", "evaluator");
        assertEquals(0, evaluators.code());
        assertTrue(evaluators.out().startsWith("evaluator plugins ("), evaluators.out());
        assertTrue(Cli.run("list", "--kind", "gizmo").err().contains("accepted: environment, privatizer, accountant, "
                + "event, learner, planner, evaluator, reproduction"));
    }

    private static void collect(picocli.CommandLine command, List<String> path, List<List<String>> paths) {
        paths.add(List.copyOf(path));
        for (var entry : command.getSubcommands().entrySet()) {
            if (!entry.getValue().getCommandName().equals(entry.getKey())) {
                continue; // an alias
            }
            path.add(entry.getKey());
            collect(entry.getValue(), path, paths);
            path.remove(path.size() - 1);
        }
    }

    /** A provider that is only reachable through a jar's service file (the plugins-folder test). */
    public static final class FolderFixtureProvider implements PluginProvider<Environment> {
        @Override
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        @Override
        public String name() {
            return "folder-fixture";
        }

        @Override
        public String description() {
            return "found through a plugins folder";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Environment create(Params params, PluginContext context) {
            throw new UnsupportedOperationException("listing only");
        }
    }

    @Test
    void pluginsFolderAddsJars(@TempDir Path directory) throws Exception {
        Path folder = directory.resolve("plugins");
        Files.createDirectories(folder);
        try (OutputStream file = Files.newOutputStream(folder.resolve("fixture.jar"));
             JarOutputStream jar = new JarOutputStream(file)) {
            jar.putNextEntry(new JarEntry("META-INF/services/" + PluginProvider.class.getName()));
            jar.write((FolderFixtureProvider.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        assertFalse(Cli.run("list").out().contains("folder-fixture"));
        Cli.Result withFolder = Cli.run("--plugins", folder.toString(), "list", "--kind", "environment");
        assertEquals(0, withFolder.code(), withFolder.err());
        assertTrue(withFolder.out().contains("  folder-fixture  found through a plugins folder"), withFolder.out());
        Cli.Result inherited = Cli.run("list", "--plugins", folder.toString());
        assertTrue(inherited.out().contains("folder-fixture"), inherited.out());
        String previous = System.getProperty("dpmarl.plugins");
        System.setProperty("dpmarl.plugins", folder.toString());
        try {
            assertTrue(Cli.run("list").out().contains("folder-fixture"));
        } finally {
            if (previous == null) {
                System.clearProperty("dpmarl.plugins");
            } else {
                System.setProperty("dpmarl.plugins", previous);
            }
        }
        Cli.Result missing = Cli.run("--plugins", directory.resolve("nope").toString(), "list");
        assertEquals(2, missing.code());
        assertEquals("dpmarl: plugin folder '" + directory.resolve("nope") + "' does not exist", missing.err().strip());
    }

    @Test
    void aCrashingReproductionIsAFailRowAndTheOthersStillRun(@TempDir Path directory) throws Exception {
        PluginProvider<Reproduction> crashing = new PluginProvider<>() {
            @Override
            public PluginKind kind() {
                return PluginKind.REPRODUCTION;
            }

            @Override
            public String name() {
                return "paper-0-crash";
            }

            @Override
            public String description() {
                return "throws";
            }

            @Override
            public ParamSpec parameters() {
                return ParamSpec.none();
            }

            @Override
            public Reproduction create(Params params, PluginContext context) {
                return new Reproduction() {
                    @Override
                    public String paperId() {
                        return "paper-0-crash";
                    }

                    @Override
                    public List<io.dpmarl.core.experiment.BundledSpec> specs(boolean full) {
                        return List.of(new io.dpmarl.core.experiment.BundledSpec("tiny", TINY));
                    }

                    @Override
                    public List<Claim> claims(io.dpmarl.core.experiment.ClaimInputs inputs) {
                        throw new IllegalStateException("solver diverged");
                    }
                };
            }
        };
        Registry registry = withBuiltIns(crashing, reproduction("paper-a", false));
        Cli.Result result = Cli.run(loader -> registry, "reproduce", "--out", directory.toString());
        assertEquals(1, result.code());
        assertEquals("paper,claim,expected,measured,status\n"
                + "paper-0-crash,claims step runs to completion,no error,error: solver diverged,FAIL\n"
                + "paper-a,\"A1 regret, sublinear\",slope < 0.8,0.5,PASS\n"
                + "paper-a,A2 constant,c = 3,2.9,RECORDED\n", Files.readString(directory.resolve("claims.csv")));
    }

    /** The built-in plugins (the bundled spec needs them) plus test reproductions, in place of the bundled ones. */
    private static Registry withBuiltIns(PluginProvider<?>... reproductions) {
        Registry found = Registry.discover();
        List<PluginProvider<?>> providers = new java.util.ArrayList<>();
        for (PluginKind kind : PluginKind.values()) {
            if (kind != PluginKind.REPRODUCTION) {
                providers.addAll(found.list(kind));
            }
        }
        providers.addAll(List.of(reproductions));
        return Registry.of(providers);
    }

    private static PluginProvider<Reproduction> reproduction(String paper, boolean fails) {
        return new PluginProvider<>() {
            @Override
            public PluginKind kind() {
                return PluginKind.REPRODUCTION;
            }

            @Override
            public String name() {
                return paper;
            }

            @Override
            public String description() {
                return "test reproduction";
            }

            @Override
            public ParamSpec parameters() {
                return ParamSpec.none();
            }

            @Override
            public Reproduction create(Params params, PluginContext context) {
                return new Reproduction() {
                    @Override
                    public String paperId() {
                        return paper;
                    }

                    @Override
                    public List<io.dpmarl.core.experiment.BundledSpec> specs(boolean full) {
                        return List.of(new io.dpmarl.core.experiment.BundledSpec("tiny", TINY));
                    }

                    @Override
                    public List<Claim> claims(io.dpmarl.core.experiment.ClaimInputs inputs) throws java.io.IOException {
                        inputs.metrics("tiny");
                        return List.of(Claim.check(paper, "A1 regret, sublinear", "slope < 0.8", "0.5", !fails),
                                Claim.recorded(paper, "A2 constant", "c = 3", "2.9"));
                    }
                };
            }
        };
    }

    @Test
    void reproduceWithNothingRegisteredSaysSo(@TempDir Path directory) throws Exception {
        Cli.Result result = Cli.run(loader -> Registry.of(List.of()), "reproduce", "--out", directory.toString());
        assertEquals(0, result.code(), result.err());
        assertTrue(result.out().contains("no reproductions are registered yet"), result.out());
        assertEquals("paper,claim,expected,measured,status\n", Files.readString(directory.resolve("claims.csv")));
    }

    @Test
    void reproducePrintsTheClaimTableAndWritesClaimsCsv(@TempDir Path directory) throws Exception {
        Registry registry = withBuiltIns(reproduction("paper-a", false), reproduction("paper-b", true));
        Cli.Result passing = Cli.run(loader -> registry, "reproduce", "paper-a", "--out", directory.toString());
        assertEquals(0, passing.code(), passing.err());
        assertTrue(passing.out().contains("paper    claim                 paper value  measured  status"),
                passing.out());
        assertTrue(passing.out().contains("paper-a  A1 regret, sublinear  slope < 0.8  0.5       PASS"), passing.out());
        assertTrue(passing.out().contains("RECORDED"));
        assertEquals("paper,claim,expected,measured,status\n"
                + "paper-a,\"A1 regret, sublinear\",slope < 0.8,0.5,PASS\n"
                + "paper-a,A2 constant,c = 3,2.9,RECORDED\n", Files.readString(directory.resolve("claims.csv")));
        assertTrue(Files.size(directory.resolve("paper-a/tiny/metrics.csv")) > 0);
        assertTrue(Files.size(directory.resolve("paper-a/tiny/aggregate.csv")) > 0);
        assertTrue(Files.size(directory.resolve("paper-a/tiny/plots/episode_return.png")) > 0);
        assertTrue(Files.isRegularFile(directory.resolve("paper-a/reproduction.json")));

        Path again = directory.resolve("all");
        Cli.Result all = Cli.run(loader -> registry, "reproduce", "--all", "--full", "--out", again.toString());
        assertEquals(1, all.code(), "a FAIL row exits 1");
        assertTrue(all.out().contains("FAIL"));
        assertEquals(5, Files.readAllLines(again.resolve("claims.csv")).size());

        assertEquals(2, Cli.run(loader -> registry, "reproduce", "paper-z", "--out", directory.toString()).code());
        assertEquals(2, Cli.run(loader -> registry, "reproduce", "--quick", "--full").code());
    }

    @Test
    void plotRedrawsFromAggregateCsv(@TempDir Path directory) throws Exception {
        Path run = directory.resolve("run");
        assertEquals(0, Cli.run("run", Cli.smokeSpec().toString(), "--set", "episodes=10", "--set", "trials=2",
                "--out", run.toString()).code());
        Files.delete(run.resolve("plots/episode_return.png"));
        Cli.Result result = Cli.run("plot", run.toString(), "--metric", "episode_return");
        assertEquals(0, result.code(), result.err());
        assertTrue(Files.size(run.resolve("plots/episode_return.png")) > 0);
        Cli.Result missing = Cli.run("plot", directory.resolve("nope").toString());
        assertEquals(2, missing.code());
        assertEquals("dpmarl: run directory '" + directory.resolve("nope") + "' has no aggregate.csv or metrics.csv",
                missing.err().strip());
        assertEquals(2, Cli.run("plot", run.toString(), "--metric", "no_such").code());
    }
}
