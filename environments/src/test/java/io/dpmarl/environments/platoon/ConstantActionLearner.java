package io.dpmarl.environments.platoon;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A test learner that plays one action for every vehicle at every step and records the evaluation-mode switches it
 * receives; it learns nothing and has no policy table. Shared by the platoon evaluator and start tests.
 */
class ConstantActionLearner implements Learner {
    private final int action;
    private final List<Boolean> modes = new ArrayList<>();

    ConstantActionLearner(int action) {
        this.action = action;
    }

    /** The evaluation-mode switches received, in order. */
    List<Boolean> modes() {
        return modes;
    }

    @Override
    public void beginEpisode(int episode, Observation[] observations) {
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        int[] joint = new int[observations.length];
        Arrays.fill(joint, action);
        return joint;
    }

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
    }

    @Override
    public void endEpisode(int episode) {
    }

    @Override
    public void evaluationMode(boolean on) {
        modes.add(on);
    }

    @Override
    public Policy policy() {
        throw new UnsupportedOperationException();
    }
}
