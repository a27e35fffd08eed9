package dev.vouch;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.vouch.support.ProductionClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Configuration and operations support are leaves: every capability may use them, they use no
 * capability, so no package two-way dependency runs through them (budget and config, ops and
 * store used to depend on each other).
 */
class LeafPackagesTest {

  static JavaClasses classes;

  @BeforeAll
  static void load() {
    classes = ProductionClasses.get();
  }

  @Test
  void configDependsOnNoOtherVouchPackage() {
    noClasses().that().resideInAPackage("dev.vouch.config..")
        .should().dependOnClassesThat(resideInAPackage("dev.vouch..").and(resideInAPackage("dev.vouch.config..").negate()))
        .check(classes);
  }

  @Test
  void opsDependsOnNoOtherVouchPackage() {
    noClasses().that().resideInAPackage("dev.vouch.ops..")
        .should().dependOnClassesThat(resideInAPackage("dev.vouch..").and(resideInAPackage("dev.vouch.ops..").negate()))
        .check(classes);
  }
}
