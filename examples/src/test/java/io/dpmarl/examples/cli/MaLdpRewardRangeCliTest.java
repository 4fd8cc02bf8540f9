package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ma-ldp} assumes per-step rewards in [0, 1] (its optimistic cap {@code H - h + 1} and its regret bound);
 * {@code network-mdp(rewards=paper-literal)} pays the paper's Section 8 rewards 0.005, 0, 1000. Before, that pairing
 * ran with every Q at the cap (no reward signal, nothing reported); now it is refused when the run is checked: one
 * line naming the parameter, the accepted and the given range, exit 2, nothing written, no trial run.
 */
class MaLdpRewardRangeCliTest {
    private static final String REFUSAL = "ma-ldp: the environment's per-step rewards must be in [0, 1] (the range "
            + "the optimistic cap H - h + 1 and the regret bound assume), got [0, 1000] from network-mdp(n=2, q=1, "
            + "d=2, big-delta=0.05, rewards=paper-literal, horizon=5): its parameter 'rewards' is paper-literal; "
            + "rewards=normalised gives [0, 1]";

    private static Path bundled(String name) {
        Path local = Path.of("specs", "ma-ldp", name);
        return Files.exists(local) ? local : Path.of("examples", "specs", "ma-ldp", name);
    }

    @Test
    void theBundledPaperSpecWithPaperLiteralRewardsIsRefused(@TempDir Path directory) {
        Cli.assertBadRun(directory, bundled("paper-quick.yaml"), List.of("environment.rewards=paper-literal"),
                REFUSAL);
        Cli.assertBadRun(directory, bundled("baseline-quick.yaml"), List.of("environment.rewards=paper-literal"),
                REFUSAL);
    }

    @Test
    void aGridWhoseSecondRewardScaleIsPaperLiteralRunsNoTrial(@TempDir Path directory) throws Exception {
        PreflightCli cli = new PreflightCli();
        cli.assertRefusedBeforeAnyTrial(directory, spec("[normalised, paper-literal]"), REFUSAL);
        // the control: the normalised scale alone runs all 3 episodes
        Path control = Files.createDirectories(directory.resolve("control"));
        assertEquals(3, cli.episodesOfARun(control, spec("[normalised]")));
    }

    private static String spec(String scales) {
        return """
                name: reward-scale
                environment: network-mdp(n=2, q=1, d=2, horizon=5)
                learner: ma-ldp(bonus-scale=0.1)
                privatizer: none
                accountant: basic(gaussian-delta=0.01)
                delta: 0.1
                schedule:
                  episodes: 3
                evaluators: [episode-counter]
                trials: 1
                seed: 1000
                threads: 1
                grid:
                  environment.rewards: %s
                """.formatted(scales);
    }

    @Test
    void listSaysWhichRewardsMaLdpAcceptsAndWhatEachNetworkScaleDeclares() {
        Cli.Result list = Cli.run("list");
        assertEquals(0, list.code(), list.err());
        String out = list.out().replaceAll("\\s+", " ");
        assertTrue(out.contains("an environment whose declared RewardRange is not within [0, 1] (e.g. "
                + "network-mdp(rewards=paper-literal)) or that declares none is refused when the run is checked"),
                "ma-ldp description");
        assertTrue(out.contains("Declares its per-step reward range (RewardRange): [0, 1] with rewards=normalised, "
                + "[0, 1000] with rewards=paper-literal, which ma-ldp refuses"), "network-mdp description");
    }
}
