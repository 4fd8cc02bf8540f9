package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.comm.GraphFamily;
import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.environments.cbmp.CbmpEnvironment;
import io.dpmarl.environments.cbmp.CbmpModel;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/** A minimal run loop (as the pipeline's) over CBMP for the QD learner tests. */
final class QdHarness {
    static final int AGENTS = 20;

    private QdHarness() {
    }

    static CbmpEnvironment cbmp(long seed) {
        CbmpModel model = CbmpModel.generate(AGENTS, 0.7, 20, 50, 400, new SplittableRandom(0));
        GraphProcess graphs = GraphProcess.redrawn(GraphFamily.WATTS_STROGATZ.generator(AGENTS, 4, 0.3), AGENTS,
                RandomStreams.of(seed), "communication-graph", GraphProcess.Redraw.NEVER);
        return new CbmpEnvironment(model, graphs, "cbmp");
    }

    static DpQdLearner learner(CbmpEnvironment environment, long seed, Optional<Privatizer> privatizer,
                               PrivacyLedger ledger) {
        RandomStreams streams = RandomStreams.of(seed);
        return new DpQdLearner(AGENTS, 2, 2, environment.communicationGraphs(), GainSchedule.kar(1.0, 0.05), 0.7,
                privatizer, streams.noise("privacy"), ledger, streams.stream(DpQdLearner.BEHAVIOUR_STREAM),
                TrialMetrics.discarding(), 0);
    }

    /** Runs {@code steps} steps in episodes of {@code stepLimit}; {@code onStep} sees every (state, result). */
    static void run(Environment environment, Learner learner, long seed, int steps, int stepLimit,
                    Consumer<StepResult> onStep) {
        SplittableRandom resets = new SplittableRandom(seed);
        int done = 0;
        for (int episode = 0; done < steps; episode++) {
            Observation[] observations = environment.reset(resets.nextLong());
            learner.beginEpisode(episode, observations);
            for (int stage = 0; stage < stepLimit && done < steps; stage++, done++) {
                int[] action = learner.act(stage, observations);
                StepResult result = environment.step(action);
                learner.observe(stage, action, result);
                onStep.accept(result);
                observations = result.observations();
            }
            learner.endEpisode(episode);
        }
    }

    static NoiseSource noise(long seed) {
        return NoiseSource.seeded(seed);
    }
}
