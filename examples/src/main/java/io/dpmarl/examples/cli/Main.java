package io.dpmarl.examples.cli;

import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Entry point of the {@code dpmarl} command line: {@code list}, {@code run}, {@code reproduce},
 * {@code plot}, {@code privacy}, {@code sample} and {@code audit}. Exit codes: 0 success, 1 a reproduction claim
 * failed (or a run crashed, or an audit refuted its privatizer's guarantee), 2 bad input (an
 * {@link IllegalArgumentException}, a command-line error, an input file that is missing or malformed), reported as
 * one line {@code dpmarl: <message>} on stderr; a range error on an option's value names the option as typed
 * ({@code dpmarl: --epsilon must be in (0, inf), got 0.0}). A command that runs out of heap is reported as such
 * (one line with the heap size and {@code DPMARL_JAVA_OPTS=-Xmx...}, exit 1) wherever the {@link OutOfMemoryError}
 * sits among the causes and suppressed errors of what reached the command line.
 */
public final class Main {
    /** Exit code of success. */
    public static final int OK = 0;
    /** Exit code when a reproduction check failed or a run crashed. */
    public static final int FAILED = 1;
    /** Exit code of bad input. */
    public static final int BAD_INPUT = 2;

    private Main() {
    }

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = execute(args, out, err, Registry::discover);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs the command line in-process (tests call this) and returns the exit code.
     *
     * @param discovery how the registry is found, given the class loader that includes the plugin jars
     */
    public static int execute(String[] args, PrintWriter out, PrintWriter err,
                              Function<ClassLoader, Registry> discovery) {
        DpmarlCommand root = new DpmarlCommand(discovery);
        CommandLine commandLine = new CommandLine(root);
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setParameterExceptionHandler((exception, arguments) -> {
            err.println("dpmarl: " + oneLine(exception.getMessage()) + " (see dpmarl "
                    + commandPath(exception.getCommandLine()) + "--help)");
            err.flush();
            return BAD_INPUT;
        });
        addHelp(commandLine);
        commandLine.setExecutionStrategy(parseResult -> {
            ClassLoader previous = Thread.currentThread().getContextClassLoader();
            ClassLoader plugins;
            try {
                plugins = root.pluginLoader();
            } catch (IllegalArgumentException | UncheckedIOException badFolder) {
                err.println("dpmarl: " + oneLine(message(badFolder instanceof UncheckedIOException unchecked
                        ? unchecked.getCause() : badFolder)));
                err.flush();
                return BAD_INPUT;
            }
            for (String warning : root.pluginWarnings()) {
                err.println("dpmarl: " + warning);
            }
            err.flush();
            Thread.currentThread().setContextClassLoader(plugins);
            try {
                return new CommandLine.RunLast().execute(parseResult);
            } catch (OutOfMemoryError memory) {
                List<CommandLine> invoked = parseResult.asCommandLineList();
                return reportOutOfMemory(err, invoked.get(invoked.size() - 1).getCommandName(), memory);
            } catch (LinkageError linkage) {
                List<CommandLine> invoked = parseResult.asCommandLineList();
                return reportLinkage(err, invoked.get(invoked.size() - 1).getCommandName(), linkage,
                        root.pluginJars());
            } finally {
                Thread.currentThread().setContextClassLoader(previous);
            }
        });
        commandLine.setExecutionExceptionHandler((exception, command, parseResult) -> {
            // Out of memory first: an OutOfMemoryError can arrive inside an IllegalArgumentException (the JVM
            // throws one shared instance when the heap is exhausted, so a try-with-resources whose close() runs out
            // too adds it as suppressed to itself: "Self-suppression not permitted") or suppressed by another error.
            OutOfMemoryError memory = outOfMemory(exception);
            if (memory != null) {
                return reportOutOfMemory(err, command.getCommandName(), memory);
            }
            LinkageError linkage = linkageError(exception);
            if (linkage != null) {
                return reportLinkage(err, command.getCommandName(), linkage, root.pluginJars());
            }
            Throwable cause = exception;
            if (cause instanceof UncheckedIOException unchecked) {
                cause = unchecked.getCause();
            }
            if (cause instanceof IllegalArgumentException) {
                String message = namingOption(message(cause), parseResult);
                err.println("dpmarl: " + oneLine(message) + undeclaredPluginsHint(message, root.pluginJars()));
                err.flush();
                return BAD_INPUT;
            }
            if (cause instanceof IOException) {
                err.println("dpmarl: " + oneLine(message(cause)));
                err.flush();
                return BAD_INPUT;
            }
            err.println("dpmarl: " + command.getCommandName() + " failed: " + oneLine(String.valueOf(cause)));
            err.flush();
            return FAILED;
        });
        int code = commandLine.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** Every command and subcommand, at any depth, answers {@code --help}. */
    private static void addHelp(CommandLine command) {
        for (CommandLine sub : command.getSubcommands().values()) {
            if (sub.getCommandSpec().optionsMap().get("--help") == null) {
                sub.getCommandSpec().addOption(CommandLine.Model.OptionSpec.builder("-h", "--help").usageHelp(true)
                        .description("Show this help message and exit.").build());
            }
            addHelp(sub);
        }
    }

    /**
     * A message of the API's argument checks ({@link io.dpmarl.core.validation.Checks}): a parameter name, what it
     * must be, and the value it got, for example {@code epsilon must be in (0, inf), got 0.0}.
     */
    private static final Pattern CHECK =
            Pattern.compile("^([a-z][a-z0-9-]*) (must .*, got (.*))$", Pattern.DOTALL);

    /**
     * The message of a refused argument as the user should read it: when the API refused a value the user gave as
     * the option {@code --NAME} of the command that ran ({@code NAME must be ..., got V} where V is a value typed
     * for {@code --NAME}), the message names the option as typed: {@code --NAME must be ..., got V}. Any other
     * message is returned as it is; in particular a plugin parameter's message starts with its plugin's name
     * ({@code pure: parameter 'epsilon' must be ...}), and a parameter that only shares its name with an option
     * is left alone unless its value is one the option was given.
     */
    static String namingOption(String message, CommandLine.ParseResult parsed) {
        Matcher check = message == null ? null : CHECK.matcher(message);
        if (check == null || !check.matches() || parsed == null) {
            return message;
        }
        CommandLine.ParseResult command = parsed;
        while (command.hasSubcommand()) {
            command = command.subcommand();
        }
        CommandLine.Model.OptionSpec option = command.matchedOption("--" + check.group(1));
        if (option == null) {
            return message;
        }
        for (String typed : option.originalStringValues()) {
            if (sameValue(typed, check.group(3))) {
                return "--" + check.group(1) + " " + check.group(2);
            }
        }
        return message;
    }

    /** True if a typed option value and the value a message reports are the same text or the same number. */
    private static boolean sameValue(String typed, String reported) {
        if (typed.equals(reported)) {
            return true;
        }
        try {
            return Double.compare(Double.parseDouble(typed.trim()), Double.parseDouble(reported.trim())) == 0;
        } catch (NumberFormatException notNumbers) {
            return false;
        }
    }

    /** An "unknown plugin" message of the registry: {@code unknown <kind> plugin '<name>'...}. */
    private static final Pattern UNKNOWN_PLUGIN =
            Pattern.compile("^unknown [a-z]+ plugin '");

    /**
     * What to add to an "unknown plugin" message when a loaded plugin jar declares no plugin (no
     * {@link PluginJars#SERVICE_FILE}, typically a provider without {@code @AutoService(PluginProvider.class)}): the
     * plugin the user expects from that jar is then absent without any other sign. Empty for any other message or when
     * every jar declares a plugin.
     */
    static String undeclaredPluginsHint(String message, List<Path> jars) {
        if (message == null || !UNKNOWN_PLUGIN.matcher(message).find()) {
            return "";
        }
        List<Path> without = PluginJars.withoutPlugins(jars);
        if (without.isEmpty()) {
            return "";
        }
        return "; " + PluginJars.undeclaredNote(without);
    }

    /**
     * The linkage error ({@link NoClassDefFoundError}, {@link NoSuchMethodError}, {@link AbstractMethodError}, ...)
     * anywhere among the causes of {@code thrown} (Guice and the trial pool wrap it), or null.
     */
    static LinkageError linkageError(Throwable thrown) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable current = thrown; current != null && seen.add(current); current = current.getCause()) {
            if (current instanceof LinkageError linkage) {
                return linkage;
            }
        }
        return null;
    }

    /**
     * One line for a linkage error. Thrown from a class of a plugin jar (the first frame of its stack trace whose
     * class a plugin jar holds), it means the jar was compiled against another dpmarl API: bad input naming the jar,
     * what is missing and where, exit {@link #BAD_INPUT}. Otherwise the command crashed: exit {@link #FAILED}.
     */
    static int reportLinkage(PrintWriter err, String command, LinkageError linkage, List<Path> jars) {
        String what = linkage.getClass().getSimpleName() + ": " + (linkage instanceof NoClassDefFoundError
                ? "class " + String.valueOf(linkage.getMessage()).replace('/', '.') + " not found"
                : oneLine(message(linkage)));
        for (StackTraceElement frame : linkage.getStackTrace()) {
            Optional<Path> jar = PluginJars.holding(jars, frame.getClassName());
            if (jar.isPresent()) {
                err.println("dpmarl: plugin jar " + jar.get() + " does not match this dpmarl (" + what + ", in "
                        + frame.getClassName() + "." + frame.getMethodName() + "): it was built against another "
                        + "dpmarl version; rebuild it against this one (dpmarl --version) or remove the jar");
                err.flush();
                return BAD_INPUT;
            }
        }
        err.println("dpmarl: " + command + " failed: " + oneLine(String.valueOf(linkage)));
        err.flush();
        return FAILED;
    }

    /** One line for a command that ran out of heap, with what to do about it; exit code {@link #FAILED}. */
    private static int reportOutOfMemory(PrintWriter err, String command, OutOfMemoryError memory) {
        err.println("dpmarl: " + command + " ran out of memory (" + oneLine(message(memory)) + " at a heap of "
                + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB): give Java a larger heap, for example "
                + "DPMARL_JAVA_OPTS=-Xmx8g, or choose smaller sizes");
        err.flush();
        return FAILED;
    }

    /**
     * The out-of-memory error anywhere among the causes and suppressed errors of {@code thrown}, at any depth (Guice
     * and the trial pool wrap it, a failed close adds it as suppressed, and a self-suppression is reported as an
     * {@link IllegalArgumentException} caused by it), or null. Each throwable is visited once, so cycles end.
     */
    static OutOfMemoryError outOfMemory(Throwable thrown) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> pending = new ArrayDeque<>();
        if (thrown != null) {
            pending.add(thrown);
        }
        while (!pending.isEmpty()) {
            Throwable current = pending.removeFirst();
            if (!seen.add(current)) {
                continue;
            }
            if (current instanceof OutOfMemoryError memory) {
                return memory;
            }
            if (current.getCause() != null) {
                pending.addLast(current.getCause());
            }
            pending.addAll(List.of(current.getSuppressed()));
        }
        return null;
    }

    static String message(Throwable cause) {
        if (cause instanceof NoSuchFileException missing) {
            return "no such file: " + written(missing.getFile());
        }
        if (cause instanceof AccessDeniedException denied) {
            return "permission denied: " + written(denied.getFile());
        }
        return cause.getMessage() == null ? cause.toString() : cause.getMessage();
    }

    /**
     * The file a user knows for a path in a file-system error: an atomic write's temporary file
     * ({@code DIR/.NAME.PID-N.tmp}) is shown as the file it was writing ({@code DIR/NAME}).
     */
    static String written(String file) {
        if (file == null) {
            return "(unknown file)";
        }
        Matcher temporary = Pattern.compile("(^|.*/)\\.(.+)\\.\\d+-\\d+"
                + Pattern.quote(io.dpmarl.core.experiment.AtomicFiles.TEMP_SUFFIX) + "$")
                .matcher(file);
        return temporary.matches() ? temporary.group(1) + temporary.group(2) : file;
    }

    private static String commandPath(CommandLine commandLine) {
        StringBuilder path = new StringBuilder();
        for (CommandLine current = commandLine; current != null && current.getParent() != null;
             current = current.getParent()) {
            path.insert(0, current.getCommandName() + " ");
        }
        return path.toString();
    }

    static String oneLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        return message.replace("\r", " ").replace("\n", " ").replaceAll(" +", " ").trim();
    }
}
