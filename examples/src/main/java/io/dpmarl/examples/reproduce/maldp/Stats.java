package io.dpmarl.examples.reproduce.maldp;

/** Means, standard errors and formatting for the MA-LDP claims (sample statistics over trials). */
final class Stats {
    private Stats() {
    }

    static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    /** Sample standard deviation (n - 1); 0 for one value. */
    static double sd(double[] values) {
        if (values.length < 2) {
            return 0.0;
        }
        double mean = mean(values);
        double sum = 0;
        for (double value : values) {
            sum += (value - mean) * (value - mean);
        }
        return Math.sqrt(sum / (values.length - 1));
    }

    /** Standard error of the mean. */
    static double se(double[] values) {
        return sd(values) / Math.sqrt(values.length);
    }

    /** Paired differences {@code b - a} over the common trials. */
    static double[] difference(double[] a, double[] b) {
        int n = Math.min(a.length, b.length);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = b[i] - a[i];
        }
        return out;
    }

    /** The separation {@code mean / se} of paired differences (infinite sign if se = 0 and mean != 0). */
    static double separation(double[] differences) {
        double mean = mean(differences);
        double se = se(differences);
        return se == 0 ? (mean == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, mean)) : mean / se;
    }

    static String format(double value) {
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return String.valueOf((long) value);
        }
        if (Math.abs(value) >= 100) {
            return String.format(java.util.Locale.ROOT, "%.1f", value);
        }
        return new java.math.BigDecimal(value).round(new java.math.MathContext(4)).stripTrailingZeros()
                .toPlainString();
    }

    /** {@code "mean +- se (n)"}. */
    static String meanSe(double[] values) {
        return format(mean(values)) + " +- " + format(se(values)) + " (n=" + values.length + ")";
    }
}
