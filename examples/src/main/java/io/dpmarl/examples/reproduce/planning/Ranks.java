package io.dpmarl.examples.reproduce.planning;

/** Spearman's rank correlation with average ranks for ties. */
final class Ranks {
    private Ranks() {
    }

    static double spearman(double[] x, double[] y) {
        double[] rx = ranks(x);
        double[] ry = ranks(y);
        double mx = 0;
        double my = 0;
        for (int i = 0; i < x.length; i++) {
            mx += rx[i] / x.length;
            my += ry[i] / x.length;
        }
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (rx[i] - mx) * (ry[i] - my);
            sxx += (rx[i] - mx) * (rx[i] - mx);
            syy += (ry[i] - my) * (ry[i] - my);
        }
        return sxy / Math.sqrt(sxx * syy);
    }

    static double[] ranks(double[] values) {
        double[] ranks = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            int below = 0;
            int equal = 0;
            for (double other : values) {
                below += other < values[i] ? 1 : 0;
                equal += other == values[i] ? 1 : 0;
            }
            ranks[i] = below + (equal + 1) / 2.0;
        }
        return ranks;
    }
}
