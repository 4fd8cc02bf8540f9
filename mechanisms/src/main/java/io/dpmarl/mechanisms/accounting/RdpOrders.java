package io.dpmarl.mechanisms.accounting;

import java.util.Arrays;

/**
 * Grids of Renyi orders alpha at which the RDP accountant evaluates curves. The conversion to
 * (epsilon, delta) takes the best order of the grid, so a finer grid can only lower epsilon; every
 * order gives a valid bound.
 */
public final class RdpOrders {
    private static final double[] DEFAULT = buildDefault();

    private RdpOrders() {
    }

    /**
     * The default grid, that of Google's dp_accounting {@code DEFAULT_RDP_ORDERS}:
     * {@code 1.1, 1.2, ..., 10.9} (step 0.1), {@code 11, 12, ..., 63}, {@code 128, 256, 512, 1024}
     * (156 orders). The fine fractional part matters for large budgets, the large orders for tiny delta.
     */
    public static double[] defaults() {
        return DEFAULT.clone();
    }

    private static double[] buildDefault() {
        double[] orders = new double[99 + 53 + 4];
        int index = 0;
        for (int x = 1; x <= 99; x++) {
            orders[index++] = 1 + x / 10.0;
        }
        for (int alpha = 11; alpha <= 63; alpha++) {
            orders[index++] = alpha;
        }
        for (double alpha : new double[] {128, 256, 512, 1024}) {
            orders[index++] = alpha;
        }
        return orders;
    }

    /** The integer orders {@code from, from+1, ..., to}. */
    public static double[] integers(int from, int to) {
        if (from < 2 || to < from) {
            throw new IllegalArgumentException("integer orders need 2 <= from <= to, got from=" + from + ", to=" + to);
        }
        double[] orders = new double[to - from + 1];
        for (int i = 0; i < orders.length; i++) {
            orders[i] = from + i;
        }
        return orders;
    }

    /** Checks and copies a custom grid: every order must be in (1, inf]. */
    public static double[] of(double... orders) {
        if (orders == null || orders.length == 0) {
            throw new IllegalArgumentException("orders must be a non-empty list of numbers in (1, inf]");
        }
        for (double alpha : orders) {
            if (!(alpha > 1)) {
                throw new IllegalArgumentException("order alpha must be in (1, inf], got " + alpha);
            }
        }
        return Arrays.copyOf(orders, orders.length);
    }
}
