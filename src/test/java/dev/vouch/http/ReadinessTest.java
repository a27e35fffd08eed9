package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import org.junit.jupiter.api.Test;

class ReadinessTest {

  /** Refuses new connections to the app's database and drops the open ones, as an outage would. */
  private static void cutOff(DatabaseUrl db, boolean allow) throws Exception {
    DatabaseUrl admin = db.withDatabase("postgres");
    TestDatabase.exec(admin, "ALTER DATABASE " + db.database() + " ALLOW_CONNECTIONS " + allow);
    if (!allow) {
      TestDatabase.exec(admin, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"
          + db.database() + "'");
    }
  }

  @Test
  void readinessIs503WhilePostgresIsUnreachableAndRecovers() throws Exception {
    try (TestApp app = TestApp.start()) {
      assertThat(app.get("/health/ready").statusCode()).isEqualTo(200);
      cutOff(app.database, false);
      try {
        assertThat(app.get("/health/ready").statusCode()).isEqualTo(503);
        assertThat(app.get("/health/live").statusCode()).isEqualTo(200);
        var read = app.get("/api/v1/decision/0x" + "a".repeat(40));
        assertThat(read.statusCode()).isEqualTo(503);
        assertThat(read.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("UNAVAILABLE");
        assertThat(read.bodyAsString()).doesNotContain("127.0.0.1").doesNotContain("SELECT");
      } finally {
        cutOff(app.database, true);
      }
      assertThat(app.get("/health/ready").statusCode()).isEqualTo(200);
    }
  }
}
