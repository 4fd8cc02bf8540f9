package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.StubPrivatizer;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * MA-LDP releases two statistics per (user, agent, stage) through the privatizer: {@code Delta Lambda} as a
 * {@link Statistic.SymmetricMatrix} and {@code Delta u} as a {@link Statistic.Vector}; a privatizer spec other than
 * {@code ma-ldp} serves both, and {@link PrivatizerChoice} checks its sensitivity, not its statistic types. A
 * privatizer that accepts only one of them, or neither, is still refused when the learner is built: the learner
 * opens the first user's release streams then, each declaring its shape, and the privatizer refuses the shape it
 * does not accept (naming itself, what it accepts and the shape), before any trial runs and before anything is
 * charged; never at the first release in the middle of an episode.
 */
class PrivatizerChoiceStatisticTypesTest {
    private static final int HORIZON = 2;
    private static final int DIMENSION = 3;

    /** A test double: accepts {@code accepted}, L1 sensitivity 1e9 (above any bound here), releases the input. */
    @SafeVarargs
    private static PluginProvider<Privatizer> typed(String name, Class<? extends Statistic>... accepted) {
        return StubPrivatizer.named(name).accepts(accepted).sensitivity(Sensitivity.l1(1e9)).build().provider();
    }

    private static final Registry DOUBLES = Registry.of(List.of(
            typed("matrix-only", Statistic.SymmetricMatrix.class), typed("vector-only", Statistic.Vector.class),
            typed("scalar-only", Statistic.Scalar.class),
            typed("both", Statistic.SymmetricMatrix.class, Statistic.Vector.class)));

    /** The learner plugin's refusal of {@code privatizer} on the paper instance; checks nothing was charged. */
    private static String refusal(String privatizer) {
        List<PluginProvider<?>> providers = new ArrayList<>(DOUBLES.list(PluginKind.PRIVATIZER));
        for (PluginKind kind : PluginKind.values()) {
            providers.addAll(MaLdpHarness.REGISTRY.list(kind));
        }
        Registry registry = Registry.of(providers);
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0);
        PluginContext context = new PluginContext(RandomStreams.of(5), NoiseSource.seeded(6), ledger,
                Optional.of(MaLdpHarness.paperInstance()), registry, TrialMetrics.discarding(),
                Optional.of(Schedule.episodes(2)));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> registry.create(PluginKind.LEARNER, Learner.class, "ma-ldp(privatizer=" + privatizer
                        + ", bonus-scale=0.1, bonus=non-private)", context));
        assertEquals(0, ledger.charges(), "nothing charged");
        return refused.getMessage();
    }

    private static int dimension() {
        return MaLdpHarness.paperInstance().capability(LinearMixtureFeatures.class).orElseThrow().dimension();
    }

    /** The matrix stream opens first, so a privatizer without SymmetricMatrix is refused there, else at Vector. */
    @Test
    void aPrivatizerMissingEitherStatisticTypeIsRefusedWhenTheLearnerIsBuilt() {
        int d = dimension();
        assertEquals("vector-only accepts Vector, but the stream was opened for SymmetricMatrix(" + d + ")",
                refusal("vector-only"));
        assertEquals("scalar-only accepts Scalar, but the stream was opened for SymmetricMatrix(" + d + ")",
                refusal("scalar-only"));
        assertEquals("matrix-only accepts SymmetricMatrix, but the stream was opened for Vector(" + d + ")",
                refusal("matrix-only"));
    }

    @Test
    void aPrivatizerAcceptingBothIsUsedForBothReleases() {
        PluginContext context = new PluginContext(RandomStreams.of(5), NoiseSource.seeded(6),
                PrivacyLedger.unaccounted(), Optional.empty(), DOUBLES, TrialMetrics.discarding(), Optional.empty());
        PrivatizerChoice choice = PrivatizerChoice.of(Optional.of("both"), HORIZON, DIMENSION, context);
        assertEquals("both", choice.matrix().orElseThrow().name());
        assertEquals("both", choice.vector().orElseThrow().name());
    }

    /**
     * The bundled {@code discrete-laplace} accepts counts and scalars only: its declared L1 sensitivity (1e6, above
     * the L1 bound {@code (d + 1) H^2} of the paper instance) passes the sensitivity check, and the learner is
     * refused when built all the same.
     */
    @Test
    void aBundledScalarPrivatizerIsRefusedWhenTheLearnerIsBuilt() {
        String refused = refusal("discrete-laplace(epsilon=1, sensitivity=1000000)");
        // the accepted types are listed in the set's iteration order, which may differ from one JVM to the next
        assertTrue(refused.equals("discrete-laplace accepts Counts, Scalar, but the stream was opened for "
                + "SymmetricMatrix(" + dimension() + ")") || refused.equals("discrete-laplace accepts Scalar, Counts, "
                + "but the stream was opened for SymmetricMatrix(" + dimension() + ")"), refused);
    }
}
