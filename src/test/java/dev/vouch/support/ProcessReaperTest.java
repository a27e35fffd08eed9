package dev.vouch.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What support/ProcessReaper ends at this JVM's exit (issue 34). */
class ProcessReaperTest {

  @Test
  void aProcessThatLeftThisJvmsTreeIsFoundByItsMarkerButNeverThisJvmOrTheShellThatStartedIt() throws Exception {
    assumeTrue(System.getenv("VOUCH_TEST_FORK") != null && Files.isDirectory(Path.of("/proc")),
        "only in a surefire fork (the marker) on Linux (/proc)");
    // The shell exits at once: its sleep is an orphan, no longer this JVM's descendant.
    Process shell = new ProcessBuilder("bash", "-c", "sleep 300 >/dev/null 2>&1 & echo $!").start();
    long pid = Long.parseLong(new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
    assertThat(shell.waitFor()).isZero();
    ProcessHandle orphan = ProcessHandle.of(pid).orElseThrow();
    try {
      assertThat(ProcessHandle.current().descendants().map(ProcessHandle::pid)).doesNotContain(pid);
      var left = ProcessReaper.leftBehind();
      assertThat(left).containsKey(pid).doesNotContainKey(ProcessHandle.current().pid());
      // surefire starts the fork through a shell that carries the marker too
      ProcessHandle.current().parent().ifPresent(parent -> assertThat(left).doesNotContainKey(parent.pid()));
    } finally {
      orphan.destroyForcibly();
    }
  }
}
