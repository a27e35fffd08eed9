package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.OpenApiResponses;
import dev.vouch.support.TestApp;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
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
  void servedAsIsAndRenderedAsHtmlWithEveryOperation() throws Exception {
    var yaml = app.get("/openapi.yaml");
    assertThat(yaml.statusCode()).isEqualTo(200);
    assertThat(yaml.bodyAsString()).isEqualTo(Files.readString(OpenApiResponses.DOCUMENT));
    var html = app.get("/docs");
    assertThat(html.statusCode()).isEqualTo(200);
    assertThat(html.getHeader("Content-Type")).startsWith("text/html");
    String page = html.bodyAsString();
    assertThat(page).startsWith("<!doctype html>").doesNotContain("<script");
    parsed().getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, op) ->
        assertThat(page).contains("id=\"" + op.getOperationId() + "\"").contains("<code>" + path + "</code>")));
  }
}
