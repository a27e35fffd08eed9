package dev.vouch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The no-configuration default: embedded PostgreSQL whose data survives a restart. */
class EmbeddedDefaultTest {

  @Test
  void servesWithoutDatabaseUrlAndKeepsCommittedDataAcrossRestarts() throws Exception {
    Path dir = Files.createTempDirectory("vouch-embedded");
    Map<String, String> env = Map.of("DATABASE_URL", "", "VOUCH_DATABASE_EMBEDDED_DATA_DIR", dir.toString());
    String wallet = "0x" + "4".repeat(40);
    try (TestApp first = TestApp.start(env)) {
      assertThat(first.app.databaseUrl().host()).isEqualTo("127.0.0.1");
      JsonObject baseline = TestApp.data(first.get("/api/v1/decision/" + wallet));
      assertThat(baseline.getJsonObject("freshness").getString("cacheStatus")).isEqualTo("indexing_required");
      Snapshots.commit(first.app.pool(), Snapshots.of(wallet, Snapshots.strong(), first.clock.instant(),
          Snapshots.healthyCoverage(first.clock.instant())));
    }
    try (TestApp second = TestApp.start(env)) {
      JsonObject d = TestApp.data(second.get("/api/v1/decision/" + wallet));
      assertThat(d.getJsonObject("freshness").getString("cacheStatus")).isEqualTo("cached");
      // A commit is answered only once it is in the WAL: a crash of the server loses nothing
      // the service already acknowledged (the embedded library's default is off).
      assertThat(Sql.one(second.app.databaseUrl(), "SHOW synchronous_commit").values()).containsExactly("on");
    }
    assertThat(dir.resolve("PG_VERSION")).exists();
  }
}
