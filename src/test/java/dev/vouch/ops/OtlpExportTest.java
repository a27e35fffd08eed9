package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.vouch.support.Anvil;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.vertx.core.http.HttpMethod;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The service configured only by the standard OTEL_* variables exports its spans over OTLP/HTTP
 * to a receiver on loopback, which decodes them with the OTLP proto classes.
 */
class OtlpExportTest {

  @Test
  void otelVariablesAloneSendADecisionReadsSpansToAnOtlpHttpReceiver() throws Exception {
    List<ResourceSpans> received = new CopyOnWriteArrayList<>();
    List<String> paths = new CopyOnWriteArrayList<>();
    HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    receiver.createContext("/", exchange -> {
      paths.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
          + exchange.getRequestHeaders().getFirst("Content-Type"));
      byte[] body = exchange.getRequestBody().readAllBytes();
      received.addAll(ExportTraceServiceRequest.parseFrom(body).getResourceSpansList());
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    receiver.start();
    try {
      Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
      env.put("OTEL_TRACES_EXPORTER", "otlp");
      env.put("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf");
      env.put("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + receiver.getAddress().getPort());
      env.put("OTEL_BSP_SCHEDULE_DELAY", "100");
      env.put("OTEL_SERVICE_NAME", "vouch-under-test");
      String trace = "0af7651916cd43dd8448eb211c80319c";
      try (TestApp app = TestApp.startOn(TestDatabase.fresh(), env, null)) {
        assertThat(app.send(HttpMethod.GET, "/api/v1/decision/" + Anvil.randomAddress(), null,
            Map.of("traceparent", "00-" + trace + "-b7ad6b7169203331-01")).statusCode()).isEqualTo(200);
        Sql.await("the server span at the receiver", 30_000, () -> spans(received).stream()
            .anyMatch(s -> s.getKind() == Span.SpanKind.SPAN_KIND_SERVER && hex(s.getTraceId().toByteArray()).equals(trace)));
      }
      assertThat(paths).allSatisfy(p -> assertThat(p).isEqualTo("POST /v1/traces application/x-protobuf"));
      assertThat(received.get(0).getResource().getAttributesList()).anySatisfy(a -> {
        assertThat(a.getKey()).isEqualTo("service.name");
        assertThat(a.getValue().getStringValue()).isEqualTo("vouch-under-test");
      });
      assertThat(spans(received)).anySatisfy(s -> {
        assertThat(hex(s.getTraceId().toByteArray())).isEqualTo(trace);
        assertThat(s.getAttributesList()).anySatisfy(a -> assertThat(a.getValue().getStringValue()).isEqualTo("postgresql"));
      });
    } finally {
      receiver.stop(0);
    }
  }

  static List<Span> spans(List<ResourceSpans> received) {
    return received.stream().flatMap(r -> r.getScopeSpansList().stream()).flatMap(s -> s.getSpansList().stream()).toList();
  }

  static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }
}
