package io.dpmarl.core.spi;

/** The type of a plugin parameter. */
public enum ParamType {
    /** A double; accepts {@code inf} and {@code -inf}. */
    REAL,
    /** A 32-bit integer. */
    INTEGER,
    /** A 64-bit integer (seeds). */
    LONG,
    /** {@code true} or {@code false}. */
    BOOLEAN,
    /** A string, optionally restricted to a set of choices. */
    STRING,
    /** A nested plugin spec string of a given {@link PluginKind}, validated by the {@link Registry}. */
    PLUGIN
}
