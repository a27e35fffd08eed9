package dev.vouch.support;

import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Bytes on a socket, for requests a well-behaved client library refuses to send (no Host, NUL in
 * a header, a broken request line) and for holding connections open.
 */
public final class RawHttp implements AutoCloseable {

  /** A parsed answer: status, headers (lowercase names), body. */
  public record Answer(int status, Map<String, String> headers, String body) {
    public String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    public JsonObject json() {
      return new JsonObject(body);
    }
  }

  private final Socket socket;
  private final InputStream in;

  public RawHttp(int port) throws IOException {
    socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout(30_000);
    in = socket.getInputStream();
  }

  /** One request whose connection closes after the answer. */
  public static Answer once(int port, String request) throws IOException {
    try (RawHttp http = new RawHttp(port)) {
      return http.exchange(request);
    }
  }

  /** Sends the bytes as they are and reads one answer (headers, then Content-Length bytes). */
  public Answer exchange(String request) throws IOException {
    socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
    socket.getOutputStream().flush();
    return read();
  }

  /** Writes bytes without reading: a request can be held back short of its last byte. */
  public void write(String bytes) throws IOException {
    socket.getOutputStream().write(bytes.getBytes(StandardCharsets.ISO_8859_1));
    socket.getOutputStream().flush();
  }

  /** Reads one answer (headers, then Content-Length bytes). */
  public Answer read() throws IOException {
    String statusLine = line();
    if (statusLine == null) {
      throw new IOException("connection closed without an answer");
    }
    int status = Integer.parseInt(statusLine.split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (String l = line(); l != null && !l.isEmpty(); l = line()) {
      int colon = l.indexOf(':');
      headers.put(l.substring(0, colon).trim().toLowerCase(Locale.ROOT), l.substring(colon + 1).trim());
    }
    int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
    byte[] body = in.readNBytes(length);
    return new Answer(status, headers, new String(body, StandardCharsets.UTF_8));
  }

  /** True once the server has closed this connection (reads end of stream). */
  public boolean closedByServer() throws IOException {
    try {
      return in.read() == -1;
    } catch (IOException e) {
      return true;
    }
  }

  private String line() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) != -1) {
      if (c == '\n') {
        String s = b.toString(StandardCharsets.ISO_8859_1);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
      }
      b.write(c);
    }
    return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
