package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.LogCapture;
import dev.vouch.support.RawHttp;
import dev.vouch.support.TestApp;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Client garbage never escapes the envelope: requests Netty cannot decode and requests the
 * router refuses both answer {"ok":false,...} with a catalogue code, and none logs SEVERE.
 */
@Tag("fault")
class HostileRequestsTest {

  static final String DECISION = "/api/v1/decision/0x" + "ab".repeat(20);
  static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start(TestApp.UNMETERED);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  private static RawHttp.Answer raw(String request) throws Exception {
    return RawHttp.once(app.port, request);
  }

  private static String get(String target, String... headers) {
    return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String.join("", headers) + "Connection: close\r\n\r\n";
  }

  /** The envelope with its code; every answer also says nosniff. */
  private static String code(RawHttp.Answer a) {
    assertThat(a.header("Content-Type")).startsWith("application/json");
    assertThat(a.header("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(a.json().getBoolean("ok")).isFalse();
    assertThat(a.json().getString("version")).isEqualTo("v1");
    assertThat(a.json().getJsonObject("error").getString("message")).isNotBlank();
    return a.json().getJsonObject("error").getString("code");
  }

  @Test
  void anOverlongUriIs414InTheEnvelope() throws Exception {
    var a = raw(get("/api/v1/decision/" + "x".repeat(10_000)));
    assertThat(a.status()).isEqualTo(414);
    assertThat(code(a)).isEqualTo("INVALID_REQUEST");
  }

  @Test
  void anOversizedHeaderBlockIs431InTheEnvelope() throws Exception {
    var a = raw(get(DECISION, "X-Padding: " + "p".repeat(40_000) + "\r\n"));
    assertThat(a.status()).isEqualTo(431);
    assertThat(code(a)).isEqualTo("INVALID_REQUEST");
  }

  @Test
  void aTenThousandCharacterBearerTokenIsAnInvalidKey() throws Exception {
    var a = raw(get(DECISION, "Authorization: Bearer " + "k".repeat(10_000) + "\r\n"));
    assertThat(a.status()).isEqualTo(401);
    assertThat(code(a)).isEqualTo("INVALID_KEY");
  }

  @Test
  void badPercentEscapesAreInvalidRequests() throws Exception {
    for (String target : new String[] {"/api/v1/decision/%zz", "/api/v1/decision/%", "/api/v1/score/%G1"}) {
      var a = raw(get(target));
      assertThat(a.status()).as(target).isEqualTo(400);
      assertThat(code(a)).as(target).isEqualTo("INVALID_REQUEST");
    }
  }

  @Test
  void aNulInAHeaderAndAMissingHostAreInvalidRequests() throws Exception {
    var nul = raw(get(DECISION, "X-Note: a\u0000b\r\n"));
    assertThat(nul.status()).isEqualTo(400);
    assertThat(code(nul)).isEqualTo("INVALID_REQUEST");

    var noHost = raw("GET " + DECISION + " HTTP/1.1\r\nConnection: close\r\n\r\n");
    assertThat(noHost.status()).isEqualTo(400);
    assertThat(code(noHost)).isEqualTo("INVALID_REQUEST");

    var brokenLine = raw("GET\r\n\r\n");
    assertThat(brokenLine.status()).isEqualTo(400);
    assertThat(code(brokenLine)).isEqualTo("INVALID_REQUEST");
  }

  @Test
  void garbageLogsNothingSevere() throws Exception {
    try (LogCapture logs = new LogCapture(Level.WARNING)) {
      raw(get("/api/v1/decision/%zz"));
      raw(get(DECISION, "X-Note: a\u0000b\r\n"));
      raw("GET " + DECISION + " HTTP/1.1\r\nConnection: close\r\n\r\n");
      raw(get("/" + "x".repeat(10_000)));
      raw(get(DECISION, "X-Padding: " + "p".repeat(40_000) + "\r\n"));
      // The service answered the last request, so anything it logged about the others is in.
      assertThat(app.get("/health/live").statusCode()).isEqualTo(200);
      assertThat(logs.atLeast(Level.SEVERE)).isEmpty();
    }
  }
}
