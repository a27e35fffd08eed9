package dev.vouch.support;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a Vouch JVM a test starts as a process of its own (serve, the CLI). Its JIT
 * stops at C1 and it collects with the serial collector: such a process lives seconds, so C2's
 * compiles and G1's threads only take CPU the other test JVMs need (a C1-only test JVM used about
 * half the CPU, see bench/README.md "The test loop"). Nothing it runs depends on either.
 */
public final class ChildJvm {

  /** The flags of every test JVM (the surefire forks pass the C1 one through {@code test.jit}). */
  public static final List<String> FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

  private ChildJvm() {}

  /** {@code java <FLAGS> <jvmArgs>}: append the class path, main class and arguments. */
  public static List<String> java(String... jvmArgs) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(FLAGS);
    cmd.addAll(List.of(jvmArgs));
    return cmd;
  }
}
