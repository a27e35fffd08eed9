package dev.vouch.support;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Drops each test class's databases ({@link TestDatabase#fresh}) once the class has ended, so a
 * fork's embedded server holds one class's data, not every class's, when the JVM exits. Classes
 * run one at a time in a fork (no parallel execution is configured). Installed in every test JVM
 * by the JUnit platform (META-INF/services).
 */
public final class ClassDatabases implements TestExecutionListener {

  @Override
  public void executionFinished(TestIdentifier id, TestExecutionResult result) {
    if (id.isContainer() && id.getSource().filter(ClassSource.class::isInstance).isPresent()) {
      TestDatabase.releaseClassDatabases();
    }
  }
}
