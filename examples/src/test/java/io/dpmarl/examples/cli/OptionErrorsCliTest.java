package io.dpmarl.examples.cli;

import static io.dpmarl.examples.cli.RunDirectoryAssertions.assertRefusedInOneLine;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Bad option values of {@code dpmarl privacy} and {@code dpmarl sample} through {@link Main}: one stderr line that
 * names the option as typed ({@code --epsilon}, {@code --n}), the accepted range and the value, exit code 2, nothing
 * on stdout. The expected ranges are the documented ones of each option: a composition needs at least one release
 * ({@code --count} in [1, inf)), a calibration target epsilon in (0, inf), a delta in [0, 1), a delta query's epsilon
 * in [0, inf), a sample count in [1, inf) and a finite value; a double option's value is printed as Java prints a
 * double ({@code 0} is {@code 0.0}). Deterministic.
 */
class OptionErrorsCliTest {

    /** {@code --count 0} composed nothing and printed {@code epsilon=0.0}; every pair's count must be at least 1. */
    @Test
    void aCountBelowOneIsRefusedForEveryComposingSubcommand() {
        assertRefusedInOneLine(Cli.run("privacy", "epsilon", "--delta", "1e-5", "--event", "pure(epsilon=1)",
                "--count", "0"), "dpmarl: --count must be in [1, inf), got 0");
        assertRefusedInOneLine(Cli.run("privacy", "delta", "--epsilon", "1", "--event", "pure(epsilon=1)",
                "--count", "3", "--event", "gaussian(sigma=1)", "--count", "-4"),
                "dpmarl: --count must be in [1, inf), got -4");
        assertRefusedInOneLine(Cli.run("privacy", "calibrate", "--epsilon", "1", "--delta", "1e-5",
                "--event", "gaussian(sensitivity=1)", "--count", "0"), "dpmarl: --count must be in [1, inf), got 0");
    }

    /** One release is the smallest count: accepted, and it prints an epsilon (pure(1) once under basic is 1). */
    @Test
    void aCountOfOneIsAccepted() {
        Cli.Result one = Cli.run("privacy", "epsilon", "--accountant", "basic", "--delta", "0",
                "--event", "pure(epsilon=1)", "--count", "1");
        assertEquals(0, one.code(), one.err());
        assertEquals("epsilon=1.0", one.out().strip());
    }

    @Test
    void theNumericOptionsOfPrivacyNameTheOptionAsTyped() {
        assertRefusedInOneLine(Cli.run("privacy", "calibrate", "--epsilon", "0", "--delta", "1e-5",
                "--event", "gaussian(sensitivity=1)"), "dpmarl: --epsilon must be in (0, inf), got 0.0");
        assertRefusedInOneLine(Cli.run("privacy", "calibrate", "--epsilon", "1", "--delta", "1",
                "--event", "gaussian(sensitivity=1)"), "dpmarl: --delta must be in [0, 1), got 1.0");
        assertRefusedInOneLine(Cli.run("privacy", "epsilon", "--delta", "1.5", "--event", "gaussian(sigma=1)"),
                "dpmarl: --delta must be in [0, 1), got 1.5");
        assertRefusedInOneLine(Cli.run("privacy", "delta", "--epsilon", "-1", "--event", "pure(epsilon=1)"),
                "dpmarl: --epsilon must be in [0, inf), got -1.0");
    }

    @Test
    void theNumericOptionsOfSampleNameTheOptionAsTyped() {
        assertRefusedInOneLine(Cli.run("sample", "laplace(epsilon=1)", "--value", "1", "--n", "0"),
                "dpmarl: --n must be in [1, inf), got 0");
        assertRefusedInOneLine(Cli.run("sample", "laplace(epsilon=1)", "--value", "NaN"),
                "dpmarl: --value must be a finite number, got NaN");
    }

    /**
     * A plugin parameter that shares its name with an option keeps its own message, which names the plugin: the
     * event's {@code epsilon=0} is not the delta query's {@code --epsilon 1}.
     */
    @Test
    void aPluginParameterNamedLikeAnOptionIsNotRenamed() {
        assertRefusedInOneLine(Cli.run("privacy", "delta", "--epsilon", "1", "--event", "pure(epsilon=0)"),
                "dpmarl: pure: parameter 'epsilon' must be in (0, inf), got 0");
    }

    /** The renaming needs an option of that name, given on the command line, with the value the message reports. */
    @Test
    void onlyAValueTypedForTheOptionIsRenamed() {
        CommandLine.ParseResult parsed = new CommandLine(new DpmarlCommand()).parseArgs("privacy", "calibrate",
                "--epsilon", "1e-1", "--delta", "0", "--event", "gaussian(sensitivity=1)");
        assertEquals("--epsilon must be in (0, inf), got 0.1",
                Main.namingOption("epsilon must be in (0, inf), got 0.1", parsed), "1e-1 is the number 0.1");
        assertEquals("epsilon must be in (0, inf), got 0.5",
                Main.namingOption("epsilon must be in (0, inf), got 0.5", parsed), "another value");
        assertEquals("count must be in [1, inf), got 1",
                Main.namingOption("count must be in [1, inf), got 1", parsed), "--count was not typed");
        assertEquals("sigma must be in (0, inf), got 0.1",
                Main.namingOption("sigma must be in (0, inf), got 0.1", parsed), "no option --sigma");
        assertEquals("epsilon is 0.1", Main.namingOption("epsilon is 0.1", parsed), "not a range message");
        assertEquals("--delta must be in [0, 1), got 0", Main.namingOption("delta must be in [0, 1), got 0", parsed));
    }

    /** A misspelt plugin: the suggestion is a question, the known names a sentence of their own, on one line. */
    @Test
    void aMisspeltEventGetsASuggestionThenTheKnownNames() {
        List<String> known = Registry.discover().list(PluginKind.EVENT).stream().map(PluginProvider::name).toList();
        assertRefusedInOneLine(Cli.run("privacy", "epsilon", "--delta", "1e-5", "--event", "laplase(b=1)"),
                "dpmarl: unknown event plugin 'laplase'; did you mean 'laplace'? Known: " + String.join(", ", known));
    }
}
