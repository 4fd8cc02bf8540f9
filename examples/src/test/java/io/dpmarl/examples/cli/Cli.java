package io.dpmarl.examples.cli;

import io.dpmarl.core.spi.Registry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/** Runs {@link Main} in-process with captured output. */
final class Cli {
    private Cli() {
    }

    /** Exit code and captured streams of one invocation. */
    record Result(int code, String out, String err) {
    }

    static Result run(String... args) {
        return run(Registry::discover, args);
    }

    static Result run(Function<ClassLoader, Registry> discovery, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true), discovery);
        return new Result(code, out.toString(), err.toString());
    }

    /** The bundled smoke spec (tests run in the examples module directory). */
    static Path smokeSpec() {
        Path local = Path.of("specs", "smoke.yaml");
        return Files.exists(local) ? local : Path.of("examples", "specs", "smoke.yaml");
    }
}
