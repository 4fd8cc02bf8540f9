package io.dpmarl.mechanisms.accounting;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * High-precision reference arithmetic for the directed-rounding tests: exp, log and erfc in {@link BigDecimal},
 * computed with 80 significant digits (erfc with 160) and meant to be compared at {@link #CONTEXT} (50 digits), far
 * beyond the 16 of a double. exp by its Taylor series after halving the argument below 1/2 and squaring back; log
 * by Newton's iteration on exp from the double logarithm (each step doubles the correct digits); erfc as 1 minus the
 * Taylor series of erf (for |x| at most 8, where the series loses at most 28 digits to cancellation).
 *
 * <p>exp, log and erfc are memoised by argument: the references do not depend on the code under test, and a
 * mutation-testing run evaluates the same references once per mutant (the cache keeps the gate's time down). PIT
 * starts a new JVM for every mutated class and after every timed-out mutant, so the values a JVM computed are also
 * written, at its exit, to a file under {@code target/high-precision-memo/H} (H: the SHA-256 of this class's
 * bytecode, so a changed derivation never reads the values of the old one), and every JVM starts by reading the
 * files there. A value read back is the one this code computed, digit for digit ({@code BigDecimal}'s string form
 * round-trips value and scale); without a writable {@code target} directory the memo stays in memory.
 */
final class HighPrecision {
    /** The precision of the comparisons. */
    static final MathContext CONTEXT = new MathContext(50, RoundingMode.HALF_EVEN);
    private static final MathContext WORK = new MathContext(80, RoundingMode.HALF_EVEN);
    private static final MathContext WIDE = new MathContext(160, RoundingMode.HALF_EVEN);
    private static final BigDecimal PI = new BigDecimal("3.14159265358979323846264338327950288419716939937510"
            + "58209749445923078164062862089986280348253421170679"
            + "821480865132823066470938446095505822317253594081284811");
    private static final BigDecimal HALF = new BigDecimal("0.5");
    /** Largest number of memoised values per function; the cache is emptied when it is reached. */
    private static final int CACHE_LIMIT = 100_000;
    private static final Map<BigDecimal, BigDecimal> EXP = new ConcurrentHashMap<>();
    private static final Map<BigDecimal, BigDecimal> LOG = new ConcurrentHashMap<>();
    private static final Map<BigDecimal, BigDecimal> ERFC = new ConcurrentHashMap<>();
    /** Lines "function argument value" computed by this JVM, written to {@link #DISK} at exit. */
    private static final Queue<String> COMPUTED = new ConcurrentLinkedQueue<>();
    /** The memo files' directory, or null (memory only). */
    private static final Path DISK = openDiskMemo();
    private static final BigDecimal LOG_TEN = logNear(BigDecimal.TEN);

    private HighPrecision() {
    }

    /** The exact value of a double. */
    static BigDecimal exact(double x) {
        return new BigDecimal(x);
    }

    /** e^x. */
    static BigDecimal exp(BigDecimal x) {
        return memoised(EXP, "exp", x, argument -> exp(argument, WORK));
    }

    private static BigDecimal memoised(Map<BigDecimal, BigDecimal> cache, String name, BigDecimal argument,
                                       Function<BigDecimal, BigDecimal> function) {
        BigDecimal value = cache.get(argument);
        if (value == null) {
            value = function.apply(argument);
            if (cache.size() >= CACHE_LIMIT) {
                cache.clear();
            }
            cache.put(argument, value);
            if (DISK != null) {
                COMPUTED.add(name + " " + argument + " " + value);
            }
        }
        return value;
    }

    /** The memo map of a function name in the files. */
    private static Map<BigDecimal, BigDecimal> cacheNamed(String name) {
        return switch (name) {
            case "exp" -> EXP;
            case "log" -> LOG;
            case "erfc" -> ERFC;
            default -> throw new IllegalStateException("unknown memo function " + name);
        };
    }

    /**
     * Reads the memo files of this bytecode and registers the writer of this JVM's values; null when the test
     * classes are not a directory under a build directory (then the memo is per JVM).
     */
    private static Path openDiskMemo() {
        try {
            Path classes = Path.of(HighPrecision.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isDirectory(classes) || classes.getParent() == null) {
                return null;
            }
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            try (InputStream bytecode = HighPrecision.class.getResourceAsStream("HighPrecision.class")) {
                if (bytecode == null) {
                    return null;
                }
                sha.update(bytecode.readAllBytes());
            }
            Path directory = classes.getParent().resolve("high-precision-memo")
                    .resolve(HexFormat.of().formatHex(sha.digest()));
            Files.createDirectories(directory);
            try (Stream<Path> files = Files.list(directory)) {
                for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".memo")).toList()) {
                    readMemoFile(file);
                }
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> writeMemoFile(directory)));
            return directory;
        } catch (IOException | URISyntaxException | NoSuchAlgorithmException | SecurityException
                 | UncheckedIOException e) {
            return null;
        }
    }

    private static void readMemoFile(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        for (String line : lines) {
            String[] fields = line.split(" ");
            if (fields.length == 3) {
                Map<BigDecimal, BigDecimal> cache = cacheNamed(fields[0]);
                if (cache.size() < CACHE_LIMIT) {
                    cache.put(new BigDecimal(fields[1]), new BigDecimal(fields[2]));
                }
            }
        }
    }

    /** Writes this JVM's values to a new file, complete or not at all (written aside, then moved into place). */
    private static void writeMemoFile(Path directory) {
        if (COMPUTED.isEmpty()) {
            return;
        }
        try {
            String name = ProcessHandle.current().pid() + "-" + System.nanoTime();
            Path partial = directory.resolve(name + ".partial");
            Files.write(partial, List.copyOf(COMPUTED), StandardCharsets.US_ASCII);
            Files.move(partial, directory.resolve(name + ".memo"), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // the memo only saves time: without it the next JVM computes the values again
        }
    }

    private static BigDecimal exp(BigDecimal x, MathContext context) {
        int halvings = 0;
        BigDecimal reduced = x;
        while (reduced.abs().compareTo(HALF) > 0) {
            reduced = reduced.divide(BigDecimal.valueOf(2), context);
            halvings++;
        }
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal term = BigDecimal.ONE;
        BigDecimal tiny = BigDecimal.ONE.movePointLeft(context.getPrecision() + 5);
        for (int n = 1; n < 400 && term.abs().compareTo(tiny) > 0; n++) {
            term = term.multiply(reduced, context).divide(BigDecimal.valueOf(n), context);
            sum = sum.add(term, context);
        }
        for (int i = 0; i < halvings; i++) {
            sum = sum.multiply(sum, context);
        }
        return sum;
    }

    /** The natural log of a positive number: {@code log(u 10^k) = log(u) + k log(10)} with u in [1, 10). */
    static BigDecimal log(BigDecimal y) {
        return memoised(LOG, "log", y, HighPrecision::logUncached);
    }

    private static BigDecimal logUncached(BigDecimal y) {
        int power = y.precision() - y.scale() - 1;
        if (power == 0) {
            return logNear(y);
        }
        return logNear(y.movePointLeft(power)).add(LOG_TEN.multiply(BigDecimal.valueOf(power)), WORK);
    }

    private static BigDecimal logNear(BigDecimal y) {
        BigDecimal z = new BigDecimal(Math.log(y.doubleValue()));
        for (int i = 0; i < 4; i++) {
            // z + y e^{-z} - 1: Newton's step for e^z = y
            z = z.add(y.multiply(exp(z.negate(), WORK), WORK), WORK).subtract(BigDecimal.ONE, WORK);
        }
        return z;
    }

    /** log(1 + x) for x &gt; -1 (the argument 1 + x is formed exactly). */
    static BigDecimal log1p(BigDecimal x) {
        return log(BigDecimal.ONE.add(x));
    }

    /** sqrt(x) for x &gt;= 0. */
    static BigDecimal sqrt(BigDecimal x) {
        return x.sqrt(WORK);
    }

    /** erfc(x) for |x| &lt;= 8. */
    static BigDecimal erfc(BigDecimal x) {
        return memoised(ERFC, "erfc", x, HighPrecision::erfcUncached);
    }

    private static BigDecimal erfcUncached(BigDecimal x) {
        if (x.abs().compareTo(BigDecimal.valueOf(8)) > 0) {
            throw new IllegalArgumentException("erfc reference only for |x| <= 8, got " + x);
        }
        BigDecimal square = x.multiply(x, WIDE);
        BigDecimal power = x;
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal factorial = BigDecimal.ONE;
        BigDecimal tiny = BigDecimal.ONE.movePointLeft(WIDE.getPrecision());
        for (int n = 0; n < 2000; n++) {
            if (n > 0) {
                factorial = factorial.multiply(BigDecimal.valueOf(n));
                power = power.multiply(square, WIDE).negate();
            }
            BigDecimal term = power.divide(factorial.multiply(BigDecimal.valueOf(2L * n + 1)), WIDE);
            sum = sum.add(term, WIDE);
            if (n > 10 && term.abs().compareTo(tiny) < 0) {
                break;
            }
        }
        BigDecimal erf = sum.multiply(BigDecimal.valueOf(2)).divide(PI.sqrt(WIDE), WIDE);
        return BigDecimal.ONE.subtract(erf, WIDE);
    }

    /** The standard normal CDF Phi(x) = erfc(-x / sqrt 2) / 2, for |x| &lt;= 11. */
    static BigDecimal normalCdf(BigDecimal x) {
        BigDecimal argument = x.negate().divide(BigDecimal.valueOf(2).sqrt(WIDE), WIDE);
        return erfc(argument).divide(BigDecimal.valueOf(2), WIDE);
    }

    /** Whether {@code value} is at least the exact {@code reference}. */
    static boolean atLeast(double value, BigDecimal reference) {
        if (value == Double.POSITIVE_INFINITY) {
            return true;
        }
        return exact(value).compareTo(reference) >= 0;
    }

    /** Whether {@code value} is at most {@code reference + slack} (slack a double, exact). */
    static boolean atMostPlus(double value, BigDecimal reference, double slack) {
        return exact(value).compareTo(reference.add(exact(slack))) <= 0;
    }

    /** A log-uniform double in [low, high] (positive bounds). */
    static double logUniform(java.util.Random random, double low, double high) {
        return Math.exp(Math.log(low) + random.nextDouble() * (Math.log(high) - Math.log(low)));
    }
}
