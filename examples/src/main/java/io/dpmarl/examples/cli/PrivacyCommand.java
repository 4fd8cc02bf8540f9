package io.dpmarl.examples.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code dpmarl privacy}: placeholder, owned by the accountants work. */
@Command(name = "privacy", description = "Compose privacy events and calibrate noise.")
public final class PrivacyCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UnsupportedOperationException("not yet implemented");
    }
}
