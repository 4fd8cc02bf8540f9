package io.dpmarl.examples.cli;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.core.validation.Checks;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code dpmarl sample "PRIVATIZER-SPEC" --value X --n N [--seed S]}: prints N private releases of the scalar X,
 * one per line, from the named privatizer plugin (for example {@code laplace(epsilon=1, sensitivity=1)}).
 * Noise comes from {@link NoiseSource#secure()} unless {@code --seed} is given, in which case it is reproducible
 * (and gives no privacy against anyone who knows the seed). A randomized-response spec releases the category
 * X (an integer in {@code [0, k)}); a discrete privatizer needs an integer X. Releases are not accounted (the
 * ledger only logs): this command is for looking at noise. A bad spec, value or count is an
 * {@link IllegalArgumentException}, which the CLI maps to exit code 2.
 */
@Command(name = "sample", mixinStandardHelpOptions = true, description = "Print private releases of a value.")
public final class SampleCommand implements Callable<Integer> {
    @ParentCommand
    DpmarlCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PRIVATIZER-SPEC",
            description = "Privatizer plugin and parameters, e.g. \"laplace(epsilon=1, sensitivity=1)\".")
    String privatizerSpec;

    @Option(names = "--value", required = true, paramLabel = "X", description = "The value to release.")
    double value;

    @Option(names = "--n", defaultValue = "1", paramLabel = "N", description = "Number of releases (default 1).")
    long count;

    @Option(names = "--seed", paramLabel = "S",
            description = "Seed for reproducible noise (default: SecureRandom, not reproducible).")
    Long seed;

    @Override
    public Integer call() {
        Checks.atLeast("n", count, 1);
        Checks.finite("value", value);
        Registry registry = parent != null ? parent.registry() : Registry.discover();
        Privatizer privatizer = registry.create(PluginKind.PRIVATIZER, Privatizer.class, privatizerSpec,
                PluginContext.standalone(registry));
        NoiseSource noise = seed == null ? NoiseSource.secure() : NoiseSource.seeded(seed);
        Statistic input = input(privatizer);
        PrintWriter out = spec.commandLine().getOut();
        for (long i = 0; i < count; i++) {
            Statistic release = privatizer.release(input, noise, PrivacyLedger.unaccounted(), LedgerKey.global());
            out.println(format(release));
        }
        out.flush();
        return 0;
    }

    private Statistic input(Privatizer privatizer) {
        boolean discrete = privatizer.accepts().contains(Statistic.Counts.class)
                && !privatizer.accepts().contains(Statistic.Vector.class);
        if (discrete) {
            if (value != Math.rint(value) || Math.abs(value) > 0x1p53) {
                throw new IllegalArgumentException("value must be an integer count, got " + value);
            }
            return new Statistic.Counts(new long[] {(long) value});
        }
        if (privatizer.accepts().contains(Statistic.Scalar.class)) {
            return new Statistic.Scalar(value);
        }
        if (privatizer.accepts().contains(Statistic.Category.class)) {
            if (value != Math.rint(value) || value < 0 || value > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("value must be a category index in [0, k), got " + value);
            }
            int categories = categories(privatizerSpec);
            return new Statistic.Category((int) value, categories);
        }
        throw new IllegalArgumentException("privatizer '" + privatizer.name()
                + "' releases none of scalar, category, count");
    }

    private int categories(String specString) {
        Registry registry = parent != null ? parent.registry() : Registry.discover();
        Object k = registry.params(PluginKind.PRIVATIZER, specString).asMap().get("k");
        if (!(k instanceof Number number)) {
            throw new IllegalArgumentException("a categorical privatizer needs a parameter k (number of categories)");
        }
        return number.intValue();
    }

    private static String format(Statistic release) {
        if (release instanceof Statistic.Scalar scalar) {
            return Double.toString(scalar.value());
        }
        if (release instanceof Statistic.Category category) {
            return Integer.toString(category.value());
        }
        if (release instanceof Statistic.Counts counts) {
            return Long.toString(counts.counts()[0]);
        }
        return release.toString();
    }
}
