package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.environments.network.NetworkMdp;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.SensitivityAudit;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The sensitivity audit of MA-LDP's per-user releases: user k's trajectory is changed (another environment seed for
 * episode k), everything before it fixed (same trial seed, same noise), and the inputs of agent 0's 2H releases about
 * user k are compared with the declared sensitivities of the calibration: {@code 2H^2 = 50} in L2 for the matrix
 * {@code f f^T} (Frobenius) and the vector {@code f V}, {@code 2 sqrt(nd) H^2 = 100} in L1 for the vector. Early users
 * see large optimistic values, so their feature norms exceed the assumed bound {@code ||phi_V|| <= H}; the learner
 * clips those and the audit still holds. The mutant without clipping (the paper-literal learner) is refuted.
 */
class PerUserSensitivityAuditTest {
    private static final int H = 5;

    /** One user of one run: the trial seed, the user (episode) index, and the seed of the user's trajectory. */
    record User(long trialSeed, int user, long trajectorySeed) {
    }

    /** Agent 0's release inputs about the user, and how many releases broke the norm bound. */
    record Inputs(double[][] matrices, double[][] vectors, long violations) {
    }

    static Inputs inputs(User user, boolean clip) {
        NetworkMdp environment = MaLdpHarness.paperInstance();
        List<MetricRecord> sink = new ArrayList<>();
        PluginContext context = MaLdpHarness.context(environment, user.trialSeed(), 100, sink,
                PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0));
        Learner learner = MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class,
                "ma-ldp(privatizer=ma-ldp(mechanism=laplace, epsilon=0.1, calibration=paper-literal), clip=" + clip
                        + ")", context);
        MaLdpLearner maLdp = (MaLdpLearner) learner;
        List<Statistic> captured = new ArrayList<>();
        RandomGenerator resets = context.streams().stream("environment/reset");
        long before = 0;
        for (int k = 0; k <= user.user(); k++) {
            long seed = resets.nextLong();
            if (k == user.user()) {
                seed = user.trajectorySeed();
                maLdp.releases().observeInputs(captured::add);
                before = maLdp.releases().violations();
            }
            Observation[] observations = environment.reset(seed);
            learner.beginEpisode(k, observations);
            for (int h = 0; h < H; h++) {
                int[] action = learner.act(h, observations);
                StepResult result = environment.step(action);
                learner.observe(h, action, result);
                observations = result.observations();
            }
            learner.endEpisode(k);
        }
        double[][] matrices = new double[H][];
        double[][] vectors = new double[H][];
        for (int h = 0; h < H; h++) {
            matrices[h] = ((Statistic.SymmetricMatrix) captured.get(2 * h)).values();
            vectors[h] = ((Statistic.Vector) captured.get(2 * h + 1)).values();
        }
        return new Inputs(matrices, vectors, maLdp.releases().violations() - before);
    }

    private static List<SensitivityAudit.Pair<User>> pairs() {
        List<SensitivityAudit.Pair<User>> pairs = new ArrayList<>();
        for (long trial = 1; trial <= 3; trial++) {
            for (int user : new int[] {0, 1, 2, 4, 8, 16}) {
                for (long alternative = 1; alternative <= 3; alternative++) {
                    pairs.add(new SensitivityAudit.Pair<>(new User(trial, user, 1000 + alternative),
                            new User(trial, user, 2000 + 7 * alternative), "user " + user + " of trial " + trial
                            + " replaced"));
                }
            }
        }
        return pairs;
    }

    private static SensitivityAudit.Report<User> audit(String name, double declared, SensitivityAudit.Norm norm,
                                                       boolean clip, boolean matrix, int stage) {
        return SensitivityAudit.of(name, declared, norm).check(pairs(), user -> {
            Inputs inputs = inputs(user, clip);
            return matrix ? inputs.matrices()[stage] : inputs.vectors()[stage];
        });
    }

    @Test
    void clippedReleasesStayWithinTheDeclaredSensitivityEvenWhenNormsHitTheBound() {
        long violating = pairs().stream().filter(pair -> inputs(pair.first(), true).violations() > 0).count();
        assertTrue(violating > 0, "some audited users break ||phi_V|| <= H before clipping");
        for (int stage = 0; stage < H; stage++) {
            audit("Delta Lambda_" + stage, 2.0 * H * H, SensitivityAudit.Norm.L2, true, true, stage).assertHolds();
            audit("Delta u_" + stage, 2.0 * H * H, SensitivityAudit.Norm.L2, true, false, stage).assertHolds();
            audit("Delta u_" + stage, 2 * Math.sqrt(4) * H * H, SensitivityAudit.Norm.L1, true, false, stage)
                    .assertHolds();
        }
    }

    @Test
    void withoutClippingThePaperLiteralReleasesBreakTheDeclaredSensitivity() {
        boolean refuted = false;
        for (int stage = 0; stage < H && !refuted; stage++) {
            refuted = !audit("Delta Lambda_" + stage, 2.0 * H * H, SensitivityAudit.Norm.L2, false, true, stage)
                    .holds();
        }
        assertTrue(refuted, "the unclipped learner exceeds 2H^2 at some stage");
    }
}
