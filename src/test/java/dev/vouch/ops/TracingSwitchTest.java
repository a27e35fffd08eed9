package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which OTEL_* settings turn tracing on: off unless an exporter or endpoint is named. */
class TracingSwitchTest {

  @Test
  void offWithoutOtelVariablesOrWithTheExporterNoneOrTheSdkDisabled() {
    assertThat(Tracing.enabledBy(Map.of())).isFalse();
    assertThat(Tracing.enabledBy(Map.of("OTEL_SERVICE_NAME", "vouch"))).isFalse();
    assertThat(Tracing.enabledBy(Map.of("OTEL_TRACES_EXPORTER", "none",
        "OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318"))).isFalse();
    assertThat(Tracing.enabledBy(Map.of("OTEL_SDK_DISABLED", "true", "OTEL_TRACES_EXPORTER", "otlp"))).isFalse();
    assertThat(Tracing.fromEnvironment(Map.of()).on()).isFalse();
  }

  @Test
  void onWhenAnExporterOrAnOtlpEndpointIsNamed() {
    assertThat(Tracing.enabledBy(Map.of("OTEL_TRACES_EXPORTER", "otlp"))).isTrue();
    assertThat(Tracing.enabledBy(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318"))).isTrue();
    assertThat(Tracing.enabledBy(Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://c:4318/v1/traces"))).isTrue();
    assertThat(Tracing.enabledBy(Map.of("OTEL_SDK_DISABLED", "false", "OTEL_TRACES_EXPORTER", "otlp"))).isTrue();
  }
}
