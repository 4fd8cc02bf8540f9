package io.dpmarl.core.experiment;

import java.io.IOException;
import java.util.List;

/**
 * The bundled reproduction of one paper's experiments: a set of experiment specs, run by the ordinary runner, and
 * a claims step that reads their run directories and returns one {@link Claim} per claim. Plugins of kind
 * {@link io.dpmarl.core.spi.PluginKind#REPRODUCTION}; {@code dpmarl reproduce} runs the specs and then the claims,
 * {@code dpmarl claims RUN_DIR} re-evaluates the claims of an existing run.
 */
public interface Reproduction {

    /** The paper id used on the command line, for example {@code "dp-nash-vi"}. */
    String paperId();

    /** The bundled specs of the quick (minutes on 2 cores) or full (paper-size) setting. */
    List<BundledSpec> specs(boolean full);

    /** Evaluates the claims over the runs given; claims whose specs were not run are left out. */
    List<Claim> claims(ClaimInputs inputs) throws IOException;
}
