package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fault")
class ReadinessTest {

  @Test
  void readinessIs503WhilePostgresIsUnreachableAndRecovers() throws Exception {
    try (TestApp app = TestApp.start()) {
      assertThat(app.get("/health/ready").statusCode()).isEqualTo(200);
      TestDatabase.allowConnections(app.database, false);
      try {
        assertThat(app.get("/health/ready").statusCode()).isEqualTo(503);
        assertThat(app.get("/health/live").statusCode()).isEqualTo(200);
        var read = app.get("/api/v1/decision/0x" + "a".repeat(40));
        assertThat(read.statusCode()).isEqualTo(503);
        assertThat(read.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("UNAVAILABLE");
        assertThat(read.bodyAsString()).doesNotContain("127.0.0.1").doesNotContain("SELECT");
      } finally {
        TestDatabase.allowConnections(app.database, true);
      }
      // The outage opened the breaker; the first heartbeat that answers (every 250 ms) closes it.
      // Waited on with a generous bound: a loaded machine delays the heartbeat, it does not break it.
      Sql.await("readiness to answer 200 again", 30_000, () -> app.get("/health/ready").statusCode() == 200);
    }
  }
}
