package dev.vouch.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
import java.io.IOException;
import java.io.OutputStream;

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

  /** Written straight into the buffer the response sends: no intermediate byte array to copy. */
  public static Buffer encode(Object value) {
    ByteBuf bytes = Unpooled.buffer(512);
    try (ByteBufOutputStream out = new ByteBufOutputStream(bytes)) {
      MAPPER.writeValue((OutputStream) out, value);
      return BufferInternal.buffer(bytes);
    } catch (IOException e) {
      throw new IllegalStateException("cannot encode " + value.getClass().getSimpleName(), e);
    }
  }
}
