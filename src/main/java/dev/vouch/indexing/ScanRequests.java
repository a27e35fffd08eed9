package dev.vouch.indexing;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Caller;
import java.time.Instant;

/** Records of the scan entry points on the event bus (typed, local codec). */
public final class ScanRequests {

  private ScanRequests() {}

  /** POST /api/v1/intake/{wallet}, with the caller the edge resolved. */
  public record Intake(String wallet, Caller caller) {}

  /** POST /api/v1/interaction-graph/{wallet}/refresh. */
  public record Refresh(String wallet, Caller caller) {}

  /**
   * Data of intake and refresh answers (SPEC 4.6, 4.10); absent fields are not sent. startedAt,
   * on indexing answers, is when the run in flight was queued (clients show progress).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Status(String wallet, String status, String mode, Instant lastIndexedAt, Instant nextRefreshAt,
      Long retryAfterSeconds, Instant startedAt) {

    static Status indexing(String wallet, Instant startedAt) {
      return new Status(wallet, "indexing", null, null, null, null, startedAt);
    }
  }

  /**
   * What the edge writes on success: data with its status; charge, when units were taken, gives
   * the rate headers. Every refusal (429, 401, 503) is a typed failure reply instead.
   */
  public record Answer(int status, Status data, Admission charge) {

    static Answer ok(int status, Status data) {
      return new Answer(status, data, null);
    }
  }
}
