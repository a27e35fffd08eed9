package dev.vouch.http;

import java.util.UUID;
import java.util.regex.Pattern;

/** X-Request-Id: echo a caller's sane token, else make one. */
public final class RequestIds {

  public static final String HEADER = "X-Request-Id";
  public static final String CONTEXT_KEY = "requestId";
  /** The request's trace id, when tracing is on. */
  public static final String TRACE_KEY = "traceId";
  private static final Pattern SANE = Pattern.compile("^[A-Za-z0-9._:-]{1,128}$");

  private RequestIds() {}

  /** How log lines name a request: its id, and its trace id when traced. */
  static String forLog(String requestId, String traceId) {
    return traceId == null ? requestId : requestId + " traceId=" + traceId;
  }

  public static String accept(String supplied) {
    return supplied != null && SANE.matcher(supplied).matches() ? supplied : UUID.randomUUID().toString();
  }
}
