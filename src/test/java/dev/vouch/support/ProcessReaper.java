package dev.vouch.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Nothing a test JVM started outlives it (issue 34: every run left a devnet's six anvils behind).
 * At JVM exit it ends every process this JVM started with all their descendants, and the processes
 * that left its tree (a postgres that pg_ctl daemonized, the anvils of a devnet that died) but carry
 * this fork's marker: surefire gives each fork {@code VOUCH_TEST_RUN} and {@code
 * VOUCH_TEST_FORK} (pom.xml), and every process inherits them. The owners' own shutdown hooks (the
 * embedded Postgres's {@code pg_ctl stop}, Redis, Anvil) run at the same time, so they get a moment
 * first; then SIGTERM; then SIGKILL. What it had to end is appended to
 * {@code target/reaped-processes.txt}. After the whole run, tools/build/no-leftovers.sh fails the
 * build if any marked process still lives.
 *
 * <p>Installed in every test JVM by the JUnit platform (META-INF/services).
 */
public final class ProcessReaper implements LauncherSessionListener {

  /** For the owners' hooks to stop their processes themselves. */
  private static final Duration GRACE = Duration.ofSeconds(3);
  private static final Duration AFTER_TERM = Duration.ofSeconds(5);
  private static final AtomicBoolean INSTALLED = new AtomicBoolean();

  @Override
  public void launcherSessionOpened(LauncherSession session) {
    install();
  }

  public static void install() {
    if (INSTALLED.compareAndSet(false, true)) {
      Runtime.getRuntime().addShutdownHook(new Thread(ProcessReaper::reap, "process-reaper"));
    }
  }

  static void reap() {
    Map<Long, ProcessHandle> left = leftBehind();
    if (left.isEmpty()) {
      return;
    }
    // Descendants are listed before anything is signalled: a parent that dies first orphans them.
    awaitExit(left.values(), GRACE);
    Map<Long, ProcessHandle> term = alive(left);
    Map<Long, String> seen = describe(term);
    term.values().forEach(ProcessHandle::destroy);
    awaitExit(term.values(), AFTER_TERM);
    Map<Long, ProcessHandle> kill = alive(term);
    kill.putAll(leftBehind()); // whatever appeared or left the tree meanwhile
    describe(kill).forEach(seen::putIfAbsent);
    kill.values().forEach(ProcessHandle::destroyForcibly);
    awaitExit(kill.values(), Duration.ofSeconds(2));
    if (!seen.isEmpty()) {
      report(seen, term, kill);
    }
  }

  /** Command lines, read while the processes live (an ended one has none). */
  private static Map<Long, String> describe(Map<Long, ProcessHandle> handles) {
    Map<Long, String> out = new LinkedHashMap<>();
    handles.forEach((pid, h) -> out.put(pid, h.info().commandLine().orElse("?")));
    return out;
  }

  /** This JVM's descendants and the marked processes, but never this JVM or its ancestors. */
  static Map<Long, ProcessHandle> leftBehind() {
    Map<Long, ProcessHandle> all = new LinkedHashMap<>();
    ProcessHandle.current().descendants().forEach(h -> all.put(h.pid(), h));
    for (ProcessHandle h : marked()) {
      all.putIfAbsent(h.pid(), h);
    }
    // Surefire starts a fork through a shell, which carries the marker too.
    for (Optional<ProcessHandle> h = Optional.of(ProcessHandle.current()); h.isPresent(); h = h.get().parent()) {
      all.remove(h.get().pid());
    }
    return all;
  }

  /**
   * Live processes whose environment has this fork's two marker entries (Linux: /proc); none when
   * this JVM has no marker (run from an IDE).
   */
  static List<ProcessHandle> marked() {
    String run = System.getenv("VOUCH_TEST_RUN");
    String fork = System.getenv("VOUCH_TEST_FORK");
    Path proc = Path.of("/proc");
    if (run == null || fork == null || run.isBlank() || fork.isBlank() || !Files.isDirectory(proc)) {
      return List.of();
    }
    List<String> want = List.of("VOUCH_TEST_RUN=" + run, "VOUCH_TEST_FORK=" + fork);
    List<ProcessHandle> found = new ArrayList<>();
    try (Stream<Path> entries = Files.list(proc)) {
      for (Path p : entries.toList()) {
        String name = p.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        byte[] environ;
        try {
          environ = Files.readAllBytes(p.resolve("environ"));
        } catch (IOException | SecurityException gone) {
          continue; // exited, or another user's
        }
        List<String> vars = Arrays.asList(new String(environ, StandardCharsets.UTF_8).split("\0"));
        if (vars.containsAll(want)) {
          ProcessHandle.of(Long.parseLong(name)).ifPresent(found::add);
        }
      }
    } catch (IOException e) {
      return found;
    }
    return found;
  }

  private static Map<Long, ProcessHandle> alive(Map<Long, ProcessHandle> handles) {
    Map<Long, ProcessHandle> out = new LinkedHashMap<>();
    handles.forEach((pid, h) -> {
      if (h.isAlive()) {
        out.put(pid, h);
      }
    });
    return out;
  }

  private static void awaitExit(Iterable<ProcessHandle> handles, Duration bound) {
    List<CompletableFuture<ProcessHandle>> exits = new ArrayList<>();
    handles.forEach(h -> exits.add(h.onExit()));
    try {
      CompletableFuture.allOf(exits.toArray(CompletableFuture[]::new)).get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception notAll) {
      // the caller signals the ones still alive
    }
  }

  private static void report(Map<Long, String> seen, Map<Long, ProcessHandle> term, Map<Long, ProcessHandle> kill) {
    StringBuilder s = new StringBuilder();
    // Each line names its run: the check prints this run's only (a failed run never read its own).
    String run = Optional.ofNullable(System.getenv("VOUCH_TEST_RUN")).orElse("-");
    String fork = Optional.ofNullable(System.getenv("VOUCH_TEST_FORK")).orElse("-");
    seen.forEach((pid, cmd) -> s.append(run).append(' ').append(Instant.now()).append(' ').append(fork).append(": ")
        .append(term.containsKey(pid) ? kill.containsKey(pid) ? "SIGTERM, SIGKILL " : "SIGTERM " : "SIGKILL ")
        .append(pid).append(' ').append(cmd.length() > 300 ? cmd.substring(0, 300) + "..." : cmd).append('\n'));
    try {
      Files.createDirectories(Path.of("target"));
      Files.writeString(Path.of("target", "reaped-processes.txt"), s, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      System.err.print(s);
    }
  }
}
