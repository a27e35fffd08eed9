package dev.vouch.bus;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.MessageCodec;

/** Passes typed records between verticles of one JVM by reference; records are immutable. */
public final class LocalCodec<T> implements MessageCodec<T, T> {

  private final Class<T> type;

  public LocalCodec(Class<T> type) {
    this.type = type;
  }

  @Override
  public void encodeToWire(Buffer buffer, T t) {
    throw new UnsupportedOperationException("local-only codec: " + type.getName());
  }

  @Override
  public T decodeFromWire(int pos, Buffer buffer) {
    throw new UnsupportedOperationException("local-only codec: " + type.getName());
  }

  @Override
  public T transform(T t) {
    return t;
  }

  @Override
  public String name() {
    return "local:" + type.getName();
  }

  @Override
  public byte systemCodecID() {
    return -1;
  }
}
