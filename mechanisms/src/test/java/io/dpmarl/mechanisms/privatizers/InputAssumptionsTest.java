package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every privatizer of this module states its input assumptions in its {@code dpmarl list} description (the
 * sensitivity bound it trusts, the clipping it does or does not do, what it refuses), and every input that breaks
 * a checkable assumption is refused before anything is charged or drawn: more coordinates than max-coordinates, a
 * NaN or infinite value, a non-integer or out-of-range count, a category of another size. Deterministic.
 */
class InputAssumptionsTest {
    private static final Registry REGISTRY = Registry.discover();

    /** A noise source that fails the test if a refused release draws from it. */
    private static final NoiseSource NO_DRAW = new NoiseSource() {
        @Override
        public long nextLong() {
            throw new AssertionError("a refused release must not draw noise");
        }

        @Override
        public boolean isSeeded() {
            return true;
        }
    };

    private static final double[] THREE = {1, 2, 3};

    /** Per privatizer name: a spec and the inputs that break its assumptions. */
    private static Map<String, Map.Entry<String, List<Statistic>>> violations() {
        List<Statistic> additive = List.of(new Statistic.Vector(THREE),
                new Statistic.Vector(new double[] {1, Double.NaN}),
                new Statistic.Scalar(Double.POSITIVE_INFINITY));
        List<Statistic> matrixAdditive = List.of(new Statistic.SymmetricMatrix(2, new double[] {1, 2, 2, 4}),
                new Statistic.SymmetricMatrix(1, new double[] {Double.NaN}));
        List<Statistic> discrete = List.of(new Statistic.Scalar(2.5), new Statistic.Scalar(0x1p60),
                new Statistic.Counts(new long[] {1, 1L << 60}), new Statistic.Counts(new long[] {Long.MIN_VALUE}));
        Map<String, Map.Entry<String, List<Statistic>>> cases = new LinkedHashMap<>();
        cases.put("laplace", Map.entry("laplace(epsilon=1, max-coordinates=2)", additive));
        cases.put("gaussian", Map.entry("gaussian(epsilon=0.5, delta=1e-5, max-coordinates=2)", additive));
        cases.put("gaussian-zcdp", Map.entry("gaussian-zcdp(rho=0.5, max-coordinates=2)", additive));
        cases.put("uniform", Map.entry("uniform(a=5, max-coordinates=2)", additive));
        cases.put("bounded-laplace", Map.entry("bounded-laplace(epsilon=1, bound=5, max-coordinates=2)", additive));
        cases.put("ma-ldp", Map.entry("ma-ldp(mechanism=gaussian, calibration=sound, epsilon=1, release=matrix, nd=1, "
                + "max-coordinates=2)", matrixAdditive));
        cases.put("discrete-laplace", Map.entry("discrete-laplace(epsilon=1)", discrete));
        cases.put("discrete-gaussian", Map.entry("discrete-gaussian(sigma=2)", discrete));
        cases.put("randomized-response", Map.entry("randomized-response(epsilon=1, k=4)",
                List.of(new Statistic.Category(3, 5), new Statistic.Category(0, 2))));
        cases.put("symbolic-trajectory", Map.entry("symbolic-trajectory(epsilon=1, k=1, successors=0>0 1|1>0 1)",
                List.of(new Statistic.Category(2, 3), new Statistic.Scalar(1))));
        return cases;
    }

    @Test
    void everyDescriptionStatesWhatItTrustsAndWhatItRefuses() {
        List<String> missing = new ArrayList<>();
        for (PluginProvider<?> provider : REGISTRY.list(PluginKind.PRIVATIZER)) {
            if (!provider.getClass().getPackageName().startsWith("io.dpmarl.mechanisms")) {
                continue;
            }
            String description = provider.description();
            boolean trusts = description.contains("Trusts") || description.contains("no sensitivity to trust")
                    || description.contains("assumes nothing");
            boolean refuses = description.contains("refuses");
            boolean clipping = description.contains("clipped") || !description.contains("Trusts");
            if (!(trusts && refuses && clipping)) {
                missing.add(provider.name() + ": " + description);
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void inputsThatBreakAnAssumptionAreRefusedBeforeAnyChargeOrDraw() {
        Map<String, Map.Entry<String, List<Statistic>>> cases = violations();
        for (PluginProvider<?> provider : REGISTRY.list(PluginKind.PRIVATIZER)) {
            if (provider.getClass().getPackageName().startsWith("io.dpmarl.mechanisms")
                    && !provider.name().equals("non-private")) {
                assertTrue(cases.containsKey(provider.name()), "no violating input for " + provider.name());
            }
        }
        for (Map.Entry<String, Map.Entry<String, List<Statistic>>> entry : cases.entrySet()) {
            Privatizer privatizer = REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, entry.getValue().getKey());
            for (Statistic input : entry.getValue().getValue()) {
                PrivacyLedger ledger = PrivacyLedger.unaccounted();
                IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class,
                        () -> privatizer.release(input, NO_DRAW, ledger, LedgerKey.agent(0)),
                        entry.getKey() + " accepted " + input);
                assertEquals(0, ledger.charges(), entry.getKey() + " charged a refused " + input);
                assertTrue(refusal.getMessage() != null && !refusal.getMessage().isBlank());
            }
        }
    }

    /** The refusals are not over-eager: a valid input of the same shape is released and charged once. */
    @Test
    void validInputsOfTheSameShapesAreReleased() {
        Map<String, Statistic> valid = new LinkedHashMap<>();
        valid.put("laplace(epsilon=1, max-coordinates=2)", new Statistic.Vector(new double[] {1, 2}));
        valid.put("ma-ldp(mechanism=gaussian, calibration=sound, epsilon=1, release=matrix, nd=1, max-coordinates=1)",
                new Statistic.SymmetricMatrix(1, new double[] {0.5}));
        valid.put("discrete-laplace(epsilon=1)", new Statistic.Counts(new long[] {1, 1L << 53}));
        valid.put("discrete-gaussian(sigma=2)", new Statistic.Scalar(-(double) (1L << 53)));
        valid.put("randomized-response(epsilon=1, k=4)", new Statistic.Category(3, 4));
        for (Map.Entry<String, Statistic> entry : valid.entrySet()) {
            PrivacyLedger ledger = PrivacyLedger.unaccounted();
            REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, entry.getKey())
                    .release(entry.getValue(), NoiseSource.seeded(1), ledger, LedgerKey.agent(0));
            assertEquals(1, ledger.charges(), entry.getKey());
        }
    }
}
