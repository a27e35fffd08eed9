package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.support.OpenApiResponses;
import dev.vouch.support.TestApp;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The published document: valid OpenAPI 3.1, complete, served as is and as an HTML reference. */
class OpenApiDocumentTest {

  static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start(TestApp.UNMETERED);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  static OpenAPI parsed() throws Exception {
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    SwaggerParseResult result = new OpenAPIV3Parser().readContents(Files.readString(OpenApiResponses.DOCUMENT), null, options);
    assertThat(result.getMessages()).as("parser messages").isEmpty();
    return result.getOpenAPI();
  }

  @Test
  void parsesAsOpenApi31WithOperationIdsTagsAndTheBearerScheme() throws Exception {
    OpenAPI doc = parsed();
    assertThat(doc.getSpecVersion()).isEqualTo(SpecVersion.V31);
    assertThat(doc.getOpenapi()).startsWith("3.1.");
    List<String> ids = new ArrayList<>();
    doc.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, op) -> {
      assertThat(op.getOperationId()).as(method + " " + path + " operationId").isNotBlank();
      assertThat(op.getTags()).as(method + " " + path + " tags").isNotEmpty();
      assertThat(op.getResponses()).as(method + " " + path + " responses").isNotEmpty();
      ids.add(op.getOperationId());
    }));
    assertThat(ids).doesNotHaveDuplicates();
    assertThat(doc.getComponents().getSecuritySchemes()).containsKey("bearer");
    assertThat(doc.getComponents().getSecuritySchemes().get("bearer").getScheme()).isEqualTo("bearer");
    Operation decision = doc.getPaths().get("/api/v1/decision/{wallet}").getGet();
    assertThat(decision.getResponses()).containsKeys("200", "400", "401", "403", "429", "503");
    assertThat(decision.getResponses().get("200").getHeaders()).containsKeys("X-RateLimit-Limit", "X-RateLimit-Remaining");
  }

  @Test
  void everyResponseOfEveryOperationDeclaresTheRequestIdAndEveryApi503RetryAfter() throws Exception {
    OpenAPI doc = parsed();
    List<String> missing = new ArrayList<>();
    List<String> noRetryAfter = new ArrayList<>();
    doc.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, op) ->
        op.getResponses().forEach((status, response) -> {
          ApiResponse r = resolve(doc, response);
          Map<String, Header> headers = r.getHeaders() == null ? Map.of() : r.getHeaders();
          Header id = headers.get("X-Request-Id");
          if (id == null || !Boolean.TRUE.equals(resolve(doc, id).getRequired())) {
            missing.add(method + " " + path + " " + status);
          }
          if (path.startsWith("/api/") && status.equals("503") && !headers.containsKey("Retry-After")) {
            noRetryAfter.add(method + " " + path);
          }
        })));
    assertThat(missing).as("responses without a required X-Request-Id").isEmpty();
    assertThat(noRetryAfter).as("API 503 answers without Retry-After").isEmpty();
  }

  @Test
  void answersWithoutTheRequestIdFailTheContractCheck() {
    var ok = app.get("/health/live");
    Map<String, String> headers = new HashMap<>();
    ok.headers().forEach(h -> headers.put(h.getKey(), h.getValue()));
    assertThat(headers).containsKey("X-Request-Id");
    headers.remove("X-Request-Id");
    assertThatThrownBy(() -> OpenApiResponses.check("GET", "/health/live", 200, headers, ok.body()))
        .isInstanceOf(AssertionError.class).hasMessageContaining("X-Request-Id");
    // The validator itself checks declared headers (case-insensitively): a 503 without Retry-After fails.
    Map<String, String> unavailable = Map.of("x-request-id", "r1", "content-type", "application/json");
    var body = io.vertx.core.buffer.Buffer.buffer(
        "{\"ok\":false,\"version\":\"v1\",\"error\":{\"code\":\"UNAVAILABLE\",\"message\":\"down\"}}");
    assertThatThrownBy(() -> OpenApiResponses.check("GET", "/api/v1/decision/0x" + "a".repeat(40), 503, unavailable, body))
        .isInstanceOf(AssertionError.class).hasMessageContaining("Retry-After");
    Map<String, String> withRetry = new HashMap<>(unavailable);
    withRetry.put("retry-after", "5");
    OpenApiResponses.check("GET", "/api/v1/decision/0x" + "a".repeat(40), 503, withRetry, body);
  }

  @Test
  void anErrorCodeMissingFromTheErrorCodeSchemaFailsTheContractCheck() {
    // The clients type error codes from ErrorCode: a code the service answers must be listed.
    Map<String, String> headers = Map.of("x-request-id", "r1", "content-type", "application/json");
    String wallet = "/api/v1/decision/0x" + "a".repeat(40);
    var made = io.vertx.core.buffer.Buffer.buffer(
        "{\"ok\":false,\"version\":\"v1\",\"error\":{\"code\":\"MADE_UP\",\"message\":\"x\"}}");
    assertThatThrownBy(() -> OpenApiResponses.check("GET", wallet, 400, headers, made))
        .isInstanceOf(AssertionError.class).hasMessageContaining("MADE_UP").hasMessageContaining("ErrorCode");
    OpenApiResponses.check("GET", wallet, 400, headers, io.vertx.core.buffer.Buffer.buffer(
        "{\"ok\":false,\"version\":\"v1\",\"error\":{\"code\":\"INVALID_WALLET\",\"message\":\"x\"}}"));
  }

  private static ApiResponse resolve(OpenAPI doc, ApiResponse r) {
    return r.get$ref() == null ? r : doc.getComponents().getResponses().get(r.get$ref().substring(r.get$ref().lastIndexOf('/') + 1));
  }

  private static Header resolve(OpenAPI doc, Header h) {
    return h.get$ref() == null ? h : doc.getComponents().getHeaders().get(h.get$ref().substring(h.get$ref().lastIndexOf('/') + 1));
  }

  @Test
  void servedAsIsAndReferencedByASwaggerUiPageUnderItsOwnPolicyWithEveryAssetFromThisOrigin() throws Exception {
    var yaml = app.get("/openapi.yaml");
    assertThat(yaml.statusCode()).isEqualTo(200);
    assertThat(yaml.bodyAsString()).isEqualTo(Files.readString(OpenApiResponses.DOCUMENT));
    var html = app.get("/docs");
    assertThat(html.statusCode()).isEqualTo(200);
    assertThat(html.getHeader("Content-Type")).startsWith("text/html");
    assertThat(html.getHeader("Content-Security-Policy")).isEqualTo(ApiReference.CSP)
        .contains("script-src 'self'").contains("connect-src 'self'").doesNotContain("unsafe-eval");
    String page = html.bodyAsString();
    assertThat(page).startsWith("<!doctype html>").contains("<a id=\"back-to-check\" href=\"/check\">");
    // Every script and style the page names is served here, none inline and none from elsewhere.
    var assets = java.util.regex.Pattern.compile("(?:src|href)=\"([^\"]+)\"").matcher(page).results()
        .map(m -> m.group(1)).filter(u -> u.endsWith(".js") || u.endsWith(".css") || u.endsWith(".png")).toList();
    assertThat(assets).contains("/docs/swagger-ui-bundle.js", "/docs/reference.js", "/docs/swagger-ui.css")
        .allSatisfy(u -> assertThat(u).startsWith("/docs/"));
    assertThat(page.replace("<script src=", "")).doesNotContain("<script");
    for (String asset : assets) {
      var r = app.get(asset);
      assertThat(r.statusCode()).as(asset).isEqualTo(200);
      assertThat(r.body().length()).as(asset).isPositive();
    }
    assertThat(app.get("/docs/swagger-ui-bundle.js").bodyAsString()).contains("SwaggerUIBundle");
    // The policy is the reference's alone: the API answers carry none.
    assertThat(app.get("/openapi.yaml").getHeader("Content-Security-Policy")).isNull();
  }
}
