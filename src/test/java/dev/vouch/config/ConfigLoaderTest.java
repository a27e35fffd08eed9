package dev.vouch.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigLoaderTest {

  @Test
  void defaultsComeFromTheShippedYaml() {
    AppConfig c = ConfigLoader.load(Map.of());
    assertThat(c.role()).isEqualTo(AppConfig.Role.all);
    assertThat(c.http().port()).isEqualTo(8080);
    assertThat(c.http().bodyLimitBytes()).isEqualTo(262_144);
    assertThat(c.database().embedded()).isTrue();
    assertThat(c.redis().configured()).isFalse();
    assertThat(c.models().staleAfterHours()).isEqualTo(24);
    assertThat(c.chains()).extracting(ChainConfig::chainId).containsExactly(5042002L, 1L, 8453L, 42161L, 137L, 56L);
    assertThat(c.chains().get(4).mode()).isEqualTo(ChainConfig.EvidenceMode.aggregate);
    assertThat(c.http().eventLoopThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
  }

  @Test
  void aScreeningFileFromTheEnvironmentIsALocalCsvListBesideTheConfiguredOnes() {
    AppConfig c = ConfigLoader.load(Map.of(ConfigLoader.SCREENING_FILE, " data/flagged.csv ",
        "VOUCH_MODELS_FLAGGED_ADDRESSES", "0x" + "ab".repeat(20)));
    assertThat(c.models().flaggedAddresses()).extracting(ScreeningSource::name, ScreeningSource::type, ScreeningSource::path)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("CONFIG", ScreeningSource.Type.inline, null),
            org.assertj.core.groups.Tuple.tuple("LOCAL", ScreeningSource.Type.csv, "data/flagged.csv"));
    assertThat(ConfigLoader.load(Map.of()).models().flaggedAddresses()).isEmpty();
  }

  @Test
  void eventLoopThreadsCanBeSet() {
    assertThat(ConfigLoader.load(Map.of("VOUCH_HTTP_EVENT_LOOPS", "3")).http().eventLoopThreads()).isEqualTo(3);
  }

  @Test
  void environmentOverridesEveryLeafAndTheAliases() {
    AppConfig c = ConfigLoader.load(Map.of(
        "PORT", "9090",
        "DATABASE_URL", "postgres://u:p@db:5432/vouch",
        "REDIS_URL", "redis://cache:6379",
        "VOUCH_ROLE", "worker",
        "VOUCH_HTTP_BODY_LIMIT_BYTES", "2048",
        "VOUCH_HTTP_TRUSTED_PROXIES", "10.0.0.0/8, 192.168.1.0/24",
        "VOUCH_MODELS_STALE_AFTER_HOURS", "12"));
    assertThat(c.http().port()).isEqualTo(9090);
    assertThat(c.database().url()).isEqualTo("postgres://u:p@db:5432/vouch");
    assertThat(c.redis().url()).isEqualTo("redis://cache:6379");
    assertThat(c.role()).isEqualTo(AppConfig.Role.worker);
    assertThat(c.role().runsApi()).isFalse();
    assertThat(c.http().bodyLimitBytes()).isEqualTo(2048);
    assertThat(c.http().trustedProxies()).containsExactly("10.0.0.0/8", "192.168.1.0/24");
    assertThat(c.models().staleAfterHours()).isEqualTo(12);
  }

  @Test
  void envNamesAreUpperSnakeOfThePath() {
    assertThat(ConfigLoader.envName("http.bodyLimitBytes")).isEqualTo("VOUCH_HTTP_BODY_LIMIT_BYTES");
    assertThat(ConfigLoader.envName("database.url")).isEqualTo("VOUCH_DATABASE_URL");
  }

  @Test
  void invalidValuesFailAtStartupWithTheirName() {
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("PORT", "eighty")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("port");
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("VOUCH_ROLE", "boss")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void providerTrafficLimitsHaveDefaultsAndTheByteBudgetHoldsAtLeastOneAnswer() {
    AppConfig.Indexing ix = ConfigLoader.load(Map.of()).indexing();
    assertThat(ix.maxInFlightBytes()).isEqualTo(128L << 20);
    assertThat(ix.maxInFlightBytes() / ix.maxResponseBytes()).isEqualTo(8);
    assertThat(ix.breakerFailures()).isEqualTo(5);
    assertThat(ix.breakerCoolOffMs()).isEqualTo(30_000);
    assertThat(ix.retryBudgetPercent()).isEqualTo(20);
    assertThat(ix.retryBudgetWindowSeconds()).isEqualTo(10);
    assertThat(ConfigLoader.load(Map.of("VOUCH_INDEXING_MAX_IN_FLIGHT_BYTES", "268435456",
        "VOUCH_INDEXING_BREAKER_COOL_OFF_MS", "5000")).indexing())
        .satisfies(o -> assertThat(o.maxInFlightBytes()).isEqualTo(256L << 20))
        .satisfies(o -> assertThat(o.breakerCoolOffMs()).isEqualTo(5000));
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("VOUCH_INDEXING_MAX_IN_FLIGHT_BYTES", "1048576")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxInFlightBytes");
  }

  @Test
  void theSignInDomainAndUriFollowThePublicUrlOrThePort() {
    AppConfig byPort = ConfigLoader.load(Map.of("PORT", "9191"));
    assertThat(byPort.identity().uri()).isEqualTo("http://localhost:9191");
    assertThat(byPort.identity().domain()).isEqualTo("localhost:9191");
    AppConfig published = ConfigLoader.load(Map.of("PORT", "9191", "VOUCH_IDENTITY_URI", "https://vouch.example"));
    assertThat(published.identity().uri()).isEqualTo("https://vouch.example");
    assertThat(published.identity().domain()).isEqualTo("vouch.example");
    AppConfig explicit = ConfigLoader.load(Map.of("VOUCH_IDENTITY_URI", "https://vouch.example:8443/app",
        "VOUCH_IDENTITY_DOMAIN", "example.org"));
    assertThat(explicit.identity().domain()).isEqualTo("example.org");
    assertThat(ConfigLoader.load(Map.of("VOUCH_IDENTITY_URI", "https://vouch.example:8443/app")).identity().domain())
        .isEqualTo("vouch.example:8443");
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("VOUCH_IDENTITY_URI", "vouch.example")))
        .hasMessage("identity.uri (VOUCH_IDENTITY_URI): 'vouch.example' is not the service's public URL; "
            + "expected an http(s) URL with a host, e.g. https://vouch.example");
  }

  @Test
  void aValueOfTheWrongTypeNamesTheSettingItsVariablesAndWhatItTakes() {
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("PORT", "eighty")))
        .hasMessage("http.port (PORT or VOUCH_HTTP_PORT): 'eighty' is not a whole number");
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("VOUCH_ROLE", "boss")))
        .hasMessage("role (VOUCH_ROLE): 'boss' is not one of [api, worker, all]");
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("PORT", "70000")))
        .hasMessage("http.port (PORT or VOUCH_HTTP_PORT) must be 0..65535, not 70000");
  }

  @Test
  void aBrokenOrMisspelledConfigurationFileSaysWhereAndWhat() throws Exception {
    java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("vouch-config");
    java.nio.file.Path broken = dir.resolve("broken.yaml");
    java.nio.file.Files.writeString(broken, "http:\n  port: [8080\n");
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("VOUCH_CONFIG", broken.toString())))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith(broken + " is not valid YAML: ");
    java.nio.file.Path misspelled = dir.resolve("misspelled.yaml");
    java.nio.file.Files.writeString(misspelled, java.nio.file.Files.readString(java.nio.file.Path.of("config/application.yaml"))
        .replace("  bodyLimitBytes:", "  bodyLimitByte:"));
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("VOUCH_CONFIG", misspelled.toString())))
        .hasMessageStartingWith("unknown setting http.bodyLimitByte (in " + misspelled + " or the environment); known at that level: ")
        .hasMessageContaining("bodyLimitBytes");
  }

  @Test
  void productionRefusesToStartWithoutAWebhookSealingKey() {
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("VOUCH_ENV", "production")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("VOUCH_ENV=production")
        .hasMessageContaining("VOUCH_MONITORING_WEBHOOKS_SECRET_KEY");
    String key = "ab".repeat(32);
    assertThat(ConfigLoader.load(Map.of("VOUCH_ENV", "production", "VOUCH_MONITORING_WEBHOOKS_SECRET_KEY", key))
        .monitoring().webhooks().secretKey()).isEqualTo(key);
    // Anywhere else the key kept in the database still serves (development, tests, the embedded database).
    assertThat(ConfigLoader.load(Map.of()).monitoring().webhooks().secretKey()).isEmpty();
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("VOUCH_MONITORING_WEBHOOKS_SECRET_KEY", "abc")))
        .hasMessageContaining("64 hex characters");
  }
}
