package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.TestPlugins;
import io.dpmarl.core.privacy.AbstractReleaseStream;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks that refuse a spec before its run directory exists, and what a failing run leaves behind. */
class PreflightTest {
    private static final String SPEC = TestSpecs.bandit("preflight", """
            episodes: 10
            trials: 2
            seed: 5
            plots: [episode_return]
            """);

    /** An accountant that composes approximate events only (so it refuses the test privatizer's pure events). */
    static final class ApproxOnlyProvider implements PluginProvider<Accountant> {
        public PluginKind kind() {
            return PluginKind.ACCOUNTANT;
        }

        public String name() {
            return "approx-only-test";
        }

        public String description() {
            return "test accountant of approximate events";
        }

        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        public Accountant create(Params params, PluginContext context) {
            return new BasicPureAccountant() {
                @Override
                public boolean supports(PrivacyEvent event) {
                    return event instanceof PrivacyEvent.ApproxEvent;
                }
            };
        }
    }

    /**
     * A learner that opens one up-front stream at construction covering the whole schedule: epsilon 0.1 per episode
     * charged at once (like a binary-tree counter sized for K episodes), then plays like {@code greedy-test}. It
     * declares the metric {@code upfront_releases}.
     */
    static final class UpFrontLearnerProvider implements PluginProvider<Learner> {
        public PluginKind kind() {
            return PluginKind.LEARNER;
        }

        public String name() {
            return "upfront-test";
        }

        public String description() {
            return "test learner with an up-front stream";
        }

        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public List<String> metrics() {
            return List.of("upfront_releases", "upfront_agent_*");
        }

        public Learner create(Params params, PluginContext context) {
            long episodes = context.requireSchedule(name()).requireEpisodes(name());
            new AbstractReleaseStream(StreamRequest.of(context.ledger(), LedgerKey.agent(0), context.noise(),
                    name()).withLength(episodes), new StreamAccounting.UpFront(new PrivacyEvent.PureEvent(
                    0.1 * episodes), episodes)) {
                protected Statistic perturb(Statistic input, long round) {
                    return input;
                }
            };
            return context.registry().create(PluginKind.LEARNER, Learner.class, "greedy-test", context);
        }
    }

    private static Registry registry() {
        Registry base = TestPlugins.registry();
        List<PluginProvider<?>> providers = new ArrayList<>();
        for (PluginKind kind : PluginKind.values()) {
            providers.addAll(base.list(kind));
        }
        providers.add(new ApproxOnlyProvider());
        providers.add(new UpFrontLearnerProvider());
        return Registry.of(providers);
    }

    private static IllegalArgumentException refused(String yaml) {
        return assertThrows(IllegalArgumentException.class,
                () -> ExperimentPlan.resolve(ExperimentSpec.parse(yaml, false, "spec"), registry()));
    }

    @Test
    void anAccountantThatCannotComposeThePrivatizersEventsIsRefused() {
        assertEquals("accountant 'approx-only-test' does not support the events of privatizer 'shift-test(epsilon=1)' "
                + "(" + new PrivacyEvent.PureEvent(1).describe() + "); accountants that do: sum-test",
                refused(SPEC.replace("accountant: sum-test", "accountant: approx-only-test")).getMessage());
        // The same privatizer nested in the learner spec is found too.
        assertTrue(refused(SPEC.replace("accountant: sum-test", "accountant: approx-only-test")
                .replace("privatizer: shift-test(epsilon=1)\n", "")
                .replace("greedy-test(exploration=0.3)", "greedy-test(privatizer=shift-test(epsilon=2))"))
                .getMessage().startsWith("accountant 'approx-only-test' does not support the events of privatizer "
                        + "'shift-test(epsilon=2)'"));
    }

    @Test
    void anUpFrontBudgetThatCannotCoverTheScheduleIsRefused() {
        String upFront = SPEC.replace("greedy-test(exploration=0.3)", "upfront-test")
                .replace("privatizer: shift-test(epsilon=1)\n", "") + "budget:\n  epsilon: 2\n";
        // 10 episodes: 1.0 charged up front, within the budget of 2.
        ExperimentPlan.resolve(ExperimentSpec.parse(upFront, false, "spec"), registry());
        // 30 episodes: 3.0 > 2, refused before anything runs.
        assertInstanceOf(PrivacyBudgetExceededException.class, refused(upFront.replace("episodes: 10",
                "episodes: 30")));
    }

    @Test
    void plotsMustBeMetricsTheRunCanRecord() {
        assertEquals("plots: metric 'regret' is not built in and not declared by any plugin of this spec "
                + "(PluginProvider.metrics()); known: episode_return, epsilon_spent",
                refused(SPEC.replace("[episode_return]", "[regret]")).getMessage());
        assertTrue(refused(SPEC.replace("[episode_return]", "[evaluation_return]")).getMessage()
                .startsWith("plots: metric 'evaluation_return'"), "no evaluation in the schedule");
        ExperimentPlan.resolve(ExperimentSpec.parse(SPEC.replace("[episode_return]", "[evaluation_return]")
                + "schedule:\n  evaluate-every: 5\n", false, "spec"), registry());
        // Metrics a plugin declares, exact or as a family.
        String declared = SPEC.replace("greedy-test(exploration=0.3)", "upfront-test")
                .replace("privatizer: shift-test(epsilon=1)\n", "");
        ExperimentPlan.resolve(ExperimentSpec.parse(declared.replace("[episode_return]",
                "[upfront_releases, upfront_agent_3]"), false, "spec"), registry());
    }

    @Test
    void aFailureBeforeAnyTrialCompletesLeavesNoRunDirectory(@TempDir Path directory) throws Exception {
        Registry registry = registry();
        ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.parse(SPEC, false, "spec"), registry);
        List<String> log = new ArrayList<>();
        Path out = directory.resolve("run");
        assertThrows(IllegalArgumentException.class, () -> new ExperimentRunner(registry).run(plan,
                RunOptions.of(out, 1, log::add).withBeforeTrial(trial -> {
                    throw new IllegalArgumentException("bad input discovered mid-run");
                })));
        assertFalse(Files.exists(out), "nothing worth resuming is kept");
        assertTrue(log.stream().noneMatch(line -> line.contains("failed")),
                "bad input that leaves nothing behind is said once, by the exception: " + log);

        int[] started = {0};
        assertThrows(IllegalStateException.class, () -> new ExperimentRunner(registry).run(plan,
                RunOptions.of(out, 1, log::add).withBeforeTrial(trial -> {
                    if (++started[0] == 2) {
                        throw new IllegalStateException("simulated crash");
                    }
                })));
        assertTrue(Files.exists(out.resolve("trials/experiment-0/trial-0.metrics.csv")));
        assertTrue(log.get(log.size() - 1).endsWith("1 complete trial(s) are kept in " + out
                + "; continue with --resume"), log.toString());

        // Bad input found when resuming: the kept trials stay, and --resume is not offered again.
        log.clear();
        assertThrows(IllegalArgumentException.class, () -> new ExperimentRunner(registry).run(plan,
                RunOptions.of(out, 1, log::add).withResume(true).withBeforeTrial(trial -> {
                    throw new IllegalArgumentException("bad input discovered mid-run");
                })));
        assertTrue(Files.exists(out.resolve("trials/experiment-0/trial-0.metrics.csv")));
        assertTrue(log.get(log.size() - 1).endsWith("; the failure repeats from the same seeds, so --resume would "
                + "fail the same way: fix the spec and start a new run"), log.toString());
    }

    @Test
    void badInputAfterATrialCompletedLeavesNothingOfAFreshRun(@TempDir Path directory) throws Exception {
        Registry registry = registry();
        ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.parse(SPEC, false, "spec"), registry);
        for (Path out : List.of(directory.resolve("new"), Files.createDirectories(directory.resolve("empty")))) {
            List<String> log = new ArrayList<>();
            List<String> completed = new ArrayList<>();
            int[] started = {0};
            assertThrows(IllegalArgumentException.class, () -> new ExperimentRunner(registry).run(plan,
                    RunOptions.of(out, 1, log::add).withBeforeTrial(trial -> {
                        if (++started[0] == 2) {
                            completed.add(String.valueOf(Files.exists(
                                    out.resolve("trials/experiment-0/trial-0.metrics.csv"))));
                            throw new IllegalArgumentException("bad input discovered in the second trial");
                        }
                    })));
            assertEquals(List.of("true"), completed, "the first trial was complete when the second failed");
            assertTrue(log.stream().noneMatch(line -> line.contains("failed")), "said once, by the exception: " + log);
            if (out.endsWith("new")) {
                assertFalse(Files.exists(out), "a directory the run created is removed");
            } else {
                try (var left = Files.list(out)) {
                    assertEquals(0, left.count(), "a directory found empty is left empty");
                }
            }
        }
    }
}
