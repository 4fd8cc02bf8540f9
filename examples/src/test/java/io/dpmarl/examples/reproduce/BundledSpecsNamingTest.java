package io.dpmarl.examples.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.experiment.BundledSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bundled-spec naming convention: {@code specs/<paper>/<name>-<quick|full>.yaml}, run directory {@code name}. */
class BundledSpecsNamingTest {

    @Test
    void resourceFollowsTheConventionInBothSettings() {
        assertEquals("specs/dp-nash-vi/rz-tiny-quick.yaml", BundledSpecs.resource("dp-nash-vi", "rz-tiny", false));
        assertEquals("specs/dp-nash-vi/rz-tiny-full.yaml", BundledSpecs.resource("dp-nash-vi", "rz-tiny", true));
    }

    @Test
    void inSettingKeepsTheOrderAndNamesTheRunAfterTheSpec() {
        assertEquals(
                List.of(new BundledSpec("b", "specs/p/b-quick.yaml"), new BundledSpec("a", "specs/p/a-quick.yaml")),
                BundledSpecs.inSetting("p", List.of("b", "a"), false));
    }
}
