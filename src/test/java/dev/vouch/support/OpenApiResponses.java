package dev.vouch.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.openapi.contract.MediaType;
import io.vertx.openapi.contract.OpenAPIContract;
import io.vertx.openapi.contract.Operation;
import io.vertx.openapi.validation.ResponseParameter;
import io.vertx.openapi.validation.ResponseValidator;
import io.vertx.openapi.validation.ValidatableResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Validates every answer the test suites receive against src/main/resources/openapi.yaml with
 * Vert.x's OpenAPI validator (io.vertx:vertx-openapi), so the document cannot drift from the code.
 * {@link TestApp#send} calls it on every response; a test with its own HTTP client calls
 * {@link #check(String, String, int, Map, Buffer)} (or {@link #check(HttpMethod, String, HttpResponse)}).
 * A response must match an operation of the document, declare its status code, and carry a body
 * and headers that validate against the schemas there. Non-JSON answers (Prometheus text, the
 * YAML document, the HTML reference) are checked for status and declared content type only.
 */
public final class OpenApiResponses {

  public static final Path DOCUMENT = Path.of("src/main/resources/openapi.yaml");

  private static final Object LOCK = new Object();
  private static Vertx vertx;
  private static OpenAPIContract contract;
  private static ResponseValidator validator;
  private static JsonObject raw;

  private OpenApiResponses() {}

  /** The document as JSON (YAML parsed by Jackson). */
  public static JsonObject document() {
    try {
      Object tree = new ObjectMapper(new YAMLFactory()).readValue(DOCUMENT.toFile(), Map.class);
      return new JsonObject(new ObjectMapper().writeValueAsString(tree));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void load() {
    synchronized (LOCK) {
      if (validator != null) {
        return;
      }
      raw = document();
      JsonObject readable = raw.copy();
      // The validator reads JSON, text and binary bodies; the YAML document and HTML page are checked by hand.
      for (Object pathItem : readable.getJsonObject("paths")) {
        JsonObject ops = (JsonObject) ((Map.Entry<?, ?>) pathItem).getValue();
        for (String method : ops.fieldNames()) {
          JsonObject responses = ops.getJsonObject(method).getJsonObject("responses");
          responses.forEach(r -> readableOnly((JsonObject) r.getValue()));
        }
      }
      JsonObject shared = readable.getJsonObject("components", new JsonObject()).getJsonObject("responses");
      if (shared != null) {
        shared.forEach(r -> readableOnly((JsonObject) r.getValue()));
      }
      vertx = Vertx.vertx();
      contract = await(OpenAPIContract.from(vertx, readable));
      validator = ResponseValidator.create(vertx, contract);
    }
  }

  private static void readableOnly(JsonObject response) {
    JsonObject content = response.getJsonObject("content");
    if (content != null) {
      content.fieldNames().removeIf(type -> !MediaType.isMediaTypeSupported(type));
      if (content.isEmpty()) {
        response.remove("content");
      }
    }
  }

  public static void check(HttpMethod method, String pathAndQuery, HttpResponse<Buffer> r) {
    Map<String, String> headers = new HashMap<>();
    r.headers().forEach(h -> headers.putIfAbsent(h.getKey(), h.getValue()));
    check(method.name(), pathAndQuery, r.statusCode(), headers, r.body());
  }

  /** Fails (AssertionError) when the answer does not match the operation its method and path select. */
  public static void check(String method, String pathAndQuery, int status, Map<String, String> headers, Buffer body) {
    load();
    String path = pathAndQuery.split("\\?", 2)[0];
    String where = method + " " + pathAndQuery + " -> " + status;
    if (header(headers, "X-Request-Id") == null) {
      // CONTRACT 3: every answer, whatever wrote it (route, error handler, server-level refusal).
      throw new AssertionError(where + ": no X-Request-Id header");
    }
    assertDeclaredErrorCode(where, status, header(headers, "Content-Type"), body);
    HttpMethod m = HttpMethod.valueOf(method.toUpperCase(Locale.ROOT));
    boolean head = m == HttpMethod.HEAD;
    // HEAD answers as GET does, without a body (documented once in info.description).
    Operation op = contract.findOperation(path, head ? HttpMethod.GET : m);
    if (SERVER_LEVEL.contains(status) && !isDeclared(op, method, status)) {
      // Refusals the server writes before any route (documented once in info.description).
      if (!head) {
        assertErrorEnvelope(where, body);
      }
      return;
    }
    if (m == HttpMethod.OPTIONS && op == null && (status == 204 || status == 200)) {
      return; // CORS preflight
    }
    if (op == null) {
      // Unknown route or method: the service answers with its error envelope (404/405).
      if (status != 404 && status != 405) {
        throw new AssertionError(where + ": no operation of the OpenAPI document matches, yet the answer is " + status);
      }
      String type = String.valueOf(header(headers, "Content-Type"));
      if (!path.startsWith("/api/") && status == 404 && type.startsWith("text/html")) {
        return; // the pages' own not-found page
      }
      assertErrorEnvelope(where, body);
      return;
    }
    String contentType = header(headers, "Content-Type");
    JsonObject declared = raw.getJsonObject("paths").getJsonObject(op.getOpenAPIPath())
        .getJsonObject(head ? "get" : method.toLowerCase(Locale.ROOT)).getJsonObject("responses");
    JsonObject response = declared.getJsonObject(Integer.toString(status), declared.getJsonObject("default"));
    if (response == null) {
      throw new AssertionError(where + ": status not declared for operation " + op.getOperationId()
          + " (declared: " + declared.fieldNames() + ")");
    }
    JsonObject content = resolve(response).getJsonObject("content");
    String mediaType = contentType == null ? null : contentType.split(";")[0].trim();
    if (content != null && mediaType != null && !isJson(mediaType)) {
      if (!content.containsKey(mediaType)) {
        throw new AssertionError(where + ": content type " + contentType + " not declared (" + content.fieldNames() + ")");
      }
      return;
    }
    Buffer payload = head || body == null || body.length() == 0 ? null : body;
    if (head) {
      return; // status declared; HEAD carries no body to validate
    }
    ValidatableResponse answer = caseInsensitive(payload == null
        ? ValidatableResponse.create(status, lowerCase(headers))
        : ValidatableResponse.create(status, lowerCase(headers), payload, contentType));
    try {
      await(validator.validate(answer, op.getOperationId()));
    } catch (RuntimeException e) {
      throw new AssertionError(where + " does not match operation " + op.getOperationId() + ": " + describe(e)
          + "\nbody: " + (payload == null ? "" : clip(payload.toString())), e);
    }
  }

  /** Statuses of the server's own refusals: unreadable request, origin refused, URI or headers too long, connection cap. */
  private static final java.util.Set<Integer> SERVER_LEVEL = java.util.Set.of(400, 403, 414, 429, 431);

  private static boolean isDeclared(Operation op, String method, int status) {
    if (op == null) {
      return false;
    }
    JsonObject ops = raw.getJsonObject("paths").getJsonObject(op.getOpenAPIPath());
    JsonObject o = ops.getJsonObject(method.toLowerCase(Locale.ROOT), ops.getJsonObject("get"));
    return o.getJsonObject("responses").containsKey(Integer.toString(status));
  }

  private static boolean isJson(String mediaType) {
    return mediaType.equals("application/json") || mediaType.endsWith("+json");
  }

  private static JsonObject resolve(JsonObject response) {
    String ref = response.getString("$ref");
    if (ref == null) {
      return response;
    }
    return raw.getJsonObject("components").getJsonObject("responses").getJsonObject(ref.substring(ref.lastIndexOf('/') + 1));
  }

  /**
   * The clients type error codes from the ErrorCode schema, which the envelope's code only
   * references (anyOf, so older clients accept newer codes): every code an answer carries must be
   * listed there.
   */
  private static void assertDeclaredErrorCode(String where, int status, String contentType, Buffer body) {
    if (status < 400 || body == null || body.length() == 0 || contentType == null || !isJson(contentType.split(";")[0].trim())) {
      return;
    }
    Object code;
    try {
      JsonObject error = body.toJsonObject().getJsonObject("error");
      code = error == null ? null : error.getValue("code");
    } catch (RuntimeException e) {
      return; // not an envelope: the checks below say so
    }
    JsonArray known = raw.getJsonObject("components").getJsonObject("schemas").getJsonObject("ErrorCode")
        .getJsonArray("enum");
    if (code != null && !known.contains(code)) {
      throw new AssertionError(where + ": error code " + code + " is not in openapi.yaml's ErrorCode enum; add it"
          + " there and run clients/generate.sh");
    }
  }

  private static void assertErrorEnvelope(String where, Buffer body) {
    JsonObject envelope;
    try {
      envelope = body.toJsonObject();
    } catch (RuntimeException e) {
      throw new AssertionError(where + ": not the JSON error envelope: " + clip(String.valueOf(body)));
    }
    if (!Boolean.FALSE.equals(envelope.getBoolean("ok")) || envelope.getJsonObject("error") == null) {
      throw new AssertionError(where + ": not the error envelope: " + clip(envelope.encode()));
    }
  }

  /**
   * HTTP header names are case-insensitive, but vertx-openapi 5.0.10 lower-cases the answer's
   * names and then looks each declared header up by its exact declared name ("X-Request-Id"),
   * so no mixed-case header was ever validated. The same answer with a case-insensitive view of
   * its headers lets declared headers (required ones included) be checked.
   */
  private static ValidatableResponse caseInsensitive(ValidatableResponse r) {
    Map<String, ResponseParameter> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.putAll(r.getHeaders());
    return new ValidatableResponse() {
      @Override
      public Map<String, ResponseParameter> getHeaders() {
        return headers;
      }

      @Override
      public ResponseParameter getBody() {
        return r.getBody();
      }

      @Override
      public String getContentType() {
        return r.getContentType();
      }

      @Override
      public int getStatusCode() {
        return r.getStatusCode();
      }
    };
  }

  private static Map<String, String> lowerCase(Map<String, String> headers) {
    Map<String, String> out = new HashMap<>();
    headers.forEach((k, v) -> out.put(k.toLowerCase(Locale.ROOT), v));
    return out;
  }

  private static String header(Map<String, String> headers, String name) {
    for (Iterator<Map.Entry<String, String>> it = headers.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<String, String> e = it.next();
      if (e.getKey().equalsIgnoreCase(name)) {
        return e.getValue();
      }
    }
    return null;
  }

  private static String describe(Throwable e) {
    StringBuilder s = new StringBuilder(String.valueOf(e.getMessage()));
    try {
      Object errors = e.getClass().getMethod("getOutputUnit").invoke(e);
      if (errors != null) {
        s.append(" ").append(errors);
      }
    } catch (ReflectiveOperationException ignored) {
      // not a schema validation failure
    }
    return s.toString();
  }

  private static String clip(String s) {
    return s.length() > 2000 ? s.substring(0, 2000) + "..." : s;
  }

  private static <T> T await(io.vertx.core.Future<T> f) {
    return Observe.await(f, Duration.ofSeconds(30));
  }
}
