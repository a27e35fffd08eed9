package dev.vouch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Model packages are pure: no I/O, no Vert.x, no SQL, no clock reads. */
class ArchitectureTest {

  static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.vouch");
  }

  @Test
  void modelsImportNoIo() {
    noClasses().that().resideInAPackage("..model..")
        .should().dependOnClassesThat().resideInAnyPackage(
            "io.vertx..", "io.netty..", "java.sql..", "java.net.http..", "java.io..", "java.nio.file..",
            "java.nio.channels..", "io.micrometer..", "org.flywaydb..", "dev.vouch.store..", "dev.vouch.http..",
            "dev.vouch.bus..")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.Socket")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.URL")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.URLConnection")
        .check(classes);
  }

  @Test
  void modelsNeverReadTheClock() {
    noClasses().that().resideInAPackage("..model..")
        .should().callMethod(java.time.Instant.class, "now")
        .orShould().callMethod(java.time.Clock.class, "systemUTC")
        .orShould().callMethod(System.class, "currentTimeMillis")
        .check(classes);
  }

  @Test
  void modelsDoNotDependOnServicesOrVerticles() {
    noClasses().that().resideInAPackage("..model..")
        .should().dependOnClassesThat().haveSimpleNameEndingWith("Verticle")
        .orShould().dependOnClassesThat().haveSimpleNameEndingWith("Store")
        .check(classes);
  }

  @Test
  void onlyTheStoreAndRepositoriesTouchTheSqlClient() {
    noClasses().that().resideInAnyPackage("..http..", "..model..")
        .should().dependOnClassesThat().resideInAPackage("io.vertx.sqlclient..")
        .check(classes);
  }
}
