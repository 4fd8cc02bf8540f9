package io.dpmarl.algorithms.linear.bench;

import io.dpmarl.algorithms.linear.dpcmarl.A2cAdvantage;
import io.dpmarl.algorithms.linear.dpcmarl.A2cSettings;
import io.dpmarl.algorithms.linear.dpcmarl.ConsensusRule;
import io.dpmarl.algorithms.linear.dpcmarl.DataDependentLaplacePrivatizer;
import io.dpmarl.algorithms.linear.dpcmarl.DpcMarlA2c;
import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.environments.platoon.PlatoonEnvironment;
import io.dpmarl.environments.platoon.PlatoonScenario;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Training episodes per second of the 8-agent DPC-MARL A2C loop on the CAPC catch-up platoon (600 environment steps,
 * 4,800 agent-steps, 10 rollouts of 60 with their updates and critic exchanges, Table II networks 64-64), as
 * ConsensusMARL ({@code consensus}, clear channel) and with the paper's nominal noise at sGain 0.01
 * ({@code nominal}). {@link #environmentOnly} steps the platoon alone with fixed actions, so the share spent in the
 * learner (networks and exchange) is {@code 1 - environmentOnly/episode} in time per episode. Agent-steps per
 * second = episodes per second x 4,800. {@code network} selects separate actor and critic networks or the shared
 * trunk.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class DpcMarlA2cBenchmark {
    @Param({"consensus", "nominal"})
    public String noise;

    /**
     * The actor's advantage: {@code n-step} or {@code counterfactual} with the local critic, or
     * {@code counterfactual+global} with the global critic (kinematic features in all three).
     */
    @Param({"n-step", "counterfactual", "counterfactual+global"})
    public String advantage;

    /**
     * The agents' networks: {@code separate} actor and critic (the learner's default) or {@code shared-trunk} (one
     * trunk under both heads, its second layer exchanged). The shared trunk has no global critic, so the pair
     * {@code shared-trunk, counterfactual+global} is refused at set-up: run it with
     * {@code -p advantage=n-step,counterfactual}.
     */
    @Param({"separate", "shared-trunk"})
    public String network;

    private PlatoonEnvironment environment;
    private DpcMarlA2c learner;
    private SplittableRandom resets;
    private int episode;

    /** A fresh platoon and learner per iteration (non-private randomness from fixed seeds). */
    @Setup(Level.Iteration)
    public void setUp() {
        environment = PlatoonEnvironment.paper(PlatoonScenario.CATCH_UP, true);
        RandomStreams streams = RandomStreams.of(1);
        RandomGenerator[] initialise = new RandomGenerator[8];
        RandomGenerator[] policy = new RandomGenerator[8];
        for (int i = 0; i < 8; i++) {
            initialise[i] = streams.stream("initialisation/agent/" + i);
            policy[i] = streams.stream("policy/agent/" + i);
        }
        Channel channel = noise.equals("consensus") ? Channel.clear("critic")
                : Channel.privateChannel("critic", new DataDependentLaplacePrivatizer(0.01),
                        PrivacyLedger.of(BasicAccountant::new, 0), NoiseSource.seeded(3));
        A2cSettings settings = A2cSettings.builder()
                .advantage(A2cAdvantage.parse(advantage.replace("+global", "")))
                .globalCritic(advantage.endsWith("+global"))
                .sharedTrunk(network.equals("shared-trunk"))
                .build();
        learner = new DpcMarlA2c(environment.info(), CommunicationGraph.path(8), settings,
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, channel, initialise, policy, TrialMetrics.discarding());
        resets = new SplittableRandom(2);
        episode = 0;
    }

    /** One training episode: 600 steps, 10 updates and exchanges. */
    @Benchmark
    public void episode(Blackhole sink) {
        sink.consume(trainEpisode());
    }

    /** One training episode; returns the last observations (for {@link DpcMarlA2cEpisodeCpuTime}). */
    Observation[] trainEpisode() {
        Observation[] observations = environment.reset(resets.nextLong());
        learner.beginEpisode(episode, observations);
        boolean done = false;
        for (int stage = 0; !done; stage++) {
            int[] joint = learner.act(stage, observations);
            StepResult result = environment.step(joint);
            learner.observe(stage, joint, result);
            observations = result.observations();
            done = result.done();
        }
        learner.endEpisode(episode++);
        return observations;
    }

    /** The platoon alone: 600 steps with fixed actions. */
    @Benchmark
    public void environmentOnly(Blackhole sink) {
        Observation[] observations = environment.reset(resets.nextLong());
        int[] joint = {3, 3, 3, 3, 3, 3, 3, 3};
        boolean done = false;
        while (!done) {
            StepResult result = environment.step(joint);
            observations = result.observations();
            done = result.done();
        }
        sink.consume(observations);
    }
}
