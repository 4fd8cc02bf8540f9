package io.dpmarl.core.experiment;

/** Specs of the experiment tests, on the core test plugins ({@code io.dpmarl.core.pipeline.TestPlugins}). */
final class TestSpecs {
    private TestSpecs() {
    }

    /**
     * The YAML of a spec named {@code name} on the core test pipeline (environment
     * {@code bandit-test(horizon=3)}, learner {@code greedy-test(exploration=0.3)}, privatizer
     * {@code shift-test(epsilon=1)}, accountant {@code sum-test}), followed by {@code rest}: the lines that differ
     * between tests (schedule, trials, seed, grid, plots).
     */
    static String bandit(String name, String rest) {
        return "name: " + name + "\n" + """
                environment: bandit-test(horizon=3)
                learner: greedy-test(exploration=0.3)
                privatizer: shift-test(epsilon=1)
                accountant: sum-test
                """ + rest;
    }
}
