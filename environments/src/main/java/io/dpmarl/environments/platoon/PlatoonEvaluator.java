package io.dpmarl.environments.platoon;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.validation.Checks;

/**
 * The CAPC evaluation metric of the DPC-MARL paper (Table III; the metric of Chu et al.'s trainer, except after a
 * collision, see below): after every {@code every}-th training episode, one evaluation episode of 600 steps on a
 * fresh platoon in evaluation mode (no safety term, no truncation) with the learner in evaluation mode (greedy),
 * recording {@link #METRIC}, the mean over the steps of the team-sum reward, and {@link #COLLIDED} (1 if the
 * episode collided). The evaluation episode's initial state is drawn from {@code seed + episode}, with the training
 * platoon's {@link PlatoonStart}, so it is the same for every learner at the same episode; {@link #RANDOM} is the
 * metric of uniformly random actions from that same state (a paired reference), and {@link #FIXED_CONTROLLER} that
 * of the fixed car-following controller in which every vehicle plays {@code (alpha, beta) = (0.5, 0.5)} at every
 * step (the hand-set reference a learner should match: on the paper's scenarios it already scores better than
 * Table III's learned policies). Reads only the environment's public state; releases nothing.
 *
 * <p>After a collision (the paper says nothing on it): by default ({@code collisionCut = 600}) a collided
 * evaluation episode runs on to 600 steps at -1000 per agent and step. Chu et al.'s trainer ends it like a training
 * episode, at the next multiple of 60 steps after the collision, and averages over the steps played:
 * {@code collisionCut = 60}. All three metrics of one evaluation follow the same rule. Colliding policies score much
 * lower under the default: on 20 catch-up states ({@code reset(1000)} to {@code reset(1019)}) every vehicle at
 * {@code (0.5, 0)} scores -6957.0 by default and -2784.9 with the cut at 60, uniformly random actions -5733.4 and
 * -2761.1, while the non-colliding {@code (0, 0.5)} (-3675.6) and {@code (0.5, 0.5)} (-470.5) are unchanged.
 */
public final class PlatoonEvaluator implements Evaluator {
    /** Metric: mean over the evaluation steps of the sum of the agents' rewards. */
    public static final String METRIC = "capc_evaluation_reward";
    /** Metric: the same for uniformly random actions from the same initial state (the random-policy reference). */
    public static final String RANDOM = "capc_random_reward";
    /** Metric: the same for every vehicle playing {@code (0.5, 0.5)} from the same initial state. */
    public static final String FIXED_CONTROLLER = "capc_fixed_controller_reward";
    /** The action index of {@code (alpha, beta) = (0.5, 0.5)}. */
    public static final int FIXED_ACTION = 3;
    /** Metric: 1 if the evaluation episode collided, else 0. */
    public static final String COLLIDED = "capc_evaluation_collided";
    private final int every;
    private final long seed;
    private final int collisionCut;

    /**
     * Collided evaluation episodes run on to 600 steps.
     *
     * @param every evaluate after every {@code every}-th training episode, at least 1
     * @param seed  base seed of the evaluation episodes' initial states
     */
    public PlatoonEvaluator(int every, long seed) {
        this(every, seed, PlatoonEnvironment.EPISODE_STEPS);
    }

    /**
     * @param every        evaluate after every {@code every}-th training episode, at least 1
     * @param seed         base seed of the evaluation episodes' initial states
     * @param collisionCut after a collision an evaluation episode ends at the next multiple of this many steps, in
     *                     [1, 600] (600: it runs to its end; 60: Chu et al.'s trainer)
     * @throws IllegalArgumentException naming {@code collision-cut} if it is outside [1, 600]
     */
    public PlatoonEvaluator(int every, long seed, int collisionCut) {
        this.every = Checks.atLeast("every", every, 1);
        this.seed = seed;
        if (collisionCut < 1 || collisionCut > PlatoonEnvironment.EPISODE_STEPS) {
            throw new IllegalArgumentException("collision-cut must be in [1, 600], got " + collisionCut);
        }
        this.collisionCut = collisionCut;
    }

    @Override
    public void afterEpisode(EvaluationContext context) {
        if ((context.episode() + 1) % every != 0) {
            return;
        }
        if (!(context.environment() instanceof PlatoonEnvironment training)) {
            throw new IllegalArgumentException("capc-evaluation needs the capc environment, got "
                    + context.environment().info().name());
        }
        PlatoonEnvironment environment = new PlatoonEnvironment(training.scenario(),
                training.info().numAgents(), false, PlatoonEnvironment.EPISODE_STEPS, training.observation(),
                training.start());
        context.learner().evaluationMode(true);
        try {
            context.metrics().record(METRIC, play(environment, context.episode(), context.learner()::act));
            context.metrics().record(COLLIDED, environment.collided() ? 1 : 0);
        } finally {
            context.learner().evaluationMode(false);
        }
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed + context.episode());
        int agents = environment.info().numAgents();
        context.metrics().record(RANDOM, play(environment, context.episode(), (stage, observations) -> {
            int[] joint = new int[agents];
            for (int i = 0; i < agents; i++) {
                joint[i] = random.nextInt(4);
            }
            return joint;
        }));
        int[] fixed = new int[agents];
        java.util.Arrays.fill(fixed, FIXED_ACTION);
        context.metrics().record(FIXED_CONTROLLER,
                play(environment, context.episode(), (stage, observations) -> fixed));
    }

    /**
     * Plays one evaluation episode (to 600 steps, or after a collision to the next multiple of the cut) and returns
     * the mean over the steps played of the team-sum reward.
     */
    private double play(PlatoonEnvironment environment, long episode,
                        java.util.function.BiFunction<Integer, Observation[], int[]> policy) {
        Observation[] observations = environment.reset(seed + episode);
        double total = 0;
        int steps = 0;
        boolean done = false;
        while (!done) {
            StepResult result = environment.step(policy.apply(steps, observations));
            for (double reward : result.rewards()) {
                total += reward;
            }
            observations = result.observations();
            steps++;
            done = result.done() || environment.collided() && steps % collisionCut == 0;
        }
        return total / steps;
    }
}
