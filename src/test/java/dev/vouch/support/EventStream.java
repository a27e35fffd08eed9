package dev.vouch.support;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A Server-Sent Events client over the JDK's HTTP client: reads the stream line by line as it
 * arrives (text/event-stream framing: event, data, comments, blank line ends an event) on a
 * thread of its own, and hands out events, comments and the end of the stream in order.
 */
public final class EventStream implements AutoCloseable {

  /** One dispatched event, or a comment (name ":"), or the end of the stream (name null). */
  public record Event(String name, String data) {
    public JsonObject json() {
      return new JsonObject(data);
    }

    public boolean end() {
      return name == null;
    }
  }

  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  public final int status;
  public final Map<String, List<String>> headers;
  /** The body when the answer was not a stream (an error envelope). */
  public final String body;
  private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
  private final Stream<String> lines;
  private final Thread reader;

  private EventStream(HttpResponse<Stream<String>> response) {
    this.status = response.statusCode();
    this.headers = response.headers().map();
    String type = response.headers().firstValue("content-type").orElse("");
    this.lines = response.body();
    if (type.startsWith("text/event-stream")) {
      this.body = null;
      this.reader = new Thread(this::read, "sse-reader");
      this.reader.setDaemon(true);
      this.reader.start();
    } else {
      this.body = String.join("\n", lines.toList());
      this.reader = null;
    }
  }

  public static EventStream open(int port, String path, Map<String, String> headers) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .header("Accept", "text/event-stream").GET();
    headers.forEach(b::header);
    EventStream stream;
    try {
      stream = new EventStream(CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofLines()));
    } catch (Exception e) {
      throw new IllegalStateException("GET " + path + " failed", e);
    }
    // The answer (a stream's head, or an error envelope) must match the published contract.
    Map<String, String> first = new java.util.HashMap<>();
    stream.headers.forEach((k, v) -> first.put(k, v.get(0)));
    OpenApiResponses.check("GET", path, stream.status, first,
        stream.body == null ? null : io.vertx.core.buffer.Buffer.buffer(stream.body));
    return stream;
  }

  public String header(String name) {
    List<String> v = headers.get(name.toLowerCase(java.util.Locale.ROOT));
    return v == null || v.isEmpty() ? null : v.get(0);
  }

  private void read() {
    String name = null;
    StringBuilder data = new StringBuilder();
    try {
      for (var it = lines.iterator(); it.hasNext(); ) {
        String line = it.next();
        if (line.isEmpty()) {
          if (name != null || data.length() > 0) {
            events.add(new Event(name == null ? "message" : name, data.toString()));
          }
          name = null;
          data.setLength(0);
        } else if (line.startsWith(":")) {
          events.add(new Event(":", line.substring(1).trim()));
        } else if (line.startsWith("event:")) {
          name = line.substring(6).trim();
        } else if (line.startsWith("data:")) {
          if (data.length() > 0) {
            data.append('\n');
          }
          data.append(line.substring(5).trim());
        }
      }
    } catch (RuntimeException e) {
      // The stream was closed under the reader: that is its end too.
    }
    events.add(new Event(null, null));
  }

  /** The next event or comment, or the end; fails after the timeout. */
  public Event next(Duration timeout) throws InterruptedException {
    Event e = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    if (e == null) {
      throw new AssertionError("no event within " + timeout);
    }
    return e;
  }

  /** The next event that is not a comment (comments are collected into seen). */
  public Event nextEvent(Duration timeout, List<String> comments) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Event e = next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
      if (!":".equals(e.name())) {
        return e;
      }
      comments.add(e.data());
    }
  }

  /** Everything until the end of the stream. */
  public List<Event> rest(Duration timeout) throws InterruptedException {
    List<Event> all = new ArrayList<>();
    long deadline = System.nanoTime() + timeout.toNanos();
    for (Event e = next(timeout); !e.end(); e = next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())))) {
      all.add(e);
    }
    return all;
  }

  @Override
  public void close() {
    lines.close();
  }
}
