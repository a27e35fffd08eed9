package dev.vouch.cli;

import com.fasterxml.jackson.core.JsonProcessingException;

/** The --json output of commands: the API's own mapper (records as JSON, times as ISO-8601 strings). */
final class Json {

  private Json() {}

  static String write(Object value) {
    try {
      return dev.vouch.http.Json.MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON for " + value.getClass().getSimpleName(), e);
    }
  }
}
