package dev.vouch.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.Map;

/** Asserts that an object carries exactly the SPEC fields with their JSON types. */
public final class Shapes {

  public enum T { STRING, STRING_OR_NULL, INT, NUMBER, BOOL, OBJECT, ARRAY, TIMESTAMP, TIMESTAMP_OR_NULL, BOOL_OR_NULL }

  private Shapes() {}

  public static void assertShape(JsonObject o, Map<String, T> fields) {
    assertThat(o.fieldNames()).containsExactlyInAnyOrderElementsOf(fields.keySet());
    fields.forEach((name, type) -> {
      Object v = o.getValue(name);
      String at = "field " + name + " = " + v;
      switch (type) {
        case STRING -> assertThat(v).as(at).isInstanceOf(String.class);
        case STRING_OR_NULL -> assertThat(v == null || v instanceof String).as(at).isTrue();
        case INT -> assertThat(v).as(at).isInstanceOfAny(Integer.class, Long.class);
        case NUMBER -> assertThat(v).as(at).isInstanceOf(Number.class);
        case BOOL -> assertThat(v).as(at).isInstanceOf(Boolean.class);
        case BOOL_OR_NULL -> assertThat(v == null || v instanceof Boolean).as(at).isTrue();
        case OBJECT -> assertThat(v).as(at).isInstanceOf(JsonObject.class);
        case ARRAY -> assertThat(v).as(at).isInstanceOf(JsonArray.class);
        case TIMESTAMP -> assertThat(Instant.parse((String) v)).as(at).isNotNull();
        case TIMESTAMP_OR_NULL -> {
          if (v != null) {
            assertThat(Instant.parse((String) v)).as(at).isNotNull();
          }
        }
      }
    });
  }
}
