package io.dpmarl.core.spi;

/**
 * Publishes one plugin: its kind, name, description and typed parameters, and creates instances.
 *
 * <p>This is the single service interface of dpmarl. Register an implementation with
 * {@code @AutoService(PluginProvider.class)} (or a {@code META-INF/services} file) and its jar on the
 * classpath makes the plugin appear in {@code dpmarl list} and resolvable by spec string, for example
 * {@code laplace(epsilon=0.5, sensitivity=1)}.
 *
 * @param <T> the type created, {@link PluginKind#type()} of {@link #kind()}
 */
public interface PluginProvider<T> {

    /** The kind of plugin. */
    PluginKind kind();

    /** The unique name within its kind, lower-case with dashes, for example {@code "binary-tree"}. */
    String name();

    /** One sentence on what it is, with its privacy guarantee if any. */
    String description();

    /** The parameters it accepts, with types, defaults and ranges. */
    ParamSpec parameters();

    /**
     * The names of the metrics that instances of this plugin record through {@link PluginContext#metrics()} (learners
     * and evaluators), so that a spec's {@code plots} can be checked before a run starts and {@code dpmarl list} can
     * show them. A name ending in {@code *} stands for a family, for example {@code regret_agent_*}. Default: none.
     */
    default java.util.List<String> metrics() {
        return java.util.List.of();
    }

    /**
     * The neighbouring relations of the privatizers that instances of this plugin build in code instead of taking them
     * as a {@link Param#plugin privatizer parameter} (a learner such as DP federated TD(lambda), which calibrates its
     * master's noise itself), each the {@link io.dpmarl.core.privacy.Privatizer#neighbouring()} of such a privatizer,
     * so that the run report can name the relation the learner's releases hold under. A privatizer given through a
     * parameter is not listed: the report reads its relation from the privatizer itself. No privacy guarantee of its
     * own: it only labels the guarantees of the privatizers built.
     *
     * <p>Default: none (the report then says the learner sets the relation). Optional, so a plugin compiled before this
     * method existed keeps working unchanged.
     */
    default java.util.List<io.dpmarl.core.privacy.Neighbouring> neighbouringOfBuiltPrivatizers() {
        return java.util.List.of();
    }

    /**
     * A spec string of this plugin with a valid combination of parameters, for example
     * {@code uniform(a=1, sensitivity=1)}, from which an instance can be built outside any experiment
     * ({@link PluginContext#standalone}). {@code dpmarl list} builds it to show what an instance reports, a
     * privatizer's accounting mode ({@code per-release}, {@code scheduled}, {@code up-front}, {@code nominal}), where
     * the defaults alone are not a valid combination ("give exactly one of sigma and rho") or a required parameter
     * takes a value that its declared range cannot suggest (a graph written as text). It names this plugin
     * ({@link #name()}); a spec naming another plugin, or one that does not build, is ignored. No privacy guarantee
     * is involved: the instance releases nothing.
     *
     * <p>Default: empty; {@code dpmarl list} then tries the defaults with values inside each required parameter's
     * range. Optional, so a plugin compiled before this method existed keeps working unchanged.
     */
    default java.util.Optional<String> exampleSpec() {
        return java.util.Optional.empty();
    }

    /**
     * Creates an instance from validated parameters.
     *
     * @param params  values for every parameter of {@link #parameters()} (defaults filled in)
     * @param context what the plugin may need from its pipeline (streams, noise, ledger, environment)
     * @throws IllegalArgumentException if the parameters are inconsistent with each other
     */
    T create(Params params, PluginContext context);
}
