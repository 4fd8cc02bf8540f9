package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The Hamming sensitivity of categorical and symbolic releases: it counts the coordinates that may differ, so no
 * numeric noise can be calibrated to it, and {@link Sensitivity#requireNumeric} refuses it by name.
 */
class SensitivityHammingTest {
    private static final String REASON = ": the sensitivity norm must be one of L1, L2, LINF to calibrate numeric"
            + " noise, got HAMMING (a Hamming sensitivity counts the coordinates that may differ, whatever their"
            + " values: no noise scale can be calibrated to it)";

    @Test
    void hammingIsAnIntegerCountOfAtLeastOneCoordinate() {
        assertEquals(new Sensitivity(Sensitivity.Norm.HAMMING, 3), Sensitivity.hamming(3));
        assertEquals(new Sensitivity(Sensitivity.Norm.HAMMING, 1), Sensitivity.hamming(1));
        assertEquals("sensitivity must be in [1, inf), got 0",
                assertThrows(IllegalArgumentException.class, () -> Sensitivity.hamming(0)).getMessage());
    }

    @Test
    void numericNormsPassAndHammingIsRefusedNamingTheOwner() {
        assertSame(Sensitivity.Norm.L1, Sensitivity.requireNumeric("laplace", Sensitivity.Norm.L1));
        assertSame(Sensitivity.Norm.L2, Sensitivity.requireNumeric("gaussian", Sensitivity.Norm.L2));
        assertSame(Sensitivity.Norm.LINF, Sensitivity.requireNumeric("uniform", Sensitivity.Norm.LINF));
        assertEquals("my-privatizer" + REASON, assertThrows(IllegalArgumentException.class,
                () -> Sensitivity.requireNumeric("my-privatizer", Sensitivity.Norm.HAMMING)).getMessage());
        assertEquals("my-privatizer: the sensitivity norm must be one of L1, L2, LINF to calibrate numeric noise, got"
                + " null (a Hamming sensitivity counts the coordinates that may differ, whatever their values: no noise"
                + " scale can be calibrated to it)", assertThrows(IllegalArgumentException.class,
                () -> Sensitivity.requireNumeric("my-privatizer", null)).getMessage());
    }
}
