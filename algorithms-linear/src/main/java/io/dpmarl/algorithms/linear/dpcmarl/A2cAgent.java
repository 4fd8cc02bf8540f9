package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.algorithms.linear.nn.DenseNetwork;
import io.dpmarl.algorithms.linear.nn.PolicyGradientLoss;
import io.dpmarl.algorithms.linear.nn.RmsProp;
import java.util.random.RandomGenerator;

/**
 * One agent of DPC-MARL's A2C variant ("Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning
 * for Networked Social Systems", Section VI.C, Table II): a softmax actor {@code pi(a | o)} and a critic
 * {@code V(o, a_N)} whose input is the observation followed by one-hot actions of up to {@code slots} neighbours
 * (zero-padded), or, for a global critic, every agent's observation followed by the joint action one-hot in agent
 * order (Algorithm 2's {@code Q(s, a^i, a^{-i})}), each an MLP with two ReLU hidden layers, trained by RMSProp on
 * n-step returns over a rollout of at most {@code capacity} steps (critic inputs as {@link CriticInputLayout}
 * places them). The rollout's inputs are written straight into the networks' batch workspaces, so an update is a
 * few matrix-matrix products and allocates nothing. Holds the agent's private data (its rewards and parameters);
 * only {@link #critic()} parameters ever leave it, through the learner's privatizer.
 */
final class A2cAgent implements TeamAgent {
    private final DenseNetwork actor;
    private final DenseNetwork critic;
    private final RmsProp actorOptimiser;
    private final RmsProp criticOptimiser;
    private final DenseNetwork.Workspace acting;
    private final DenseNetwork.Workspace bootstrapping;
    private final DenseNetwork.Workspace actorBatch;
    private final DenseNetwork.Workspace criticBatch;
    private final boolean actionValueCritic;
    private final DenseNetwork.Workspace counterfactualBatch;
    private final CriticInputLayout layout;
    private final A2cRollout rollout;
    private final DenseNetwork[] networks;
    private final int observationSize;
    private final int actionCount;
    private final double[] probabilities;
    private double lastActorLoss;
    private double lastCriticLoss;

    A2cAgent(A2cSettings settings, int observationSize, int actionCount, int slots, RandomGenerator initialisation) {
        this(settings, observationSize, actionCount, slots, initialisation, -1, 0);
    }

    /**
     * An agent whose critic, when {@code self >= 0}, reads the global state (the {@code agents} observations
     * concatenated) and the joint action one-hot in agent order, its own slot at {@code self}: Algorithm 2's
     * {@code Q(s, a^i, a^{-i})}, the same input meaning for every agent.
     */
    A2cAgent(A2cSettings settings, int observationSize, int actionCount, int slots, RandomGenerator initialisation,
             int self, int agents) {
        this.observationSize = observationSize;
        this.rollout = new A2cRollout(settings, actionCount);
        this.actionValueCritic = rollout.actionValueCritic();
        this.actionCount = actionCount;
        this.layout = self >= 0 ? CriticInputLayout.global(observationSize, actionCount, self, agents)
                : CriticInputLayout.local(observationSize, actionCount, actionValueCritic, slots);
        int hidden = settings.hidden();
        this.actor = new DenseNetwork(initialisation, observationSize, hidden, hidden, actionCount);
        this.critic = new DenseNetwork(initialisation, layout.width(), hidden, hidden, 1);
        this.actorOptimiser = new RmsProp(actor, settings.actorLearningRate(), 0.99, 1e-5, settings.gradientClip());
        this.criticOptimiser = new RmsProp(critic, settings.criticLearningRate(), 0.99, 1e-5,
                settings.gradientClip());
        int capacity = settings.rollout();
        this.acting = actor.workspace(1);
        this.bootstrapping = critic.workspace(1);
        this.actorBatch = actor.workspace(capacity);
        this.criticBatch = critic.workspace(capacity);
        this.counterfactualBatch = actionValueCritic ? critic.workspace(capacity * actionCount) : null;
        this.networks = new DenseNetwork[] {actor, critic};
        this.probabilities = new double[actionCount];
    }

    DenseNetwork critic() {
        return critic;
    }

    DenseNetwork actor() {
        return actor;
    }

    /** Samples an action at {@code observation} (inverse CDF of the softmax with one uniform draw). */
    @Override
    public int sample(double[] observation, RandomGenerator random) {
        policy(observation);
        return SoftmaxActionChoice.sample(probabilities, random);
    }

    /** The most probable action at {@code observation} (lowest index on ties). */
    @Override
    public int greedy(double[] observation) {
        policy(observation);
        return SoftmaxActionChoice.greedy(probabilities);
    }

    private void policy(double[] observation) {
        System.arraycopy(observation, 0, acting.input().data, 0, observationSize);
        actor.forward(acting, 1);
        PolicyGradientLoss.softmax(acting.output(), 0, probabilities);
    }

    /** Stores step {@code n} of the rollout: observation, own action and the neighbours' actions. */
    void record(int n, double[] observation, int action, int[] jointAction, int[] neighbours) {
        record(n, observation, observation, action, jointAction, neighbours);
    }

    /** As {@link #record(int, double[], int, int[], int[])} with the critic's own view of the state. */
    @Override
    public void record(int n, double[] observation, double[] criticObservation, int action, int[] jointAction,
                int[] neighbours) {
        System.arraycopy(observation, 0, actorBatch.input().data, n * observationSize, observationSize);
        layout.write(criticBatch.input().data, n * critic.inputs(), criticObservation, action, jointAction,
                neighbours);
        rollout.action(n, action);
        if (actionValueCritic) {
            int width = critic.inputs();
            for (int b = 0; b < actionCount; b++) {
                layout.write(counterfactualBatch.input().data, (n * actionCount + b) * width, criticObservation, b,
                        jointAction, neighbours);
            }
        }
    }

    @Override
    public void reward(int n, double reward) {
        rollout.reward(n, reward);
    }

    /**
     * The critic's value at {@code observation} with the agent's own next action (read only by a counterfactual
     * critic) and the neighbours' next actions.
     */
    @Override
    public double value(double[] observation, int ownAction, int[] jointAction, int[] neighbours) {
        layout.write(bootstrapping.input().data, 0, observation, ownAction, jointAction, neighbours);
        critic.forward(bootstrapping, 1);
        return bootstrapping.output().data[0];
    }

    /** One A2C update on the {@code n} stored steps: critic first (advantages from the pre-update values). */
    @Override
    public void update(int n, double gamma, double bootstrap, double entropyWeight) {
        rollout.computeReturns(n, gamma, bootstrap);
        critic.forward(criticBatch, n);
        actor.forward(actorBatch, n);
        if (actionValueCritic) {
            critic.forward(counterfactualBatch, n * actionCount);
            rollout.counterfactualAdvantages(n, actorBatch.output(), counterfactualBatch.output().data);
        } else {
            rollout.temporalDifferenceAdvantages(n, criticBatch.output().data);
        }
        rollout.normaliseAdvantages(n);
        lastCriticLoss = rollout.criticLoss(criticBatch.output(), criticBatch.outputGradient());
        critic.backward(criticBatch);
        criticOptimiser.step();
        lastActorLoss = rollout.actorLoss(actorBatch.output(), entropyWeight, actorBatch.outputGradient());
        actor.backward(actorBatch);
        actorOptimiser.step();
    }

    /** True while every actor and critic parameter is finite. */
    @Override
    public boolean finite() {
        return A2cRollout.finite(networks);
    }

    @Override
    public double lastActorLoss() {
        return lastActorLoss;
    }

    @Override
    public double lastCriticLoss() {
        return lastCriticLoss;
    }

    @Override
    public int actionCount() {
        return actionCount;
    }

    /** The whole critic. */
    @Override
    public int exchangedCount() {
        return critic.parameterCount();
    }

    @Override
    public void copyExchangedTo(double[] target) {
        critic.copyParametersTo(target);
    }

    @Override
    public void setExchanged(double[] source) {
        critic.setParameters(source);
    }

    /** The actor's parameters. */
    @Override
    public double[] policyParameters() {
        double[] out = new double[actor.parameterCount()];
        actor.copyParametersTo(out);
        return out;
    }
}
