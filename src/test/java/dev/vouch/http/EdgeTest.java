package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EdgeTest {

  static TestApp app;
  static final String WALLET = "0x" + "a".repeat(40);

  @BeforeAll
  static void start() {
    app = TestApp.start(Map.of("VOUCH_HTTP_BODY_LIMIT_BYTES", "4096",
        "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000000"));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  private static JsonObject error(io.vertx.ext.web.client.HttpResponse<Buffer> r) {
    assertThat(r.getHeader("Content-Type")).startsWith("application/json");
    JsonObject body = r.bodyAsJsonObject();
    assertThat(body.getBoolean("ok")).isFalse();
    assertThat(body.getString("version")).isEqualTo("v1");
    return body.getJsonObject("error");
  }

  @Test
  void unknownRouteIsNotFoundInTheEnvelope() {
    for (String path : new String[] {"/", "/api/v1/nothing", "/api/v2/decision/" + WALLET}) {
      var r = app.get(path);
      assertThat(r.statusCode()).isEqualTo(404);
      assertThat(error(r).getString("code")).isEqualTo("NOT_FOUND");
    }
  }

  @Test
  void wrongMethodIsMethodNotAllowedWithAllow() {
    var r = app.send(HttpMethod.DELETE, "/api/v1/decision/" + WALLET, null, Map.of());
    assertThat(r.statusCode()).isEqualTo(405);
    assertThat(r.getHeader("Allow")).isEqualTo("GET, HEAD");
    assertThat(error(r).getString("code")).isEqualTo("METHOD_NOT_ALLOWED");
  }

  @Test
  void oversizeBodyIsPayloadTooLarge() {
    var r = app.send(HttpMethod.GET, "/api/v1/decision/" + WALLET, Buffer.buffer(new byte[5000]),
        Map.of("Content-Type", "application/json"));
    assertThat(r.statusCode()).isEqualTo(413);
    assertThat(error(r).getString("code")).isEqualTo("PAYLOAD_TOO_LARGE");
  }

  @Test
  void requestIdIsEchoedWhenSaneAndGeneratedOtherwise() {
    var echoed = app.send(HttpMethod.GET, "/api/v1/score/" + WALLET, null, Map.of("X-Request-Id", "abc-123.x"));
    assertThat(echoed.getHeader("X-Request-Id")).isEqualTo("abc-123.x");
    var replaced = app.send(HttpMethod.GET, "/api/v1/score/" + WALLET, null, Map.of("X-Request-Id", "bad id <script>"));
    assertThat(replaced.getHeader("X-Request-Id")).matches("[0-9a-f-]{36}");
    var generated = app.get("/nope");
    assertThat(generated.getHeader("X-Request-Id")).matches("[0-9a-f-]{36}");
  }

  @Test
  void theOpenApiDocumentIsServed() {
    var r = app.get("/openapi.yaml");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.bodyAsString()).startsWith("openapi: 3").contains("/api/v1/decision/{wallet}");
  }

  @Test
  void everyOperationInTheOpenApiDocumentIsRouted() throws Exception {
    var doc = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
        .readTree(getClass().getResourceAsStream("/openapi.yaml"));
    int checked = 0;
    for (var path = doc.get("paths").fields(); path.hasNext(); ) {
      var entry = path.next();
      String concrete = entry.getKey().replace("{wallet}", WALLET).replace("{username}", "alice.vouch")
          .replace("{id}", "rcp_AAAAAAAAAAAAAAAA").replace("{asset}", "reference.js");
      for (var method = entry.getValue().fieldNames(); method.hasNext(); ) {
        HttpMethod m = HttpMethod.valueOf(method.next().toUpperCase());
        var r = app.send(m, concrete, m == HttpMethod.POST ? Buffer.buffer("{}") : null,
            Map.of("Content-Type", "application/json"));
        assertThat(r.statusCode()).as(m + " " + concrete).isNotEqualTo(405);
        // An unknown resource may be 404; an unknown route may not.
        assertThat(r.bodyAsString()).as(m + " " + concrete).doesNotContain("No such route");
        checked++;
      }
    }
    assertThat(checked).isGreaterThanOrEqualTo(5);
  }

  @Test
  void livenessIsTrivialAndReadinessChecksPostgres() {
    assertThat(app.get("/health/live").statusCode()).isEqualTo(200);
    var ready = app.get("/health/ready");
    assertThat(ready.statusCode()).isEqualTo(200);
    assertThat(ready.bodyAsJsonObject().getString("status")).isEqualTo("UP");
  }

  @Test
  void metricsExposeRequestCountsLatencyAndPoolStatsPerRoute() {
    app.get("/api/v1/decision/" + WALLET);
    app.get("/api/v1/decision/0xbad");
    String text = app.get("/metrics").bodyAsString();
    assertThat(text).contains("vertx_http_server_requests_total{code=\"200\",method=\"GET\",route=\"/api/v1/decision/:wallet\"}");
    assertThat(text).contains("vertx_http_server_requests_total{code=\"400\",method=\"GET\",route=\"/api/v1/decision/:wallet\"}");
    assertThat(text).contains("vertx_http_server_response_time_seconds_bucket");
    assertThat(text).contains("vertx_pool_in_use{pool_name=\"vouch-pg\",pool_type=\"sql\"}");
  }
}
