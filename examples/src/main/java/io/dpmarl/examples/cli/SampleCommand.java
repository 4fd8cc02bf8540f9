package io.dpmarl.examples.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code dpmarl sample}: placeholder, owned by the mechanisms work. */
@Command(name = "sample", description = "Print private releases of a value.")
public final class SampleCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UnsupportedOperationException("not yet implemented");
    }
}
