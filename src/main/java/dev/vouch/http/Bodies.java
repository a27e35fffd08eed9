package dev.vouch.http;

import dev.vouch.decision.model.UseCase;
import dev.vouch.error.ApiError;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** JSON request bodies: an object or INVALID_REQUEST, never a parser's message. */
final class Bodies {

  private Bodies() {}

  static JsonObject object(RoutingContext ctx, String expected) {
    Buffer body = ctx.body() == null ? null : ctx.body().buffer();
    if (body == null || body.length() == 0) {
      throw ApiError.invalidRequest("Send a JSON object body: " + expected + ".");
    }
    Object value;
    try {
      value = io.vertx.core.json.Json.decodeValue(body);
    } catch (DecodeException e) {
      throw ApiError.invalidRequest("The body is not valid JSON; send " + expected + ".");
    }
    if (!(value instanceof JsonObject o)) {
      throw ApiError.invalidRequest("The body must be a JSON object: " + expected + ".");
    }
    return o;
  }

  /** Optional string field; present but not a string is INVALID_REQUEST. */
  static String string(JsonObject body, String field) {
    Object v = body.getValue(field);
    if (v == null || v instanceof String) {
      return (String) v;
    }
    throw ApiError.invalidRequest("Field " + field + " must be a string.");
  }

  /** Optional boolean field; present but not a boolean (a string "true" included) is INVALID_REQUEST. */
  static Boolean bool(JsonObject body, String field) {
    Object v = body.getValue(field);
    if (v == null || v instanceof Boolean) {
      return (Boolean) v;
    }
    throw ApiError.invalidRequest("Field " + field + " must be true or false.");
  }

  static UseCase useCase(JsonObject body) {
    return Inputs.useCase(string(body, "useCase"));
  }
}
