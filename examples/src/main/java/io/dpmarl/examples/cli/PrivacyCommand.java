package io.dpmarl.examples.cli;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.core.spi.SpecString;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.Calibration;
import io.dpmarl.mechanisms.events.CalibratableEvent;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.function.DoubleFunction;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code dpmarl privacy}: answers privacy questions without writing Java. Three subcommands:
 * <ul>
 *   <li>{@code epsilon --accountant NAME --delta D --event SPEC [--count N] [--event SPEC [--count N]]...}
 *       composes the events and prints {@code epsilon=<value>} (and {@code order=<alpha>} for the RDP
 *       accountant);</li>
 *   <li>{@code delta --accountant NAME --epsilon E --event SPEC [--count N]...} prints {@code delta=<value>};</li>
 *   <li>{@code calibrate --accountant NAME --epsilon E --delta D --event SPEC-WITHOUT-NOISE --count N} prints
 *       the least noise that meets the target, for example {@code sigma=<value>} for
 *       {@code gaussian(sensitivity=1)} or {@code b=<value>} for {@code laplace(sensitivity=1)} (the largest
 *       {@code epsilon} for {@code randomized-response(k=4)} or {@code pure}), then the {@code epsilon=} it
 *       achieves ({@link Calibration}: never above the target).</li>
 * </ul>
 * Accountants ({@code basic}, {@code advanced}, {@code zcdp}, {@code rdp}, {@code paper-003}, ...) and
 * events ({@code gaussian(sigma=, sensitivity=)}, {@code subsampled-gaussian(sigma=, q=)},
 * {@code laplace(b=, sensitivity=)}, {@code randomized-response(epsilon=, k=)}, {@code pure(epsilon=)},
 * {@code approx(epsilon=, delta=)}, {@code zcdp(rho=)}) are plugin specs resolved through the
 * {@link Registry}. The accountant defaults to {@code rdp}. Every {@code --count} is at least 1. Bad input raises
 * {@link IllegalArgumentException} with a message naming the parameter and its range (the top-level
 * command maps it to exit code 2, naming the option as typed, for example {@code --epsilon}); missing or malformed
 * options are picocli usage errors (exit code 2).
 */
@Command(name = "privacy", mixinStandardHelpOptions = true,
        description = "Compose privacy events, convert between epsilon and delta, and calibrate noise.",
        subcommands = {PrivacyCommand.EpsilonCommand.class, PrivacyCommand.DeltaCommand.class,
            PrivacyCommand.CalibrateCommand.class})
public final class PrivacyCommand implements Callable<Integer> {
    private Registry registry;

    @Spec
    CommandSpec spec;

    /** The top-level {@code dpmarl} command when run under it: its registry includes the plugin folders. */
    @ParentCommand
    DpmarlCommand root;

    /**
     * A command on the registry of the enclosing {@code dpmarl} command (plugin folders included), or, when run
     * on its own, on the plugins {@link Registry#discover()} finds (looked up on first use).
     */
    public PrivacyCommand() {
    }

    /** A command on the given registry (for example one that includes a plugins folder). */
    public PrivacyCommand(Registry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("registry must be non-null");
        }
        this.registry = registry;
    }

    synchronized Registry registry() {
        if (registry == null) {
            registry = root != null ? root.registry() : Registry.discover();
        }
        return registry;
    }

    /** Without a subcommand: a usage error listing the subcommands. */
    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "dpmarl privacy needs a subcommand: epsilon, delta or calibrate");
    }

    /** One {@code --event SPEC [--count N]} pair. */
    static final class EventCount {
        @Option(names = "--event", required = true, paramLabel = "SPEC",
                description = "privacy event spec, for example \"subsampled-gaussian(sigma=1.1, q=0.01)\"")
        String event;

        // No picocli default here: usage help of an argument group reads defaults from a group instance that
        // does not exist yet and crashed (dpmarl privacy epsilon --help); the field's initial value is the default.
        @Option(names = "--count", paramLabel = "N",
                description = "repetitions of the preceding event, at least 1 (default 1)")
        long count = 1;
    }

    /** Options shared by the subcommands that compose events. */
    abstract static class ComposingCommand implements Callable<Integer> {
        @ParentCommand
        PrivacyCommand parent;

        @Spec
        CommandSpec spec;

        @Option(names = "--accountant", defaultValue = "rdp", paramLabel = "NAME",
                description = "accountant spec: basic, advanced, zcdp, rdp, paper-003, ... (default ${DEFAULT-VALUE})")
        String accountant;

        /**
         * The accountant with every {@code --event}/{@code --count} pair composed. A count below 1 is refused before
         * anything is built: a composition over no release answers nothing (it would print epsilon 0).
         */
        Accountant composed(List<EventCount> events) {
            for (EventCount pair : events) {
                Checks.atLeast("--count", pair.count, 1);
            }
            Registry registry = parent.registry();
            Accountant composed = registry.create(PluginKind.ACCOUNTANT, Accountant.class, accountant);
            for (EventCount pair : events) {
                PrivacyEvent event = registry.create(PluginKind.EVENT, PrivacyEvent.class, pair.event);
                if (!composed.supports(event)) {
                    throw new IllegalArgumentException("accountant '" + composed.name() + "' does not support event "
                            + event.describe());
                }
                composed.compose(event, pair.count);
            }
            return composed;
        }

        PrintWriter out() {
            return spec.commandLine().getOut();
        }
    }

    /** A subcommand that composes the {@code --event SPEC [--count N]} pairs and prints what it reads off them. */
    abstract static class ComposedEventsCommand extends ComposingCommand {
        @ArgGroup(exclusive = false, multiplicity = "1..*")
        List<EventCount> events = new ArrayList<>();

        /** Prints the answer for the composed events. */
        abstract void print(Accountant composed);

        @Override
        public final Integer call() {
            print(composed(events));
            out().flush();
            return 0;
        }
    }

    /** {@code dpmarl privacy epsilon}. */
    @Command(name = "epsilon", mixinStandardHelpOptions = true,
            description = "Print the epsilon of the composed events at --delta (and the optimal Renyi order).")
    static final class EpsilonCommand extends ComposedEventsCommand {
        @Option(names = "--delta", required = true, paramLabel = "D", description = "target delta in [0, 1)")
        double delta;

        @Override
        void print(Accountant composed) {
            double epsilon = composed.epsilon(delta);
            out().println("epsilon=" + epsilon);
            OptionalDouble order = composed.optimalOrder(delta);
            if (order.isPresent()) {
                out().println("order=" + order.getAsDouble());
            }
        }
    }

    /** {@code dpmarl privacy delta}. */
    @Command(name = "delta", mixinStandardHelpOptions = true,
            description = "Print the delta of the composed events at --epsilon.")
    static final class DeltaCommand extends ComposedEventsCommand {
        @Option(names = "--epsilon", required = true, paramLabel = "E", description = "epsilon in [0, inf)")
        double epsilon;

        @Override
        void print(Accountant composed) {
            out().println("delta=" + composed.delta(epsilon));
        }
    }

    /** {@code dpmarl privacy calibrate}. */
    @Command(name = "calibrate", mixinStandardHelpOptions = true,
            description = "Print the least noise (for example sigma=...) that keeps --count releases of the event"
                    + " within (--epsilon, --delta) under the accountant.")
    static final class CalibrateCommand extends ComposingCommand {
        @Option(names = "--epsilon", required = true, paramLabel = "E", description = "target epsilon in (0, inf)")
        double epsilon;

        @Option(names = "--delta", required = true, paramLabel = "D", description = "target delta in [0, 1)")
        double delta;

        @Option(names = "--event", required = true, paramLabel = "SPEC",
                description = "event spec without its noise parameter, for example \"gaussian(sensitivity=1)\"")
        String event;

        @Option(names = "--count", defaultValue = "1", paramLabel = "N",
                description = "number of releases, at least 1 (default ${DEFAULT-VALUE})")
        long count;

        @Override
        public Integer call() {
            Registry registry = parent.registry();
            SpecString parsed = SpecString.parse(event);
            PluginProvider<?> provider = registry.provider(PluginKind.EVENT, parsed.name());
            if (!(provider instanceof CalibratableEvent calibratable)) {
                throw new IllegalArgumentException("event '" + parsed.name() + "' has no noise parameter to calibrate;"
                        + " calibratable events: " + calibratableNames(registry));
            }
            String noise = calibratable.noiseParameter();
            if (parsed.parameters().containsKey(noise)) {
                throw new IllegalArgumentException("calibrate: event spec '" + event + "' must omit '" + noise
                        + "', the parameter being calibrated");
            }
            PluginContext context = PluginContext.standalone(registry);
            DoubleFunction<PrivacyEvent> eventOf = value -> {
                Map<String, String> raw = new LinkedHashMap<>(parsed.parameters());
                raw.put(noise, Double.toString(value));
                Params params = provider.parameters().resolve(parsed.name(), raw);
                return (PrivacyEvent) provider.create(params, context);
            };
            eventOf.apply(1.0); // validates the other parameters before any search
            Params accountantParams = registry.params(PluginKind.ACCOUNTANT, accountant);
            PluginProvider<?> accountantProvider = registry.provider(PluginKind.ACCOUNTANT,
                    SpecString.parse(accountant).name());
            Supplier<Accountant> factory = () -> (Accountant) accountantProvider.create(accountantParams, context);
            Accountant probe = factory.get();
            if (!probe.supports(eventOf.apply(1.0))) {
                throw new IllegalArgumentException("accountant '" + probe.name() + "' does not support event "
                        + eventOf.apply(1.0).describe());
            }
            double value = Calibration.calibrate(factory, eventOf, count, epsilon, delta, calibratable.direction());
            double achieved = Calibration.epsilonOf(factory, eventOf.apply(value), count, delta);
            out().println(noise + "=" + value);
            out().println("epsilon=" + achieved);
            out().flush();
            return 0;
        }

        private static String calibratableNames(Registry registry) {
            List<String> names = new ArrayList<>();
            for (PluginProvider<?> provider : registry.list(PluginKind.EVENT)) {
                if (provider instanceof CalibratableEvent) {
                    names.add(provider.name());
                }
            }
            return String.join(", ", names);
        }
    }
}
