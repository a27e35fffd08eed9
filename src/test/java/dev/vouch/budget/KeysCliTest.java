package dev.vouch.budget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.budget.model.ApiKeyFormat;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ConfigLoader;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.support.TestDatabase;
import dev.vouch.support.TestKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The keys command line, run in process against DATABASE_URL and the embedded default. */
class KeysCliTest {

  static AppConfig configFor(Map<String, String> env) {
    return ConfigLoader.load(env);
  }

  @Test
  void createPrintsTheKeyOnceAndStoresOnlyItsHash() throws Exception {
    DatabaseUrl db = TestDatabase.fresh();
    AppConfig config = configFor(Map.of("DATABASE_URL", db.toUrl()));
    TestKeys.Key key = TestKeys.create(config, "pro");
    assertThat(ApiKeyFormat.isWellFormed(key.secret())).isTrue();
    try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
        ResultSet rs = c.createStatement().executeQuery("SELECT * FROM api_keys")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getBytes("key_hash")).isEqualTo(ApiKeyFormat.sha256(key.secret()));
      assertThat(rs.getString("plan")).isEqualTo("pro");
      assertThat(rs.getString("label")).isEqualTo("test pro");
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        assertThat(String.valueOf(rs.getObject(i))).doesNotContain(key.secret().substring(11, 43));
      }
    }
    String hex = HexFormat.of().formatHex(ApiKeyFormat.sha256(key.secret()));
    TestKeys.Run list = TestKeys.run(config, "list");
    assertThat(list.status()).isZero();
    assertThat(list.out()).contains(ApiKeyFormat.hint(key.secret())).contains("pro").contains("active")
        .doesNotContain(key.secret()).doesNotContain(key.secret().substring(15, 43)).doesNotContain(hex);
  }

  @Test
  void keysMoveThroughPlanSuspendResumeAndRevoke() {
    AppConfig config = configFor(Map.of("DATABASE_URL", TestDatabase.fresh().toUrl()));
    TestKeys.Key key = TestKeys.create(config, "developer");
    String id = Long.toString(key.id());
    assertThat(TestKeys.run(config, "plan", id, "partner").out()).contains("now on plan partner");
    assertThat(TestKeys.run(config, "suspend", id).status()).isZero();
    assertThat(TestKeys.run(config, "list").out()).contains("partner").contains("suspended");
    assertThat(TestKeys.run(config, "resume", id).status()).isZero();
    assertThat(TestKeys.run(config, "list").out()).contains("active");
    assertThat(TestKeys.run(config, "revoke", id).status()).isZero();
    assertThat(TestKeys.run(config, "list").out()).contains("revoked");
    TestKeys.Run afterRevoke = TestKeys.run(config, "resume", id);
    assertThat(afterRevoke.status()).isEqualTo(1);
    assertThat(afterRevoke.err()).contains("revocation is final");
    assertThat(TestKeys.run(config, "revoke", id).status()).as("revoking twice is harmless").isZero();
  }

  @Test
  void mistakesAreReportedWithAStatus() {
    AppConfig config = configFor(Map.of("DATABASE_URL", TestDatabase.fresh().toUrl()));
    assertThat(TestKeys.run(config, "revoke", "999").status()).isEqualTo(1);
    assertThat(TestKeys.run(config, "revoke", "999").err()).contains("no key with id 999");
    assertThat(TestKeys.run(config, "create", "--plan", "gold", "--label", "x").status()).isEqualTo(2);
    assertThat(TestKeys.run(config, "create", "--plan", "pro").status()).isEqualTo(2);
    assertThat(TestKeys.run(config, "plan", "1", "gold").status()).isEqualTo(2);
    assertThat(TestKeys.run(config, "revoke", "abc").status()).isEqualTo(2);
    assertThat(TestKeys.run(config, "rotate", "1").err()).contains("usage: keys create");
    assertThat(TestKeys.run(config).status()).isEqualTo(2);
  }

  @Test
  void withoutDatabaseUrlTheEmbeddedDefaultIsUsedAndMigrated() throws Exception {
    Path dir = Files.createTempDirectory("vouch-keys-cli");
    AppConfig config = configFor(Map.of("VOUCH_DATABASE_EMBEDDED_DATA_DIR", dir.resolve("pg").toString()));
    assertThat(config.database().embedded()).isTrue();
    TestKeys.Key key = TestKeys.create(config, "plus");
    TestKeys.Run list = TestKeys.run(config, "list");
    assertThat(list.out()).contains(Long.toString(key.id())).contains("plus").contains(ApiKeyFormat.hint(key.secret()));
    assertThat(Files.exists(dir.resolve("pg"))).as("the data stays for the next run").isTrue();
  }
}
