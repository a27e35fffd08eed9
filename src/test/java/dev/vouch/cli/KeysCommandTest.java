package dev.vouch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code keys ...}, run in process through the real command tree against DATABASE_URL and the embedded default. */
class KeysCommandTest {

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
    TestKeys.Run again = TestKeys.run(config, "revoke", id);
    assertThat(again.status()).as("revoking a revoked key is refused, as the docs say").isEqualTo(1);
    assertThat(again.err()).contains("key " + id + " is revoked; revocation is final");
  }

  @Test
  void mistakesAreReportedWithAStatusAndWhatWasWrong() throws Exception {
    AppConfig config = configFor(Map.of("DATABASE_URL", TestDatabase.fresh().toUrl()));
    TestKeys.Run unknown = TestKeys.run(config, "revoke", "999");
    assertThat(unknown.status()).isEqualTo(1);
    assertThat(unknown.err()).contains("no key with id 999");

    TestKeys.Run badPlan = TestKeys.run(config, "create", "--plan", "gold", "--label", "x");
    assertThat(badPlan.status()).isEqualTo(2);
    assertThat(badPlan.err()).contains("vouch keys create: Invalid value for option '--plan'")
        .contains("developer, plus, pro, partner").contains("'gold'");
    TestKeys.Run noLabel = TestKeys.run(config, "create", "--plan", "pro");
    assertThat(noLabel.status()).isEqualTo(2);
    assertThat(noLabel.err()).contains("Missing required option: '--label=<text>'").contains("Usage: vouch keys create");
    TestKeys.Run blankLabel = TestKeys.run(config, "create", "--plan", "pro", "--label", "  ");
    assertThat(blankLabel.status()).isEqualTo(2);
    assertThat(blankLabel.err()).contains("--label must not be blank");
    TestKeys.Run extra = TestKeys.run(config, "create", "--plan", "pro", "--label", "x", "surplus");
    assertThat(extra.status()).isEqualTo(2);
    assertThat(extra.err()).contains("Unmatched argument at index 6: 'surplus'");

    assertThat(TestKeys.run(config, "plan", "1", "gold").err()).contains("Invalid value for positional parameter at index 1 (<plan>)");
    TestKeys.Run notAnId = TestKeys.run(config, "revoke", "abc");
    assertThat(notAnId.status()).isEqualTo(2);
    assertThat(notAnId.err()).contains("<key> must be a key id (see keys list) or the key itself");
    assertThat(TestKeys.run(config, "suspend", "0").err()).contains("<key> must be a key id (see keys list) or the key itself");
    TestKeys.Run rotate = TestKeys.run(config, "rotate", "1");
    assertThat(rotate.status()).isEqualTo(2);
    assertThat(rotate.err()).contains("Unmatched arguments from index 1: 'rotate', '1'");
    TestKeys.Run bare = TestKeys.run(config);
    assertThat(bare.status()).isEqualTo(2);
    assertThat(bare.err()).contains("Missing required subcommand").contains("create").contains("revoke");
    try (Connection c = DriverManager.getConnection(db(config).jdbcUrl(), db(config).user(), db(config).password());
        ResultSet rs = c.createStatement().executeQuery("SELECT count(*) FROM api_keys")) {
      rs.next();
      assertThat(rs.getLong(1)).as("no mistake created a key").isZero();
    }
  }

  @Test
  void listAsJsonCarriesEveryKeyButNeverTheSecret() throws Exception {
    AppConfig config = configFor(Map.of("DATABASE_URL", TestDatabase.fresh().toUrl()));
    TestKeys.Key first = TestKeys.create(config, "plus");
    TestKeys.Key second = TestKeys.create(config, "partner");
    TestKeys.run(config, "suspend", Long.toString(second.id()));
    TestKeys.Run list = TestKeys.run(config, "list", "--json");
    assertThat(list.status()).isZero();
    JsonNode rows = new ObjectMapper().readTree(list.out());
    assertThat(rows.size()).isEqualTo(2);
    assertThat(rows.get(0).get("id").asLong()).isEqualTo(first.id());
    assertThat(rows.get(0).get("plan").asText()).isEqualTo("plus");
    assertThat(rows.get(0).get("state").asText()).isEqualTo("active");
    assertThat(rows.get(0).get("hint").asText()).isEqualTo(ApiKeyFormat.hint(first.secret()));
    assertThat(rows.get(0).get("label").asText()).isEqualTo("test plus");
    assertThat(Instant.parse(rows.get(0).get("createdAt").asText())).isBefore(Instant.now().plusSeconds(60));
    assertThat(rows.get(1).get("state").asText()).isEqualTo("suspended");
    assertThat(list.out()).doesNotContain(first.secret()).doesNotContain(second.secret());
  }

  private static DatabaseUrl db(AppConfig config) {
    return DatabaseUrl.parse(config.database().url());
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

  /**
   * Issue 34 item 6: an operator holding only the key revokes (or suspends, resumes, re-plans) it
   * by the key itself, looked up by its hash; no answer, and no error however mistyped, prints it.
   */
  @Test
  void aKeyIsManagedByTheKeyItselfAndNoErrorEverPrintsIt() throws Exception {
    AppConfig config = configFor(Map.of("DATABASE_URL", TestDatabase.fresh().toUrl()));
    TestKeys.Key key = TestKeys.create(config, "developer");
    String secret = key.secret();
    String body = secret.substring(ApiKeyFormat.PREFIX.length());
    String other = secret.substring(0, 20) + (secret.charAt(20) == 'a' ? 'b' : 'a') + secret.substring(21);
    List<TestKeys.Run> runs = new ArrayList<>();
    TestKeys.Run plan = TestKeys.run(config, "plan", secret, "pro");
    assertThat(plan.status()).as(plan.err()).isZero();
    assertThat(plan.out()).contains("key " + key.id() + " now on plan pro");
    TestKeys.Run suspend = TestKeys.run(config, "suspend", secret);
    assertThat(suspend.out()).contains("key " + key.id() + " suspended");
    TestKeys.Run resume = TestKeys.run(config, "resume", secret);
    assertThat(resume.out()).contains("key " + key.id() + " resumed");
    TestKeys.Run revoke = TestKeys.run(config, "revoke", secret);
    assertThat(revoke.status()).isZero();
    assertThat(revoke.out()).contains("key " + key.id() + " revoked");
    assertThat(TestKeys.run(config, "list").out()).contains("revoked");
    TestKeys.Run again = TestKeys.run(config, "revoke", secret);
    assertThat(again.status()).isEqualTo(1);
    assertThat(again.err()).contains("key " + key.id() + " is revoked");
    runs.addAll(List.of(plan, suspend, resume, revoke, again));

    // A typo (the checksum no longer matches, twice), a key where
    // no key belongs, and a key as an unknown command: each refused without echoing it.
    TestKeys.Run typo = TestKeys.run(config, "revoke", other);
    assertThat(typo.status()).isEqualTo(2);
    assertThat(typo.err()).contains("<key> is not a well-formed API key");
    String created = TestKeys.create(config, "pro").secret();
    runs.add(typo);
    runs.add(TestKeys.run(config, "revoke", created.substring(0, 11) + (created.charAt(11) == 'x' ? 'y' : 'x') + created.substring(12)));
    runs.add(TestKeys.run(config, "revoke", "1", secret));
    runs.add(TestKeys.run(config, secret));
    runs.add(TestKeys.run(config, "plan", secret, "gold"));
    runs.add(TestKeys.run(config, "create", "--plan", "pro", "--label", "x", secret));
    for (TestKeys.Run r : runs.subList(5, runs.size())) {
      assertThat(r.status()).as(r.err()).isNotZero();
    }
    for (TestKeys.Run r : runs) {
      for (String printed : List.of(r.out(), r.err())) {
        assertThat(printed).as(r.toString()).doesNotContain(body.substring(0, 16)).doesNotContain(body.substring(16, 32))
            .doesNotContain(other.substring(11, 27)).doesNotContain(created.substring(12, 28));
      }
    }
  }

  /** A well-formed key that was never stored is unknown, named only by its hint (as keys list shows keys). */
  @Test
  void aWellFormedKeyThatIsNotStoredIsUnknown() {
    AppConfig config = configFor(Map.of("DATABASE_URL", TestDatabase.fresh().toUrl()));
    String made = ApiKeyFormat.generate(new java.security.SecureRandom());
    TestKeys.Run r = TestKeys.run(config, "suspend", made);
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).contains("no key with that value (" + ApiKeyFormat.hint(made) + ")")
        .doesNotContain(made.substring(15, 43));
  }
}
