package io.dpmarl.algorithms.tabular.audit;

import io.dpmarl.algorithms.tabular.nashvi.CountShape;
import io.dpmarl.algorithms.tabular.nashvi.EpisodeIndicators;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Pair;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The users of the DP-Nash-VI count audit: sequences of K users' statistics (indicator vectors, pairs then
 * transitions, the layout the count privatizers release) and the replace-one-user neighbouring relation, with
 * adversarial replacements: trajectories that repeat one (s, a, b) at every stage, trajectories disjoint from the
 * user they replace, and vectors that are no trajectory at all.
 */
final class AuditUsers {
    private AuditUsers() {
    }

    /**
     * K users' statistics.
     *
     * @param label   what the sequence is, for reports
     * @param shape   the count shape
     * @param vectors one statistic per user (an indicator vector, or an arbitrary vector for an adversarial user)
     */
    record Users(String label, CountShape shape, List<double[]> vectors) {
        @Override
        public String toString() {
            return label + " (H=" + shape.horizon() + ", S=" + shape.numStates() + ", A=" + shape.numActionsMax()
                    + ", B=" + shape.numActionsMin() + ", K=" + vectors.size() + ")";
        }
    }

    /** The user's statistic: pair indicators, then transition indicators. */
    static double[] vector(CountShape shape, EpisodeIndicators episode) {
        double[] pairs = new double[shape.pairCount()];
        double[] transitions = new double[shape.transitionCount()];
        episode.addTo(pairs, transitions, shape.numStates());
        double[] out = new double[pairs.length + transitions.length];
        System.arraycopy(pairs, 0, out, 0, pairs.length);
        System.arraycopy(transitions, 0, out, pairs.length, transitions.length);
        return out;
    }

    /** A uniformly random trajectory. */
    static EpisodeIndicators random(CountShape shape, SplittableRandom random) {
        int[] pairs = new int[shape.horizon()];
        int[] next = new int[shape.horizon()];
        int state = random.nextInt(shape.numStates());
        for (int h = 0; h < shape.horizon(); h++) {
            pairs[h] = shape.pairIndex(h, state, random.nextInt(shape.jointActions()));
            next[h] = random.nextInt(shape.numStates());
            state = next[h];
        }
        return new EpisodeIndicators(pairs, next);
    }

    /** The same (state, joint action) and the same next state at every stage. */
    static EpisodeIndicators repeating(CountShape shape, int state, int joint) {
        int[] pairs = new int[shape.horizon()];
        int[] next = new int[shape.horizon()];
        for (int h = 0; h < shape.horizon(); h++) {
            pairs[h] = shape.pairIndex(h, state, joint);
            next[h] = state;
        }
        return new EpisodeIndicators(pairs, next);
    }

    /** A trajectory that shares no (h,s,a,b) and no (h,s,a,b,s') with {@code other} (needs A B >= 2). */
    static EpisodeIndicators disjoint(CountShape shape, EpisodeIndicators other) {
        int[] pairs = new int[shape.horizon()];
        int[] next = new int[shape.horizon()];
        for (int h = 0; h < shape.horizon(); h++) {
            int joint = other.pairs()[h] % shape.jointActions();
            int state = other.pairs()[h] / shape.jointActions() % shape.numStates();
            pairs[h] = shape.pairIndex(h, state, (joint + 1) % shape.jointActions());
            next[h] = (other.nextStates()[h] + 1) % shape.numStates();
        }
        return new EpisodeIndicators(pairs, next);
    }

    /** The trajectory of an indicator vector (the inverse of {@link #vector}). */
    static EpisodeIndicators trajectory(CountShape shape, double[] vector) {
        int block = shape.numStates() * shape.jointActions();
        int[] pairs = new int[shape.horizon()];
        int[] next = new int[shape.horizon()];
        for (int h = 0; h < shape.horizon(); h++) {
            pairs[h] = -1;
            for (int i = h * block; i < (h + 1) * block; i++) {
                if (vector[i] == 1.0) {
                    pairs[h] = i;
                }
            }
            if (pairs[h] < 0) {
                throw new IllegalArgumentException("no visited (s, a, b) at stage " + h);
            }
            for (int t = 0; t < shape.numStates(); t++) {
                if (vector[shape.pairCount() + pairs[h] * shape.numStates() + t] == 1.0) {
                    next[h] = t;
                }
            }
        }
        return new EpisodeIndicators(pairs, next);
    }

    /** A vector that is no trajectory: every entry {@code value}. */
    static double[] constant(CountShape shape, double value) {
        double[] out = new double[shape.pairCount() + shape.transitionCount()];
        Arrays.fill(out, value);
        return out;
    }

    /** Replace-one-user neighbours: each user replaced by adversarial users and a random one. */
    static List<Pair<Users>> replaceOneUser(Users users, boolean includeNonTrajectories) {
        CountShape shape = users.shape();
        SplittableRandom random = new SplittableRandom(users.vectors().size() * 31L + shape.horizon());
        List<Pair<Users>> out = new ArrayList<>();
        for (int k = 0; k < users.vectors().size(); k++) {
            List<double[]> replacements = new ArrayList<>(List.of(
                    vector(shape, repeating(shape, 0, 0)),
                    vector(shape, repeating(shape, shape.numStates() - 1, shape.jointActions() - 1)),
                    vector(shape, random(shape, random))));
            replacements.add(vector(shape, disjoint(shape, trajectory(shape, users.vectors().get(k)))));
            if (includeNonTrajectories) {
                replacements.add(constant(shape, 1.0));
                replacements.add(constant(shape, 7.0));
                replacements.add(constant(shape, -3.0));
            }
            for (double[] replacement : replacements) {
                List<double[]> changed = new ArrayList<>(users.vectors());
                changed.set(k, replacement);
                out.add(new Pair<>(users, new Users(users.label(), shape, changed), "user " + k + " replaced"));
            }
        }
        return out;
    }

    /** Random and all-identical user sequences over four shapes, K = 1, 5 and 8. */
    static List<Users> instances() {
        SplittableRandom random = new SplittableRandom(2024);
        List<Users> out = new ArrayList<>();
        CountShape[] shapes = {new CountShape(1, 1, 1, 2), new CountShape(2, 2, 2, 2), new CountShape(3, 2, 2, 1),
            new CountShape(4, 3, 2, 2)};
        for (CountShape shape : shapes) {
            for (int episodes : new int[] {1, 5, 8}) {
                List<double[]> randomUsers = new ArrayList<>();
                List<double[]> sameUser = new ArrayList<>();
                for (int k = 0; k < episodes; k++) {
                    randomUsers.add(vector(shape, random(shape, random)));
                    sameUser.add(vector(shape, repeating(shape, 0, 0)));
                }
                out.add(new Users("random users", shape, randomUsers));
                out.add(new Users("every user repeats (s=0, a=0, b=0)", shape, sameUser));
            }
        }
        return out;
    }

}
