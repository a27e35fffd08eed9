package dev.vouch.indexing;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/** Records of the scan entry points on the event bus (typed, local codec). */
public final class ScanRequests {

  private ScanRequests() {}

  /** POST /api/v1/intake/{wallet}; authorization is the raw header or null. */
  public record Intake(String wallet, String ip, String authorization) {}

  /** POST /api/v1/interaction-graph/{wallet}/refresh. */
  public record Refresh(String wallet, String ip, String authorization) {}

  /** The score read asking for a background rescan of a wallet with stale or no evidence. */
  public record Rescan(String wallet, String ip) {}

  /** Data of intake and refresh answers (SPEC 4.6, 4.10); absent fields are not sent. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Status(String wallet, String status, String mode, Instant lastIndexedAt, Instant nextRefreshAt,
      Long retryAfterSeconds) {

    static Status of(String wallet, String status) {
      return new Status(wallet, status, null, null, null, null);
    }
  }

  /**
   * The answer the edge writes: a status and data, or an error with its code; the charge says
   * which rate headers to send, retryAfterSeconds the Retry-After of a 429.
   */
  public record Answer(int status, Status data, String errorCode, String errorMessage, long retryAfterSeconds,
      ScanBudget.Charge charge) {

    static Answer ok(int status, Status data, ScanBudget.Charge charge) {
      return new Answer(status, data, null, null, 0, charge);
    }

    static Answer error(int status, String code, String message, long retryAfterSeconds, ScanBudget.Charge charge) {
      return new Answer(status, null, code, message, retryAfterSeconds, charge);
    }
  }
}
