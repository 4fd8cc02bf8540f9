package io.dpmarl.examples.reproduce;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.ClaimInputs;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The naming convention the bundled reproductions share: spec {@code name} of paper {@code paper} in the quick or
 * full setting is the class-path resource {@code specs/<paper>/<name>-quick.yaml} or {@code ...-full.yaml}, and its
 * run directory is {@code name}. Also reads the runs of the specs that were given (a reproduction tolerates any
 * subset). No privacy role: only resource names and file reading.
 */
public final class BundledSpecs {
    private BundledSpecs() {
    }

    /** The resource of spec {@code name} of {@code paper} in the full ({@code true}) or quick setting. */
    public static String resource(String paper, String name, boolean full) {
        return "specs/" + paper + "/" + name + "-" + (full ? "full" : "quick") + ".yaml";
    }

    /** The bundled specs {@code names} of {@code paper} in one setting, in the order given. */
    public static List<BundledSpec> inSetting(String paper, List<String> names, boolean full) {
        return names.stream().map(name -> new BundledSpec(name, resource(paper, name, full))).toList();
    }

    /** Reads one spec's run directory. */
    @FunctionalInterface
    public interface RunReader<T> {
        /** The run of spec {@code spec}. */
        T read(String spec) throws IOException;
    }

    /** The runs of those of {@code names} present in {@code inputs}, read by {@code reader}, in the order given. */
    public static <T> Map<String, T> present(ClaimInputs inputs, List<String> names, RunReader<T> reader)
            throws IOException {
        Map<String, T> runs = new LinkedHashMap<>();
        for (String name : names) {
            if (inputs.has(name)) {
                runs.put(name, reader.read(name));
            }
        }
        return runs;
    }
}
