package dev.vouch.budget;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.vouch.support.ProductionClasses;
import org.junit.jupiter.api.Test;

class BudgetArchitectureTest {

  private final JavaClasses classes = ProductionClasses.get();

  @Test
  void budgetModelIsPureOfVertxSqlAndRedis() {
    noClasses().that().resideInAPackage("dev.vouch.budget.model..")
        .should().dependOnClassesThat().resideInAnyPackage(
            "io.vertx..", "io.netty..", "java.sql..", "io.micrometer..", "dev.vouch.store..", "dev.vouch.http..")
        .check(classes);
  }

  @Test
  void budgetCapabilityDoesNotDependOnTheHttpEdge() {
    noClasses().that().resideInAPackage("dev.vouch.budget..")
        .should().dependOnClassesThat().resideInAPackage("dev.vouch.http..")
        .check(classes);
  }
}
