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
  void formAndMultipartBodiesOnGetAnswerAsAGetWithoutABody() throws Exception {
    String[] targets = {DECISION, "/api/v1/score/0x" + "ab".repeat(20), "/api/v1/stats", "/check", "/health/live",
        "/api/v1/intake/0x" + "ab".repeat(20) + "/events"};
    String form = "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n";
    String multipart = "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 45\r\n";
    String parts = "--b\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--b--";
    for (String target : targets) {
      int plain = raw(get(target)).status();
      assertThat(plain).as(target).isLessThan(500);
      assertThat(raw(get(target, form) + "a=1").status()).as("form on " + target).isEqualTo(plain);
      assertThat(raw(get(target, multipart) + parts).status()).as("multipart on " + target).isEqualTo(plain);
    }
  }

  @Test
  void aMalformedChunkedBodyIs400InTheEnvelopeLoggedAtInfoWithTheStatusSent() throws Exception {
    try (LogCapture logs = new LogCapture(Level.INFO)) {
      var a = raw("POST /api/v1/decision/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
          + "Transfer-Encoding: chunked\r\nX-Request-Id: bad-chunk-1\r\n\r\nzz\r\n{}\r\n0\r\n\r\n");
      assertThat(a.status()).isEqualTo(400);
      assertThat(code(a)).isEqualTo("INVALID_REQUEST");
      dev.vouch.support.Sql.await("the access log line of the refused request", 30_000,
          () -> logs.from("dev.vouch.access").stream().anyMatch(r -> r.getMessage().contains("bad-chunk-1")));
      assertThat(logs.from("dev.vouch.access")).filteredOn(r -> r.getMessage().contains("bad-chunk-1"))
          .singleElement().satisfies(r -> assertThat(r.getMessage()).contains("\"status\":400"));
      assertThat(logs.from("dev.vouch.http")).anyMatch(r -> r.getLevel() == Level.INFO
          && r.getMessage().startsWith("invalid request body"));
      assertThat(logs.atLeast(Level.WARNING)).noneMatch(r -> r.getLoggerName().startsWith("dev.vouch")
          || r.getLevel() == Level.SEVERE);
    }
  }

  @Test
  void anUnsupportedHttpVersionIs505InTheEnvelope() throws Exception {
    var a = raw("GET " + DECISION + " HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n");
    assertThat(a.status()).isEqualTo(505);
    assertThat(code(a)).isEqualTo("INVALID_REQUEST");
  }

  @Test
  void twoHostHeadersAreAnInvalidRequest() throws Exception {
    var a = raw("GET " + DECISION + " HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n");
    assertThat(a.status()).isEqualTo(400);
    assertThat(code(a)).isEqualTo("INVALID_REQUEST");
  }

  @Test
  void garbageLogsNothingSevere() throws Exception {
    try (LogCapture logs = new LogCapture(Level.WARNING)) {
      raw("POST /api/v1/decision/batch HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n");
      raw("GET / HTTP/9.9\r\nHost: x\r\n\r\n");
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
