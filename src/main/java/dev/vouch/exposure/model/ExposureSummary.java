package dev.vouch.exposure.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.pathtrace.model.TraceStatus;
import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import java.util.List;

/**
 * What the decision model reads of a wallet's exposure, and the additive {@code exposure} summary
 * on score, decision, batch rows and receipts.
 *
 * @param sanctions direct (a sanctioned counterparty), indirect (one hop further), or none
 * @param sourceCategories categories the wallet received from directly (source of funds)
 * @param destinationCategories categories the wallet paid directly (destination of funds)
 * @param sanctionedInUnsolicited every sanctioned counterparty that paid the wallet was never
 *     paid back (no flow back, no other relation): what anyone can push onto a wallet
 * @param sanctionedInUnvaluedTransfers the part of sanctionedInTransfers in assets Vouch does
 *     not value (native coins): the dust rule bounds their count, since their size is unknown
 * @param sanctionedInShare null when the wallet has no valued inflow
 * @param highRiskInUsd inflow from high-risk categories other than sanctioned (mixer, scam, ...)
 * @param indirectSanctionedShare the larger of the indirect sanctioned shares in and out; null
 *     when neither direction has valued flow
 * @param figures the direct flows by category set, for customer policies (issue 32); stored
 *     with the summary, never on the wire or in a receipt; null for a summary stored before
 * @param trace how complete the trace of the wallet's intermediaries is (issue 33 item 2); absent
 *     when the wallet was never traced (tracing off, or a snapshot before tracing)
 */
public record ExposureSummary(
    String sanctions,
    List<Category> sourceCategories,
    List<Category> destinationCategories,
    int sanctionedInTransfers,
    int sanctionedInUnvaluedTransfers,
    BigDecimal sanctionedInUsd,
    BigDecimal sanctionedInShare,
    boolean sanctionedInUnsolicited,
    int sanctionedOutTransfers,
    BigDecimal highRiskInUsd,
    BigDecimal highRiskInShare,
    int highRiskOutTransfers,
    BigDecimal indirectSanctionedShare,
    String labelsVersion,
    @JsonIgnore ExposureFigures figures,
    @JsonInclude(JsonInclude.Include.NON_NULL) TraceStatus trace) {

  public static final String DIRECT = "direct";
  public static final String INDIRECT = "indirect";
  public static final String NONE = "none";

  public ExposureSummary {
    sourceCategories = List.copyOf(sourceCategories);
    destinationCategories = List.copyOf(destinationCategories);
  }

  /** Without figures or a trace status (the model's own result; the stores add them). */
  public ExposureSummary(String sanctions, List<Category> sourceCategories, List<Category> destinationCategories,
      int sanctionedInTransfers, int sanctionedInUnvaluedTransfers, BigDecimal sanctionedInUsd,
      BigDecimal sanctionedInShare, boolean sanctionedInUnsolicited, int sanctionedOutTransfers,
      BigDecimal highRiskInUsd, BigDecimal highRiskInShare, int highRiskOutTransfers,
      BigDecimal indirectSanctionedShare, String labelsVersion) {
    this(sanctions, sourceCategories, destinationCategories, sanctionedInTransfers, sanctionedInUnvaluedTransfers,
        sanctionedInUsd, sanctionedInShare, sanctionedInUnsolicited, sanctionedOutTransfers, highRiskInUsd,
        highRiskInShare, highRiskOutTransfers, indirectSanctionedShare, labelsVersion, null, null);
  }

  public ExposureSummary withFigures(ExposureFigures f) {
    return new ExposureSummary(sanctions, sourceCategories, destinationCategories, sanctionedInTransfers,
        sanctionedInUnvaluedTransfers, sanctionedInUsd, sanctionedInShare, sanctionedInUnsolicited,
        sanctionedOutTransfers, highRiskInUsd, highRiskInShare, highRiskOutTransfers, indirectSanctionedShare,
        labelsVersion, f, trace);
  }

  /** The same summary with {@code status} as its trace. */
  public ExposureSummary withTrace(TraceStatus status) {
    return new ExposureSummary(sanctions, sourceCategories, destinationCategories, sanctionedInTransfers,
        sanctionedInUnvaluedTransfers, sanctionedInUsd, sanctionedInShare, sanctionedInUnsolicited,
        sanctionedOutTransfers, highRiskInUsd, highRiskInShare, highRiskOutTransfers, indirectSanctionedShare,
        labelsVersion, figures, status);
  }
}
