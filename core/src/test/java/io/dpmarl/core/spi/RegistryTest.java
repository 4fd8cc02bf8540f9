package io.dpmarl.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.fixtures.BasicPureAccountant;
import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.rng.NoiseSource;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plugin registry: listing, lookup, creation from spec strings and its error messages. */
class RegistryTest {

    /** A privatizer provider with one required and one defaulted parameter; records what it was given. */
    static final class ToyProvider implements PluginProvider<Privatizer> {
        Params lastParams;
        PluginContext lastContext;

        @Override
        public PluginKind kind() {
            return PluginKind.PRIVATIZER;
        }

        @Override
        public String name() {
            return "toy";
        }

        @Override
        public String description() {
            return "test privatizer";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(Param.real("epsilon", "budget").above(0).finite(),
                    Param.real("sensitivity", "L1").above(0).finite().withDefault(1.0));
        }

        @Override
        public Privatizer create(Params params, PluginContext context) {
            lastParams = params;
            lastContext = context;
            return new ToyPrivatizer();
        }
    }

    static class AccountantProvider implements PluginProvider<Accountant> {
        private final String name;

        AccountantProvider(String name) {
            this.name = name;
        }

        @Override
        public PluginKind kind() {
            return PluginKind.ACCOUNTANT;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return "test accountant";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Accountant create(Params params, PluginContext context) {
            return new BasicPureAccountant();
        }
    }

    private final ToyProvider toy = new ToyProvider();
    private final Registry registry = Registry.of(List.of(toy, new AccountantProvider("zeta"),
            new AccountantProvider("alpha")));

    @Test
    void listsProvidersOfAKindSortedByName() {
        assertEquals(List.of("alpha", "zeta"),
                registry.list(PluginKind.ACCOUNTANT).stream().map(PluginProvider::name).toList());
        assertEquals(1, registry.list(PluginKind.PRIVATIZER).size());
        assertTrue(registry.list(PluginKind.ENVIRONMENT).isEmpty());
    }

    @Test
    void createsFromSpecStringWithValidatedParameters() {
        Privatizer privatizer = registry.create(PluginKind.PRIVATIZER, Privatizer.class, "toy(epsilon=0.5)");
        assertInstanceOf(ToyPrivatizer.class, privatizer);
        assertEquals(0.5, toy.lastParams.real("epsilon"));
        assertEquals(1.0, toy.lastParams.real("sensitivity"));
        assertFalse(toy.lastContext.noise().isSeeded(), "a standalone context must use secure noise");
        assertSame(registry, toy.lastContext.registry());
    }

    @Test
    void createPassesTheGivenContext() {
        PluginContext context = PluginContext.standalone(registry);
        registry.create(PluginKind.PRIVATIZER, Privatizer.class, "toy(epsilon=1)", context);
        assertSame(context, toy.lastContext);
    }

    @Test
    void resolvesParamsWithoutCreating() {
        assertEquals("toy(epsilon=2.0, sensitivity=3.0)",
                registry.params(PluginKind.PRIVATIZER, "toy(sensitivity=3, epsilon=2)").toSpec());
        assertEquals(null, toy.lastParams);
    }

    @Test
    void unknownNameListsKnownNames() {
        assertEquals("unknown accountant plugin 'rdp'; known: alpha, zeta", assertThrows(IllegalArgumentException.class,
                () -> registry.create(PluginKind.ACCOUNTANT, Accountant.class, "rdp")).getMessage());
        assertEquals("unknown environment plugin 'grid'; known: none", assertThrows(IllegalArgumentException.class,
                () -> registry.provider(PluginKind.ENVIRONMENT, "grid")).getMessage());
    }

    /**
     * A likely typo gets one suggestion, then the known names as a sentence of their own: "alpa" is one insertion
     * from "alpha" (within the typo distance max(1, 4 / 3) = 1) and three from "zeta".
     */
    @Test
    void unknownNameWithATypoSuggestsTheClosestThenListsTheKnownNames() {
        assertEquals("unknown accountant plugin 'alpa'; did you mean 'alpha'? Known: alpha, zeta",
                assertThrows(IllegalArgumentException.class,
                        () -> registry.provider(PluginKind.ACCOUNTANT, "alpa")).getMessage());
    }

    @Test
    void unknownOrOutOfRangeParameterIsReported() {
        assertEquals("toy: unknown parameter 'eps'; accepted: epsilon, sensitivity", assertThrows(
                IllegalArgumentException.class,
                () -> registry.create(PluginKind.PRIVATIZER, Privatizer.class, "toy(eps=1)")).getMessage());
        assertEquals("toy: parameter 'epsilon' must be in (0, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> registry.create(PluginKind.PRIVATIZER, Privatizer.class, "toy(epsilon=0)")).getMessage());
        assertEquals("toy: missing required parameter 'epsilon' ((0, inf))", assertThrows(
                IllegalArgumentException.class,
                () -> registry.create(PluginKind.PRIVATIZER, Privatizer.class, "toy")).getMessage());
    }

    @Test
    void wrongRequestedTypeIsRejected() {
        assertEquals("privatizer plugins create Privatizer, not Environment", assertThrows(
                IllegalArgumentException.class,
                () -> registry.create(PluginKind.PRIVATIZER, Environment.class, "toy(epsilon=1)")).getMessage());
    }

    @Test
    void twoClassesWithOneNameAreRejected() {
        PluginProvider<Privatizer> other = new PluginProvider<>() {
            @Override
            public PluginKind kind() {
                return PluginKind.PRIVATIZER;
            }

            @Override
            public String name() {
                return "toy";
            }

            @Override
            public String description() {
                return "clash";
            }

            @Override
            public ParamSpec parameters() {
                return ParamSpec.none();
            }

            @Override
            public Privatizer create(Params params, PluginContext context) {
                return new ToyPrivatizer();
            }
        };
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> Registry.of(List.of(new ToyProvider(), other)));
        assertTrue(error.getMessage().startsWith("two privatizer plugins are named 'toy'"), error.getMessage());
        // The same provider class found twice (for example on two class loaders) is not a clash.
        Registry.of(List.of(new ToyProvider(), new ToyProvider()));
    }

    @Test
    void kindLabelsAreLowerCase() {
        assertEquals("privatizer", PluginKind.PRIVATIZER.label());
        assertEquals(Accountant.class, PluginKind.ACCOUNTANT.type());
    }

    @Test
    void standaloneContextRequiresEnvironmentWhereNeeded() {
        PluginContext context = PluginContext.standalone(registry);
        assertEquals("learner-x needs an environment in its pipeline", assertThrows(IllegalArgumentException.class,
                () -> context.requireEnvironment("learner-x")).getMessage());
        assertEquals(0L, context.streams().seed());
        NoiseSource noise = context.noise();
        assertFalse(noise.isSeeded());
    }

    /** An accountant that takes a nested privatizer (only to test nested validation). */
    static final class NestingProvider extends AccountantProvider {
        NestingProvider() {
            super("nesting");
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(Param.plugin("privatizer", PluginKind.PRIVATIZER, "nested").withDefault(Param.NONE),
                    Param.plugin("required", PluginKind.PRIVATIZER, "nested, required").withDefault("toy(epsilon=1)"));
        }
    }

    @Test
    void nestedPluginParametersAreValidatedByTheRegistry() {
        Registry nesting = Registry.of(List.of(toy, new NestingProvider()));
        Params params = nesting.params(PluginKind.ACCOUNTANT, "nesting(privatizer=toy(epsilon=2))");
        assertEquals("toy(epsilon=2)", params.plugin("privatizer").orElseThrow());
        assertEquals(java.util.Optional.empty(), nesting.params(PluginKind.ACCOUNTANT, "nesting").plugin("privatizer"));
        assertEquals("nesting: parameter 'privatizer' must be a privatizer plugin spec or none: unknown privatizer "
                + "plugin 'local'; known: toy", assertThrows(IllegalArgumentException.class,
                () -> nesting.params(PluginKind.ACCOUNTANT, "nesting(privatizer=local)")).getMessage());
        assertEquals("nesting: parameter 'privatizer' must be a privatizer plugin spec or none: toy: parameter "
                + "'epsilon' must be in (0, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> nesting.create(PluginKind.ACCOUNTANT, Accountant.class, "nesting(privatizer=toy(epsilon=0))"))
                .getMessage());
        // "none" is only accepted where the parameter is optional.
        assertEquals("nesting: parameter 'required' must be a privatizer plugin spec: unknown privatizer plugin "
                + "'none'; known: toy", assertThrows(IllegalArgumentException.class,
                () -> nesting.params(PluginKind.ACCOUNTANT, "nesting(required=none)")).getMessage());
    }
}
