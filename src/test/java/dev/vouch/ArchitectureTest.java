package dev.vouch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaAccess;
import dev.vouch.support.ProductionClasses;
import org.junit.jupiter.api.BeforeAll;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Model packages are pure: no I/O, no Vert.x, no SQL, no clock reads. */
class ArchitectureTest {

  static JavaClasses classes;

  /** Methods that read the wall clock or the monotonic clock, by owner. */
  static final Map<String, Set<String>> CLOCK_READS = Map.ofEntries(
      Map.entry("java.time.Instant", Set.of("now")),
      Map.entry("java.time.LocalDate", Set.of("now")),
      Map.entry("java.time.LocalDateTime", Set.of("now")),
      Map.entry("java.time.LocalTime", Set.of("now")),
      Map.entry("java.time.OffsetDateTime", Set.of("now")),
      Map.entry("java.time.OffsetTime", Set.of("now")),
      Map.entry("java.time.ZonedDateTime", Set.of("now")),
      Map.entry("java.time.Year", Set.of("now")),
      Map.entry("java.time.YearMonth", Set.of("now")),
      Map.entry("java.time.MonthDay", Set.of("now")),
      Map.entry("java.time.Clock", Set.of("systemUTC", "systemDefaultZone", "system")),
      Map.entry("java.time.InstantSource", Set.of("system")),
      Map.entry("java.lang.System", Set.of("currentTimeMillis", "nanoTime")));

  /**
   * The classes that may call System.nanoTime, each to measure a duration or pace calls (log and
   * job timings, cache ages, backoff and breaker cool-offs, provider pacing). Add a class here
   * only for that; anything that needs the time of day takes the service's Clock.
   */
  static final Set<String> DURATION_MEASURERS = Set.of(
      "dev.vouch.ops.ThrottledLog", "dev.vouch.ops.AsyncLogHandler", "dev.vouch.http.AccessLog",
      "dev.vouch.http.Edge", "dev.vouch.budget.FailoverCounterStore", "dev.vouch.budget.Budgeting", "dev.vouch.score.ReadStateCache",
      "dev.vouch.indexing.IndexWorkerVerticle", "dev.vouch.indexing.Pipeline", "dev.vouch.chain.ChainVerification",
      "dev.vouch.chain.ChainTraffic", "dev.vouch.chain.ExplorerClient", "dev.vouch.store.Server",
      "dev.vouch.monitoring.WebhookDeliveryVerticle", "dev.vouch.store.DatabaseWait", "dev.vouch.store.Gateway",
      "dev.vouch.cli.ReadModelCommand", "dev.vouch.indexing.SnapshotNotifications");

  static DescribedPredicate<JavaAccess<?>> readsTheClock() {
    // Accesses include method references (System::nanoTime handed to a supplier).
    return DescribedPredicate.describe("read the clock (now(), Clock.system*, currentTimeMillis, nanoTime)",
        call -> CLOCK_READS.getOrDefault(call.getTargetOwner().getFullName(), Set.of()).contains(call.getName()));
  }

  static DescribedPredicate<JavaAccess<?>> readsNanoTime() {
    return DescribedPredicate.describe("call System.nanoTime",
        call -> call.getTargetOwner().getFullName().equals("java.lang.System") && call.getName().equals("nanoTime"));
  }

  /** java.net beyond the pure text codecs: sockets, connections, and InetAddress (which may resolve names). */
  static DescribedPredicate<JavaClass> networkIo() {
    Set<String> pure = Set.of("java.net.URI", "java.net.URISyntaxException", "java.net.URLEncoder", "java.net.URLDecoder");
    return DescribedPredicate.describe("are java.net classes other than URI and the URL codecs",
        c -> c.getPackageName().equals("java.net") && !pure.contains(c.getName()));
  }

  @BeforeAll
  static void importClasses() {
    classes = ProductionClasses.get();
  }

  @Test
  void modelsImportNoIo() {
    noClasses().that().resideInAPackage("..model..")
        .should().dependOnClassesThat().resideInAnyPackage(
            "io.vertx..", "io.netty..", "java.sql..", "java.net.http..", "java.io..", "java.nio.file..",
            "java.nio.channels..", "io.micrometer..", "org.flywaydb..", "dev.vouch.store..", "dev.vouch.http..",
            "dev.vouch.bus..")
        .orShould().dependOnClassesThat(networkIo())
        .check(classes);
  }

  @Test
  void modelsNeverReadTheClock() {
    // No exceptions: a model that needs the time takes `Instant now` from its caller.
    noClasses().that().resideInAPackage("..model..")
        .should().accessTargetWhere(readsTheClock())
        .check(classes);
  }

  @Test
  void durationsAreMeasuredOnlyWhereListed() {
    noClasses().that().resideInAPackage("dev.vouch..")
        .and(DescribedPredicate.describe("are not listed in DURATION_MEASURERS",
            c -> !DURATION_MEASURERS.contains(c.getName()) && !DURATION_MEASURERS.contains(outermost(c).getName())))
        .should().accessTargetWhere(readsNanoTime())
        .check(classes);
  }

  static JavaClass outermost(JavaClass c) {
    JavaClass at = c;
    while (at.getEnclosingClass().isPresent()) {
      at = at.getEnclosingClass().get();
    }
    return at;
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

  @Test
  void capabilitiesDependNeitherOnTheAppNorOnTheCommandLine() {
    // The command line and the app wiring sit on top; a capability that reached up (as keys did
    // through VouchApp) would make a cycle between them.
    noClasses().that().resideInAPackage("dev.vouch.(*)..").and().resideOutsideOfPackage("dev.vouch.cli..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.vouch", "dev.vouch.cli..")
        .check(classes);
  }

  @Test
  void capabilitiesFormNoCycles() {
    // A cycle between two capabilities means neither can be understood, tested or moved alone;
    // a record both need belongs to the one that produces it, or to a small shared package.
    slices().matching("dev.vouch.(*)..").should().beFreeOfCycles().check(classes);
  }
}
