package io.dpmarl.mechanisms.accounting;

import java.lang.reflect.Field;
import java.util.Map;

/**
 * Empties the basic accountant's Gaussian memo ({@code BasicAccountant.gaussianEpsilon}: its map and its last pair,
 * both private) by reflection. The memo is a cache, so emptying it changes no value; the memo tests start from it
 * because the memo is static: under mutation testing one JVM runs the tests of many mutants of a class in turn, and
 * a memo filled under an earlier mutant would make a test that compares the memo with a fresh inversion fail for a
 * mutant that changes nothing.
 */
final class GaussianMemo {
    private GaussianMemo() {
    }

    /** Empties the memo and returns its map (for tests that inspect it). */
    static Map<?, ?> reset() throws ReflectiveOperationException {
        Field map = BasicAccountant.class.getDeclaredField("GAUSSIAN_EPSILONS");
        map.setAccessible(true);
        Map<?, ?> memo = (Map<?, ?>) map.get(null);
        memo.clear();
        Field last = BasicAccountant.class.getDeclaredField("lastGaussian");
        last.setAccessible(true);
        last.set(null, null);
        return memo;
    }
}
