package dev.vouch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ConfigLoader;
import dev.vouch.StartupFailures;
import dev.vouch.receipt.SigningKeys;
import dev.vouch.support.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The one line an operator reads when a start is refused: which setting, what is wrong, what it takes. */
class StartupErrorsTest {

  static final AppConfig DEFAULTS = ConfigLoader.load(Map.of());
  static final String EXPECTED = "expected a private Ed25519 JWK set in JSON, {\"keys\":[{\"kty\":\"OKP\",\"crv\":\"Ed25519\","
      + "\"d\":...,\"x\":...}]}, as `java -jar vouch.jar receipt-keys new` prints it";

  static String refusal(String inline, String file) {
    return StartupFailures.describe(catchThrowable(() -> SigningKeys.load(inline, file)), DEFAULTS);
  }

  @Test
  void aSigningKeyThatIsNotJsonNamesTheVariableAndTheFormat() {
    assertThat(refusal("CHANGE_ME", null)).startsWith(
        "invalid configuration: VOUCH_RECEIPTS_SIGNING_KEY (receipts.signingKey) is not a JWK or JWK set (Invalid JSON")
        .endsWith(EXPECTED).doesNotContain("ParseException").doesNotContain("CHANGE_ME");
  }

  @Test
  void aPublicOrNonEd25519KeyIsRefusedWithWhatIsExpected() throws Exception {
    String publicOnly = JWKSet.parse(SigningKeys.rotated(null)).toPublicJWKSet().toString();
    assertThat(refusal(publicOnly, null)).isEqualTo("invalid configuration: VOUCH_RECEIPTS_SIGNING_KEY (receipts.signingKey): "
        + "the first key is not private (it has no \"d\"); " + EXPECTED);
    String ec = new JWKSet(new ECKeyGenerator(Curve.P_256).generate()).toString(false);
    assertThat(refusal(ec, null)).isEqualTo("invalid configuration: VOUCH_RECEIPTS_SIGNING_KEY (receipts.signingKey): "
        + "receipt keys must be Ed25519 (kty OKP, crv Ed25519); " + EXPECTED);
  }

  @Test
  void aBrokenKeyFileNamesTheFileAndItsSetting() throws Exception {
    Path file = Files.createTempFile("vouch-receipt-keys", ".json");
    try {
      Files.writeString(file, "{\"keys\": [");
      assertThat(refusal("", file.toString())).startsWith("invalid configuration: the receipt signing key file " + file
          + " (VOUCH_RECEIPTS_SIGNING_KEY_FILE, receipts.signingKeyFile) is not a JWK or JWK set (").endsWith(EXPECTED);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void serveWithABadSigningKeyExitsOneWithThatLine() {
    AppConfig config = ConfigLoader.load(Map.of("DATABASE_URL", TestDatabase.fresh().toUrl(), "PORT", "0",
        "VOUCH_RECEIPTS_SIGNING_KEY", "CHANGE_ME"));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = VouchCommand.execute(() -> config, new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(err, true, StandardCharsets.UTF_8), "serve", "--role", "api");
    assertThat(status).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8).strip()).startsWith(
        "vouch: invalid configuration: VOUCH_RECEIPTS_SIGNING_KEY (receipts.signingKey) is not a JWK or JWK set")
        .endsWith(EXPECTED).doesNotContain("\tat ");
  }

  /** Issue 34 items 6 and 10: a missing file is named as missing, not as a Java exception's class. */
  @Test
  void aMissingFileIsNotFoundNotAnExceptionName() throws Exception {
    Path gone = Path.of("/nonexistent/flagged.csv");
    io.vertx.core.Vertx vertx = io.vertx.core.Vertx.vertx();
    try {
      dev.vouch.store.DatabaseUrl db = dev.vouch.support.TestDatabase.fresh();
      Throwable failure = catchThrowable(() -> dev.vouch.support.TestLists.start(vertx, db, java.util.List.of(
              new dev.vouch.config.ScreeningSource("LOCAL", dev.vouch.config.ScreeningSource.Type.csv, gone.toString(), null))));
      assertThat(StartupFailures.describe(failure, DEFAULTS))
          .isEqualTo("cannot start: screening list LOCAL could not be read from " + gone + ": not found");
    } finally {
      vertx.close();
    }
    assertThat(StartupFailures.describe(new RuntimeException(new java.nio.file.NoSuchFileException("keys.json")), DEFAULTS))
        .isEqualTo("cannot start: keys.json: not found");
  }
}
