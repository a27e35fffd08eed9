package dev.vouch.decision.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.exposure.model.ExposureSummary;
import java.util.List;

/** One row of a batch result (SPEC 2.4); only {@code ok} rows carry a verdict. */
public record BatchRow(
    String input,
    Status status,
    String wallet,
    String username,
    Verdict decision,
    Integer score,
    String riskLevel,
    RecommendedLimit recommendedLimit,
    List<Coded> reasons,
    List<Coded> warnings,
    String note,
    @JsonInclude(JsonInclude.Include.NON_NULL) ExposureSummary exposure) {

  public BatchRow(String input, Status status, String wallet, String username, Verdict decision, Integer score,
      String riskLevel, RecommendedLimit recommendedLimit, List<Coded> reasons, List<Coded> warnings, String note) {
    this(input, status, wallet, username, decision, score, riskLevel, recommendedLimit, reasons, warnings, note, null);
  }

  public enum Status { ok, no_score, invalid, error }

  public static final String NO_SCORE_NOTE =
      "No committed score snapshot for this wallet yet; start intake (POST /api/v1/intake/{wallet}) and retry.";
  public static final String INVALID_NOTE =
      "Neither a valid wallet address (0x + 40 hex characters) nor a registered username.";
  public static final String ERROR_NOTE =
      "This entry could not be evaluated; the other rows are unaffected. Retry it alone.";

  /** The same verdict, score, limit, reasons, warnings and exposure as the single decision read. */
  public static BatchRow ok(String input, Decision d) {
    return new BatchRow(input, Status.ok, d.wallet(), d.username(), d.decision(), d.score(), d.riskLevel(),
        d.recommendedLimit(), d.reasons(), d.warnings(), null, d.exposure());
  }

  public static BatchRow noScore(String input, String wallet, String username) {
    return new BatchRow(input, Status.no_score, wallet, username, null, null, null, null, List.of(), List.of(),
        NO_SCORE_NOTE);
  }

  public static BatchRow invalid(String input) {
    return new BatchRow(input, Status.invalid, null, null, null, null, null, null, List.of(), List.of(), INVALID_NOTE);
  }

  public static BatchRow error(String input, String wallet) {
    return new BatchRow(input, Status.error, wallet, null, null, null, null, null, List.of(), List.of(), ERROR_NOTE);
  }
}
