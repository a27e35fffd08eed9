package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.LogCapture;
import dev.vouch.support.TestApp;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every operation of openapi.yaml, driven over raw sockets with what clients get wrong: bodies
 * of the wrong type on any method, broken and valid chunking, other versions, two Hosts, a NUL
 * in a header, a declared body over the limit, methods the path does not take. Bounded: a dozen
 * requests per operation. Every request gets an answer, none is a 5xx (but the 505 of an
 * unsupported version), every /api answer is the envelope, and nothing logs SEVERE.
 */
@Tag("fault")
class OperationsFuzzTest {

  private static final String WALLET = "0x" + "ab".repeat(20);

  private record Answer(int status, Map<String, String> headers, String body) {}

  @Test
  void everyOperationAnswersHostileVariantsInTheEnvelopeAndNeverA5xx() throws Exception {
    var doc = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
        .readTree(getClass().getResourceAsStream("/openapi.yaml"));
    List<String> problems = new ArrayList<>();
    int sent = 0;
    try (TestApp app = TestApp.start(TestApp.UNMETERED); LogCapture logs = new LogCapture(Level.WARNING)) {
      for (var path = doc.get("paths").fields(); path.hasNext(); ) {
        var entry = path.next();
        String target = entry.getKey().replace("{wallet}", WALLET).replace("{username}", "alice.vouch")
            .replace("{id}", "rcp_AAAAAAAAAAAAAAAA").replaceAll("\\{[^}]+}", "x1");
        for (var m = entry.getValue().fieldNames(); m.hasNext(); ) {
          String method = m.next().toUpperCase(Locale.ROOT);
          if (!List.of("GET", "POST", "PUT", "PATCH", "DELETE").contains(method)) {
            continue;
          }
          for (Map.Entry<String, String> v : variants(method, target).entrySet()) {
            sent++;
            String what = v.getKey() + " " + method + " " + target;
            Answer a;
            try {
              a = exchange(app.port, v.getValue());
            } catch (IOException e) {
              problems.add(what + ": no answer (" + e.getMessage() + ")");
              continue;
            }
            boolean versionRefused = v.getKey().equals("version") && a.status() == 505;
            if (a.status() >= 500 && !versionRefused) {
              problems.add(what + ": " + a.status() + " " + a.body());
            }
            if (target.startsWith("/api/") && !inEnvelope(a)) {
              problems.add(what + ": outside the envelope: " + a.status() + " " + a.headers().get("content-type"));
            }
          }
        }
      }
      assertThat(app.get("/health/live").statusCode()).isEqualTo(200);
      assertThat(problems).as(sent + " requests").isEmpty();
      assertThat(sent).isGreaterThan(200);
      assertThat(logs.atLeast(Level.SEVERE)).isEmpty();
    }
  }

  /** Named raw requests for one operation; every one closes its connection after the answer. */
  private static Map<String, String> variants(String method, String target) {
    String head = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    String parts = "--b\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--b--";
    Map<String, String> v = new LinkedHashMap<>();
    v.put("form", head + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n\r\na=1");
    v.put("multipart", head + "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: " + parts.length()
        + "\r\n\r\n" + parts);
    v.put("text", head + "Content-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello");
    v.put("badJson", head + "Content-Type: application/json\r\nContent-Length: 1\r\n\r\n[");
    v.put("badChunk", head + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n");
    v.put("chunked", head + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
    v.put("declaredTooLarge", head + "Content-Type: application/json\r\nContent-Length: 999999999\r\n\r\n");
    v.put("http10", method + " " + target + " HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
    v.put("version", method + " " + target + " HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n");
    v.put("twoHosts", head + "Host: evil.example\r\n\r\n");
    v.put("nulHeader", head + "X-Note: a\u0000b\r\n\r\n");
    v.put("otherMethod", head.replaceFirst(method, method.equals("GET") ? "PATCH" : "PUT") + "\r\n");
    v.put("unknownMethod", head.replaceFirst(method, "FROB") + "\r\n");
    return v;
  }

  /** /api answers: the JSON envelope ({"ok":..,"version":"v1"}); a progress stream's 200 is events by design. */
  private static boolean inEnvelope(Answer a) {
    String type = a.headers().getOrDefault("content-type", "");
    if (a.status() < 300 && type.startsWith("text/event-stream")) {
      return true;
    }
    if (!type.startsWith("application/json")) {
      return false;
    }
    try {
      JsonObject body = new JsonObject(a.body());
      return body.getValue("ok") instanceof Boolean && "v1".equals(body.getString("version"))
          && (a.status() < 400) == body.getBoolean("ok");
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static Answer exchange(int port, String request) throws IOException {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(30_000);
      s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      s.getOutputStream().flush();
      InputStream in = s.getInputStream();
      String status = line(in);
      if (status == null || !status.startsWith("HTTP/")) {
        throw new IOException("connection closed without an answer");
      }
      Map<String, String> headers = new LinkedHashMap<>();
      for (String l = line(in); l != null && !l.isEmpty(); l = line(in)) {
        int colon = l.indexOf(':');
        headers.put(l.substring(0, colon).trim().toLowerCase(Locale.ROOT), l.substring(colon + 1).trim());
      }
      String body = "";
      if (headers.containsKey("content-length")) {
        body = new String(in.readNBytes(Integer.parseInt(headers.get("content-length"))), StandardCharsets.UTF_8);
      } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))
          && !headers.getOrDefault("content-type", "").startsWith("text/event-stream")) {
        StringBuilder b = new StringBuilder();
        for (int n = Integer.parseInt(line(in).trim(), 16); n > 0; n = Integer.parseInt(line(in).trim(), 16)) {
          b.append(new String(in.readNBytes(n), StandardCharsets.UTF_8));
          line(in);
        }
        body = b.toString();
      }
      return new Answer(Integer.parseInt(status.split(" ")[1]), headers, body);
    }
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (int c = in.read(); c != -1; c = in.read()) {
      if (c == '\n') {
        String s = b.toString(StandardCharsets.ISO_8859_1);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
      }
      b.write(c);
    }
    return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
  }
}
