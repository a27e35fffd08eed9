package dev.vouch.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a tool of the build (node, the linter, python) to completion and keeps what it printed. */
public final class Command {

  /** The exit code and everything written to stdout and stderr, interleaved. */
  public record Result(int exit, String output) {}

  private Command() {}

  public static Result run(Path dir, Map<String, String> env, long timeoutSeconds, List<String> cmd) {
    try {
      Path log = Files.createTempFile("vouch-command", ".log");
      try {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
            .redirectOutput(log.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          p.descendants().forEach(ProcessHandle::destroyForcibly);
          p.destroyForcibly().waitFor();
          throw new IllegalStateException(cmd + " did not finish within " + timeoutSeconds + " s:\n"
              + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(log);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + cmd, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted running " + cmd, e);
    }
  }
}
