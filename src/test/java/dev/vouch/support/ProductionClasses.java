package dev.vouch.support;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The production classes of dev.vouch as ArchUnit sees them, imported once per test JVM: the
 * import takes seconds and its result is immutable, so the architecture tests share it.
 */
public final class ProductionClasses {

  private static JavaClasses classes;

  private ProductionClasses() {}

  public static synchronized JavaClasses get() {
    if (classes == null) {
      classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.vouch");
    }
    return classes;
  }
}
