package dev.vouch.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.vertx.core.buffer.Buffer;

/** One shared mapper: records straight to bytes, timestamps as ISO 8601 UTC strings. */
public final class Json {

  public static final ObjectMapper MAPPER = new ObjectMapper()
      .registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

  private Json() {}

  /** A Vert.x JSON object as a tree the shared mapper writes field by field. */
  public static com.fasterxml.jackson.databind.JsonNode tree(io.vertx.core.json.JsonObject o) {
    try {
      return MAPPER.readTree(o.encode());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot read back a JSON object", e);
    }
  }

  public static Buffer encode(Object value) {
    try {
      return Buffer.buffer(MAPPER.writeValueAsBytes(value));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode " + value.getClass().getSimpleName(), e);
    }
  }
}
