package io.dpmarl.examples.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.model.ExactModel;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginProvider;

/**
 * The rules of the architecture that the build enforces (see {@code docs/design.md}, "Rules the build checks").
 * {@link ArchitectureTest} applies them to the main classes of every module and shows, on deliberately broken
 * fixtures, that each rule can fail.
 */
final class ArchitectureRules {

    private ArchitectureRules() {
    }

    /** Only mechanisms and core's privacy package (release streams, the ledger) charge the ledger. */
    static final ArchRule ONLY_MECHANISMS_CHARGE = noClasses()
            .that().resideOutsideOfPackages("io.dpmarl.mechanisms..", "io.dpmarl.core.privacy..")
            .should().callMethod(PrivacyLedger.class, "charge", LedgerKey.class, PrivacyEvent.class, long.class,
                    String.class)
            .because("every release goes through a release stream, which charges before it draws noise");

    /** Algorithm modules and planning never import environments: model types they read live in core.model. */
    static final ArchRule ALGORITHMS_DO_NOT_IMPORT_ENVIRONMENTS = noClasses()
            .that().resideInAnyPackage("io.dpmarl.algorithms..", "io.dpmarl.planning..")
            .should().dependOnClassesThat().resideInAPackage("io.dpmarl.environments..")
            .because("algorithms read models through core.model capabilities, never a particular environment");

    /** Core depends on no other module of ours. */
    static final ArchRule CORE_DEPENDS_ON_NO_MODULE = noClasses()
            .that().resideInAPackage("io.dpmarl.core..")
            .should().dependOnClassesThat().resideInAnyPackage("io.dpmarl.mechanisms..", "io.dpmarl.environments..",
                    "io.dpmarl.algorithms..", "io.dpmarl.planning..", "io.dpmarl.examples..")
            .because("core is the bottom layer");

    /**
     * In the algorithm modules (and wherever a learner lives), only evaluators and planners (the providers that
     * create them, and the helpers in {@code evaluate} and {@code oracle} packages) depend on an {@link ExactModel}
     * capability; learners never read the exact model. The planning module is planners, which may.
     * Public structure a learner is told in advance (features, weights, known rewards) is not an exact model.
     */
    static final ArchRule LEARNERS_DO_NOT_READ_THE_MODEL = classes()
            .that().resideInAPackage("io.dpmarl.algorithms..").or().areAssignableTo(Learner.class)
            .should(new ArchCondition<JavaClass>("depend on an exact model only if it is an evaluator or a planner, "
                    + "creates one, or helps one from an evaluate package") {
                @Override
                public void check(JavaClass javaClass, ConditionEvents events) {
                    boolean mayRead = mayReadModel(javaClass) || isModelHelperPackage(javaClass);
                    for (Dependency dependency : javaClass.getDirectDependenciesFromSelf()) {
                        JavaClass target = dependency.getTargetClass();
                        if (!mayRead && target.isAssignableTo(ExactModel.class)) {
                            events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()
                                    + ": a learner must not read the environment's exact model"));
                        }
                        if (javaClass.isAssignableTo(Learner.class) && !target.equals(javaClass)
                                && target.getPackageName().startsWith("io.dpmarl") && readsExactModel(target)) {
                            events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()
                                    + ": a learner must not use a helper that reads the exact model"));
                        }
                    }
                }
            });

    /** The evaluators' and planners' helpers: classes in {@code evaluate} or {@code oracle} packages. */
    private static boolean isModelHelperPackage(JavaClass javaClass) {
        String name = javaClass.getPackageName();
        return name.contains(".evaluate") || name.contains(".oracle");
    }

    private static boolean readsExactModel(JavaClass javaClass) {
        for (Dependency dependency : javaClass.getDirectDependenciesFromSelf()) {
            if (dependency.getTargetClass().isAssignableTo(ExactModel.class)) {
                return true;
            }
        }
        return false;
    }

    private static boolean mayReadModel(JavaClass javaClass) {
        JavaClass outermost = javaClass;
        while (outermost.getEnclosingClass().isPresent()) {
            outermost = outermost.getEnclosingClass().get();
        }
        for (JavaClass candidate : new JavaClass[] {javaClass, outermost}) {
            if (candidate.isAssignableTo(Evaluator.class) || candidate.isAssignableTo(Planner.class)) {
                return true;
            }
            for (JavaType type : candidate.getInterfaces()) {
                if (type instanceof JavaParameterizedType parameterized
                        && parameterized.toErasure().isEquivalentTo(PluginProvider.class)) {
                    for (JavaType argument : parameterized.getActualTypeArguments()) {
                        JavaClass created = argument.toErasure();
                        if (created.isAssignableTo(Evaluator.class) || created.isAssignableTo(Planner.class)) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }
}
