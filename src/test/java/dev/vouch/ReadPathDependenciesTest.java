package dev.vouch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.vouch.support.ProductionClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The four two-way package dependencies of the read path stay gone (issue 17): decision reads
 * score, indexing commits through score, every capability uses the bus; never the other way.
 */
class ReadPathDependenciesTest {

  static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = ProductionClasses.get();
  }

  @Test
  void scoreDoesNotDependOnDecision() {
    noClasses().that().resideInAPackage("dev.vouch.score..")
        .should().dependOnClassesThat().resideInAPackage("dev.vouch.decision..").check(classes);
  }

  @Test
  void scoreDoesNotDependOnIndexing() {
    noClasses().that().resideInAPackage("dev.vouch.score..")
        .should().dependOnClassesThat().resideInAPackage("dev.vouch.indexing..").check(classes);
  }

  @Test
  void theBusDependsOnNoCapability() {
    noClasses().that().resideInAPackage("dev.vouch.bus..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.vouch.decision..", "dev.vouch.score..",
            "dev.vouch.indexing..", "dev.vouch.receipt..", "dev.vouch.interaction..")
        .check(classes);
  }
}
