package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * {@link SubsampledGaussianSeries#logAGaussianBound} is an upper bound of the exact {@code (alpha - 1) alpha / (2
 * sigma^2)} also above 2^53, where the double {@code alpha - 1} is not the real one. At sigma = 1 the rounded-up
 * {@code 1 / (2 sigma^2)} is 1/2 exactly. With alpha = 2^53 + 2 (a double: even, 54 bits), {@code alpha / 2 = 2^52 +
 * 1} is exact, and the real {@code alpha - 1 = 2^53 + 1} is not a double: it lies halfway between 2^53 and 2^53 +
 * 2, and the double subtraction rounds it to the even 2^53, below. The exact bound is {@code (2^53 + 1)(2^52 + 1) =
 * 2^105 + 2^53 + 2^52 + 1}; with alpha - 1 rounded down the product is {@code 2^53 (2^52 + 1) = 2^105 + 2^53}, a
 * double, and short of it by {@code 2^52 + 1}.
 */
class SubsampledGaussianSeriesGaussianBoundTest {

    @Test
    void theBoundAboveTwoToThe53IsAtLeastTheExactProduct() {
        double alpha = 0x1p53 + 2;
        assertEquals(0x1p53, alpha - 1, 0.0, "the double alpha - 1 rounds down, as derived above");
        BigDecimal two = BigDecimal.valueOf(2);
        BigDecimal exact = two.pow(105).add(two.pow(53)).add(two.pow(52)).add(BigDecimal.ONE);
        BigDecimal bound = new BigDecimal(SubsampledGaussianSeries.logAGaussianBound(1.0, alpha));
        assertTrue(bound.compareTo(exact) >= 0, "bound " + bound + " below the exact " + exact);
        // and tight: at most two steps of 2^53 (the spacing of the doubles in [2^105, 2^106)) above the exact value,
        // the rounding up of alpha - 1 (by 1, times 2^52 + 1) and of the product (less than one step)
        assertTrue(bound.compareTo(exact.add(two.pow(54))) <= 0, "bound " + bound);
    }

    /** Up to 2^53 the double alpha - 1 is exact, and so is the bound where the product is a double. */
    @Test
    void belowTwoToThe53TheBoundIsTheExactProduct() {
        // alpha = 2^52 + 1: (alpha - 1) alpha / 2 = 2^51 (2^52 + 1) = 2^103 + 2^51, a double (53 significant bits)
        assertEquals(0x1p103 + 0x1p51, SubsampledGaussianSeries.logAGaussianBound(1.0, 0x1p52 + 1), 0.0);
        // alpha = 3, sigma = 1: 2 x 3 / 2 = 3
        assertEquals(3.0, SubsampledGaussianSeries.logAGaussianBound(1.0, 3.0), 0.0);
    }
}
