package io.dpmarl.core.experiment;

import java.io.IOException;
import java.util.List;

/**
 * The bundled reproduction of one paper's experiments: runs them, writes metrics and figures to the
 * run output, and returns one {@link Claim} per claim it checks. Plugins of kind
 * {@link io.dpmarl.core.spi.PluginKind#REPRODUCTION}, run by {@code dpmarl reproduce}.
 */
public interface Reproduction {

    /** The paper id used on the command line, for example {@code "dp-nash-vi"}. */
    String paperId();

    /** Runs the reproduction. */
    List<Claim> run(ReproductionSettings settings) throws IOException;
}
