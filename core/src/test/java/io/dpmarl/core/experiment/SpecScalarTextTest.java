package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A spec file's numbers are read as written, the same in YAML and JSON. YAML 1.1 (the dialect of the YAML reader)
 * reads an unquoted {@code 010} as octal 8 and {@code 0x10} as hexadecimal 16, and the YAML and JSON readers turned a
 * float into {@link Double#toString} text ({@code 1e-5} became {@code 1.0E-5}, {@code 0.50} became {@code 0.5}), so
 * the same grid gave other experiment labels in metrics.csv than it was written with, and YAML {@code trials: 010}
 * ran 8 trials. Expected values are the decimal readings of the text as written.
 */
class SpecScalarTextTest {
    private static final String YAML = """
            name: demo
            environment: bandit-test(horizon=3)
            learner: greedy-test(exploration=0.3)
            privatizer: shift-test(epsilon=1)
            accountant: sum-test
            """;
    private static final String JSON = "{\"name\":\"demo\",\"environment\":\"bandit-test(horizon=3)\","
            + "\"learner\":\"greedy-test(exploration=0.3)\",\"privatizer\":\"shift-test(epsilon=1)\","
            + "\"accountant\":\"sum-test\",";

    @Test
    void leadingZerosAreDecimalInYamlAsInJson() {
        ExperimentSpec yaml = ExperimentSpec.parse(YAML + "trials: 010\nseed: 0012\nepisodes: 007\n", false, "s.yaml");
        assertEquals(10, yaml.trials());
        assertEquals(12L, yaml.seed());
        assertEquals(7L, yaml.schedule().length());
        ExperimentSpec json = ExperimentSpec.parse(JSON + "\"trials\":\"010\",\"seed\":\"0012\",\"episodes\":\"007\"}",
                true, "s.json");
        assertEquals(yaml, json);
    }

    @Test
    void aHexadecimalIntegerIsRefusedNamingTheKey() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.parse(YAML + "seed: 0x10\n", false, "s.yaml"));
        assertEquals("experiment spec s.yaml: key 'seed' must be an integer in [-9223372036854775808,"
                + " 9223372036854775807], got '0x10'",
                refused.getMessage());
    }

    @Test
    void gridValuesKeepTheirTextInYamlAndJson() {
        ExperimentSpec yaml = ExperimentSpec.parse(YAML + "grid:\n  privatizer.epsilon: [1e-5, 0.50, 2]\n", false,
                "s.yaml");
        ExperimentSpec json = ExperimentSpec.parse(JSON + "\"grid\":{\"privatizer.epsilon\":[1e-5, 0.50, 2]}}", true,
                "s.json");
        assertEquals(Map.of("privatizer.epsilon", List.of("1e-5", "0.50", "2")), yaml.grid());
        assertEquals(yaml, json);
    }

    /** The reader keeps refusing a key given twice, in either format, naming the line of the second one. */
    @Test
    void aKeyGivenTwiceIsStillRefused() {
        IllegalArgumentException yaml = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.parse(YAML + "trials: 5\ntrials: 6\n", false, "s.yaml"));
        assertTrue(yaml.getMessage().startsWith("experiment spec s.yaml: malformed YAML at line 7, "),
                yaml.getMessage());
        assertTrue(yaml.getMessage().endsWith(": Duplicate field 'trials'"), yaml.getMessage());
        IllegalArgumentException json = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.parse(JSON + "\"grid\":{\"a.b\":[1],\"a.b\":[2]}}", true, "s.json"));
        assertTrue(json.getMessage().startsWith("experiment spec s.json: malformed JSON at line 1, "),
                json.getMessage());
        assertTrue(json.getMessage().endsWith(": Duplicate field 'a.b'"), json.getMessage());
    }

    @Test
    void floatsOfTypedKeysReadTheSameFromEitherFormat() {
        ExperimentSpec yaml = ExperimentSpec.parse(YAML + "delta: 1.0e-7\n", false, "s.yaml");
        ExperimentSpec json = ExperimentSpec.parse(JSON + "\"delta\":1e-7}", true, "s.json");
        assertEquals(1e-7, yaml.delta());
        assertEquals(yaml, json);
    }
}
