package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code dpmarl reproduce --help} says where the paper ids come from ({@code dpmarl list --kind reproduction}), and
 * the ids it gives as examples are ids that list shows.
 */
class ReproduceHelpCliTest {
    @Test
    void thePaperArgumentSaysWhereTheIdsAreListedAndItsExamplesAreListed() {
        Cli.Result help = Cli.run("reproduce", "--help");
        assertEquals(0, help.code(), help.err());
        // picocli wraps the description at spaces and after '.' or '-': compare without white space.
        String text = help.out().replaceAll("\\s+", "");
        String expected = "[PAPER...] Paper ids, as dpmarl list --kind reproduction shows them (dp-nash-vi, "
                + "federated-td, ...; default: all).";
        assertTrue(text.contains(expected.replaceAll("\\s+", "")), help.out());
        Cli.Result list = Cli.run("list", "--kind", "reproduction");
        assertEquals(0, list.code(), list.err());
        for (String id : new String[] {"dp-nash-vi", "federated-td"}) {
            assertTrue(list.out().contains("\n  " + id + "  "), id + " is listed: " + list.out());
        }
    }
}
