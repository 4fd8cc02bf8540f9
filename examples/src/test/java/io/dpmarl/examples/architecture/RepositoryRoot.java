package io.dpmarl.examples.architecture;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's root directory, found from the directory Maven runs a module's tests in. */
final class RepositoryRoot {
    private RepositoryRoot() {
    }

    /** The nearest directory at or above the working directory that holds {@code mutation/MutationGate.java}. */
    static Path find() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("mutation/MutationGate.java"))) {
                return p;
            }
        }
        throw new IllegalStateException("no mutation/MutationGate.java at or above " + here);
    }
}
