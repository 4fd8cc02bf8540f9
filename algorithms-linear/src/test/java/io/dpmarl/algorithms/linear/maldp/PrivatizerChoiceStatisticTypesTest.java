package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
    private static final class Typed extends AbstractPrivatizer {
        private final String name;
        private final Set<Class<? extends Statistic>> accepted;

        Typed(String name, Set<Class<? extends Statistic>> accepted) {
            this.name = name;
            this.accepted = accepted;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public PrivacyGuarantee guarantee() {
            return new PrivacyGuarantee.PureDp(1.0);
        }

        @Override
        public Neighbouring neighbouring() {
            return Neighbouring.RECORD;
        }

        @Override
        public Sensitivity sensitivity() {
            return Sensitivity.l1(1e9);
        }

        @Override
        public Set<Class<? extends Statistic>> accepts() {
            return accepted;
        }

        @Override
        public PrivacyEvent event() {
            return new PrivacyEvent.PureEvent(1.0);
        }

        @Override
        protected Statistic perturb(Statistic input, NoiseSource noise) {
            return input;
        }
    }

    private static PluginProvider<Privatizer> provider(Typed privatizer) {
        return new PluginProvider<>() {
            @Override
            public PluginKind kind() {
                return PluginKind.PRIVATIZER;
            }

            @Override
            public String name() {
                return privatizer.name();
            }

            @Override
            public String description() {
                return "test double accepting " + privatizer.accepts();
            }

            @Override
            public ParamSpec parameters() {
                return ParamSpec.of();
            }

            @Override
            public Privatizer create(Params params, PluginContext context) {
                return privatizer;
            }
        };
    }

    private static final Registry DOUBLES = Registry.of(List.of(
            provider(new Typed("matrix-only", Set.of(Statistic.SymmetricMatrix.class))),
            provider(new Typed("vector-only", Set.of(Statistic.Vector.class))),
            provider(new Typed("scalar-only", Set.of(Statistic.Scalar.class))),
            provider(new Typed("both", Set.of(Statistic.SymmetricMatrix.class, Statistic.Vector.class)))));

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
