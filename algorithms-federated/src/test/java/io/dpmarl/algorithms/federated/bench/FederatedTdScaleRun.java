package io.dpmarl.algorithms.federated.bench;

import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureScaling;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.environments.fedtd.RandomFederatedCostChain;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A large federated TD(lambda) run for the module README (not a unit test): builds the random cost chain of
 * N agents, S states and K features (mean costs generated on demand), then runs rounds on one trajectory, each
 * drawing s_{t+1} and the N costs into one reused array and calling the team's allocation-free
 * {@link FederatedTdLambda#advance}. Prints the mean wall-clock time per round of the two parts, the peak heap
 * (sum of the heap pools' peaks) and the peak resident set (VmHWM). Arguments: N K S threads rounds.
 */
public final class FederatedTdScaleRun {
    private FederatedTdScaleRun() {
    }

    public static void main(String[] args) throws Exception {
        int agents = Integer.parseInt(args[0]);
        int features = Integer.parseInt(args[1]);
        int states = Integer.parseInt(args[2]);
        int threads = Integer.parseInt(args[3]);
        int rounds = Integer.parseInt(args[4]);
        long start = System.nanoTime();
        FederatedCostModel model = RandomFederatedCostChain.generate(agents, states, features,
                FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5, new SplittableRandom(1));
        SplittableRandom random = new SplittableRandom(2);
        double[] costs = new double[agents];
        try (FederatedTdLambda team = new FederatedTdLambda(model.features(), AggregationWeights.uniform(agents),
                TdParameters.of(0.9, 0.5, StepSizes.constant(0.02)), model.costBound(),
                new double[agents * features], Optional.empty(), threads)) {
            double setup = (System.nanoTime() - start) * 1e-9;
            int state = random.nextInt(states);
            team.begin(state);
            int warmup = Math.max(3, rounds / 4);
            long sampling = 0;
            long stepping = 0;
            for (int t = 0; t < warmup + rounds; t++) {
                long t0 = System.nanoTime();
                int next = model.sampleNext(state, random);
                model.sampleCosts(state, next, random, costs);
                long t1 = System.nanoTime();
                team.advance(next, costs);
                long t2 = System.nanoTime();
                if (t >= warmup) {
                    sampling += t1 - t0;
                    stepping += t2 - t1;
                }
                state = next;
            }
            long peakHeap = 0;
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                    peakHeap += pool.getPeakUsage().getUsed();
                }
            }
            String hwm = Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(line -> line.startsWith("VmHWM")).findFirst().orElse("VmHWM: n/a").replaceAll("\\s+", " ");
            System.out.printf("N=%d K=%d S=%d threads=%d rounds=%d (after %d warm-up): set-up %.1f s, "
                            + "per round: round %.2f ms, cost sampling %.2f ms; peak heap %.0f MB, %s; "
                            + "theta alone %.0f MB; c-average theta_1 %.6f; clipped %d%n",
                    agents, features, states, threads, rounds, warmup, setup, stepping / 1e6 / rounds,
                    sampling / 1e6 / rounds, peakHeap / 1048576.0, hwm, 8.0 * agents * features / 1048576.0,
                    team.averageParameters()[0], team.clippedCosts());
        }
    }
}
