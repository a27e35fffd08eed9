package dev.vouch.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The HTML reference at /docs, rendered once on the server from the OpenAPI document on the
 * classpath: operations by tag with parameters and answers, then every schema. No script.
 */
final class ApiReference {

  private static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete");

  private ApiReference() {}

  static String load() {
    try (InputStream in = ApiReference.class.getClassLoader().getResourceAsStream("openapi.yaml")) {
      if (in == null) {
        throw new IllegalStateException("openapi.yaml is not on the classpath");
      }
      return render(new ObjectMapper(new YAMLFactory()).readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String render(JsonNode doc) {
    StringBuilder h = new StringBuilder(64 * 1024);
    JsonNode info = doc.path("info");
    h.append("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<title>").append(esc(info.path("title").asText())).append(" API reference</title><style>")
        .append("body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1b1f24}")
        .append("code,pre{font:13px ui-monospace,monospace}section.op{border-top:1px solid #d0d7de;padding:.5rem 0}")
        .append(".m{display:inline-block;min-width:3.5rem;font-weight:700}table{border-collapse:collapse}")
        .append("td,th{border:1px solid #d0d7de;padding:.2rem .5rem;text-align:left;vertical-align:top}")
        .append("</style></head><body>");
    // A person who arrived from the pages needs a way back to them.
    h.append("<p><a id=\"back-to-check\" href=\"/check\">&larr; Check a wallet</a></p>");
    h.append("<h1>").append(esc(info.path("title").asText())).append(" API ")
        .append(esc(info.path("version").asText())).append("</h1>");
    h.append("<p>").append(esc(info.path("description").asText())).append("</p>");
    h.append("<p>OpenAPI ").append(esc(doc.path("openapi").asText()))
        .append(": <a href=\"/openapi.yaml\">/openapi.yaml</a></p>");

    Map<String, List<String>> byTag = new LinkedHashMap<>();
    doc.path("tags").forEach(t -> byTag.put(t.path("name").asText(), new ArrayList<>()));
    Map<String, String> tagText = new LinkedHashMap<>();
    doc.path("tags").forEach(t -> tagText.put(t.path("name").asText(), t.path("description").asText()));
    for (Iterator<Map.Entry<String, JsonNode>> paths = doc.path("paths").fields(); paths.hasNext(); ) {
      Map.Entry<String, JsonNode> p = paths.next();
      for (String method : METHODS) {
        JsonNode op = p.getValue().get(method);
        if (op != null) {
          String tag = op.path("tags").path(0).asText("Other");
          byTag.computeIfAbsent(tag, k -> new ArrayList<>()).add(operation(method, p.getKey(), op));
        }
      }
    }
    h.append("<nav><ul>");
    byTag.keySet().forEach(tag -> h.append("<li><a href=\"#tag-").append(esc(tag)).append("\">")
        .append(esc(tag)).append("</a></li>"));
    h.append("<li><a href=\"#schemas\">Schemas</a></li></ul></nav>");
    byTag.forEach((tag, ops) -> {
      h.append("<h2 id=\"tag-").append(esc(tag)).append("\">").append(esc(tag)).append("</h2>");
      if (tagText.containsKey(tag)) {
        h.append("<p>").append(esc(tagText.get(tag))).append("</p>");
      }
      ops.forEach(h::append);
    });
    h.append("<h2 id=\"schemas\">Schemas</h2>");
    for (Iterator<Map.Entry<String, JsonNode>> s = doc.path("components").path("schemas").fields(); s.hasNext(); ) {
      Map.Entry<String, JsonNode> schema = s.next();
      h.append("<h3 id=\"schema-").append(esc(schema.getKey())).append("\">").append(esc(schema.getKey())).append("</h3>");
      if (schema.getValue().has("description")) {
        h.append("<p>").append(esc(schema.getValue().path("description").asText())).append("</p>");
      }
      JsonNode props = schema.getValue().path("properties");
      if (props.size() > 0) {
        h.append("<table><tr><th>Field</th><th>Type</th><th>Notes</th></tr>");
        for (Iterator<Map.Entry<String, JsonNode>> f = props.fields(); f.hasNext(); ) {
          Map.Entry<String, JsonNode> field = f.next();
          boolean required = false;
          for (JsonNode r : schema.getValue().path("required")) {
            required |= r.asText().equals(field.getKey());
          }
          h.append("<tr><td><code>").append(esc(field.getKey())).append("</code>").append(required ? " *" : "")
              .append("</td><td>").append(type(field.getValue())).append("</td><td>")
              .append(esc(field.getValue().path("description").asText())).append("</td></tr>");
        }
        h.append("</table>");
      } else {
        h.append("<p>").append(type(schema.getValue())).append("</p>");
      }
    }
    h.append("<p>* required</p></body></html>");
    return h.toString();
  }

  private static String operation(String method, String path, JsonNode op) {
    StringBuilder h = new StringBuilder();
    h.append("<section class=\"op\" id=\"").append(esc(op.path("operationId").asText())).append("\">");
    h.append("<h3><span class=\"m\">").append(method.toUpperCase(java.util.Locale.ROOT)).append("</span> <code>")
        .append(esc(path)).append("</code></h3>");
    h.append("<p><b>").append(esc(op.path("summary").asText())).append("</b> <small>(")
        .append(esc(op.path("operationId").asText())).append(")</small></p>");
    if (op.has("description")) {
      h.append("<p>").append(esc(op.path("description").asText())).append("</p>");
    }
    if (op.path("parameters").size() > 0) {
      h.append("<p>Parameters: ");
      for (JsonNode param : op.path("parameters")) {
        String name = param.has("$ref") ? last(param.path("$ref").asText()) : param.path("name").asText();
        h.append("<code>").append(esc(name)).append("</code> ");
      }
      h.append("</p>");
    }
    h.append("<table><tr><th>Status</th><th>Meaning</th></tr>");
    for (Iterator<Map.Entry<String, JsonNode>> r = op.path("responses").fields(); r.hasNext(); ) {
      Map.Entry<String, JsonNode> response = r.next();
      String text = response.getValue().has("$ref") ? last(response.getValue().path("$ref").asText())
          : response.getValue().path("description").asText();
      h.append("<tr><td>").append(esc(response.getKey())).append("</td><td>").append(esc(text)).append("</td></tr>");
    }
    h.append("</table></section>");
    return h.toString();
  }

  private static String type(JsonNode schema) {
    if (schema.has("$ref")) {
      String name = last(schema.path("$ref").asText());
      return "<a href=\"#schema-" + esc(name) + "\">" + esc(name) + "</a>";
    }
    if (schema.has("oneOf") || schema.has("allOf")) {
      List<String> parts = new ArrayList<>();
      schema.path(schema.has("oneOf") ? "oneOf" : "allOf").forEach(s -> parts.add(type(s)));
      return String.join(" | ", parts);
    }
    JsonNode t = schema.path("type");
    String base = t.isArray() ? join(t) : esc(t.asText("object"));
    if ("array".equals(t.asText()) && schema.has("items")) {
      base = "array of " + type(schema.path("items"));
    }
    if (schema.has("enum")) {
      base += " (" + esc(join(schema.path("enum"))) + ")";
    }
    return base;
  }

  private static String join(JsonNode values) {
    List<String> out = new ArrayList<>();
    values.forEach(v -> out.add(v.isNull() ? "null" : v.asText()));
    return String.join(", ", out);
  }

  private static String last(String ref) {
    return ref.substring(ref.lastIndexOf('/') + 1);
  }

  static String esc(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
