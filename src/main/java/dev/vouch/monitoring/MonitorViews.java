package dev.vouch.monitoring;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.decision.model.Decision;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Wire records of the monitoring routes (openapi.yaml, docs/monitoring.md). */
public final class MonitorViews {

  private MonitorViews() {}

  /** screenTransfers: every new transfer into or out of its wallets is screened (docs/transfers.md). */
  public record Watchlist(String id, String name, String useCase, long size, Instant createdAt,
      boolean screenTransfers) {}

  public record Watchlists(List<Watchlist> watchlists) {}

  /** Outcome of an add or remove; intake counts only on additions. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record MembersChanged(String watchlistId, int requested, int changed, long size, Integer queuedForIntake,
      Integer notQueued, String intakeNote) {}

  /** One watched wallet with its decision now; decision null only when its state could not be read. */
  public record Member(String wallet, Decision decision) {}

  public record MemberPage(Watchlist watchlist, List<Member> wallets, String nextCursor) {}

  public record Event(String id, String type, String watchlistId, String wallet, String useCase, String cause,
      Map<String, Object> previous, Map<String, Object> current, Instant createdAt) {}

  public record EventPage(List<Event> events, String nextCursor) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Endpoint(String id, String url, List<String> eventTypes, Instant createdAt, boolean enabled,
      Instant disabledAt, String disabledReason, String secret) {}

  public record Endpoints(List<Endpoint> endpoints) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Delivery(String id, String eventId, String wallet, String state, int attempts, Instant nextAttemptAt,
      Instant lastAttemptAt, Integer lastStatus, String lastError, Instant deliveredAt, Instant createdAt) {}

  public record Deliveries(List<Delivery> deliveries, String nextCursor) {}

  public record Deleted(String id, boolean deleted) {}
}
