package io.dpmarl.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The root README's "Assembling a pipeline" Java example, kept compiling and running. */
class ReadmeExampleTest {

    /**
     * 100 episodes of the 3-stage coordination game; each agent releases its reward at every stage through
     * Laplace(epsilon = 1, sensitivity = 1), charged to its own ledger key. Basic composition of 300 pure
     * releases per agent gives epsilon = 300 for each agent, so the maximum over agents is 300.
     */
    @Test
    void readmePipelineRuns() {
        List<MetricRecord> rows = new ArrayList<>();
        // --- README snippet (keep in sync) ---
        Registry registry = Registry.discover();
        RandomStreams streams = RandomStreams.of(7);
        PrivacyLedger ledger = PrivacyLedger.of(() -> registry.create(PluginKind.ACCOUNTANT, Accountant.class, "basic"),
                1e-6);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, "coordination-game");
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(environment),
                registry);
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class,
                "independent-q(privatizer=laplace(epsilon=1, sensitivity=1))", context);
        new Pipeline(environment, learner, ledger, streams, rows::add).run(new TrialId("demo", 0, 7), 100);
        double epsilon = ledger.maxEpsilon(1e-6);
        // --- end of snippet ---
        assertFalse(rows.isEmpty());
        assertEquals(300.0, epsilon, 1e-9);
    }
}
