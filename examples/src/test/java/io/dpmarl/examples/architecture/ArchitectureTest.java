package io.dpmarl.examples.architecture;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.dpmarl.algorithms.fixture.ModelReadingLearner;
import io.dpmarl.algorithms.fixture.SelfChargingReleaser;
import io.dpmarl.core.fixture.UpwardDependingCoreClass;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The architecture rules, applied to the main classes of every module (the build fails on a violation), and
 * each shown to fail on a deliberately broken fixture from the test sources.
 */
class ArchitectureTest {
    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        // Test classes are left out by location: Maven's test output (whatever -Ddpmarl.target names the build
        // directory) and test-jars.
        ImportOption mainOnly = location -> !location.contains("/test-classes/") && !location.contains("-tests.jar");
        main = new ClassFileImporter().withImportOption(mainOnly).importPackages("io.dpmarl");
        for (String module : new String[] {"core", "mechanisms", "environments", "algorithms.tabular",
                "algorithms.federated", "algorithms.linear", "planning", "examples"}) {
            assertTrue(main.stream().anyMatch(c -> c.getPackageName().startsWith("io.dpmarl." + module)),
                    "the classes of " + module + " must be imported, or the rules check nothing");
        }
        assertTrue(main.stream().noneMatch(c -> c.getPackageName().startsWith("io.dpmarl.algorithms.fixture")
                        || c.getPackageName().startsWith("io.dpmarl.core.fixture")),
                "the broken fixtures are test classes and must not be checked as main code");
    }

    @Test
    void onlyMechanismsAndCorePrivacyChargeTheLedger() {
        ArchitectureRules.ONLY_MECHANISMS_CHARGE.check(main);
    }

    @Test
    void algorithmModulesDoNotImportEnvironments() {
        ArchitectureRules.ALGORITHMS_DO_NOT_IMPORT_ENVIRONMENTS.check(main);
    }

    @Test
    void coreDependsOnNoOtherModule() {
        ArchitectureRules.CORE_DEPENDS_ON_NO_MODULE.check(main);
    }

    @Test
    void learnersDoNotReadTheEnvironmentsModel() {
        ArchitectureRules.LEARNERS_DO_NOT_READ_THE_MODEL.check(main);
    }

    @Test
    void eachRuleFailsOnABrokenFixture() {
        JavaClasses fixtures = new ClassFileImporter().importClasses(SelfChargingReleaser.class,
                ModelReadingLearner.class, UpwardDependingCoreClass.class);
        assertViolated(ArchitectureRules.ONLY_MECHANISMS_CHARGE, fixtures, "SelfChargingReleaser");
        assertViolated(ArchitectureRules.ALGORITHMS_DO_NOT_IMPORT_ENVIRONMENTS, fixtures, "ModelReadingLearner");
        assertViolated(ArchitectureRules.LEARNERS_DO_NOT_READ_THE_MODEL, fixtures, "ModelReadingLearner");
        assertViolated(ArchitectureRules.CORE_DEPENDS_ON_NO_MODULE, fixtures, "UpwardDependingCoreClass");
    }

    private static void assertViolated(ArchRule rule, JavaClasses classes, String culprit) {
        var result = rule.evaluate(classes);
        assertTrue(result.hasViolation(), rule.getDescription() + " must be violated by " + culprit);
        assertTrue(result.getFailureReport().toString().contains(culprit), result.getFailureReport().toString());
    }
}
