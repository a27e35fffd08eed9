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
 *     (over every hop count since exposure_v3)
 * @param indirectSanctionedByHop exposure_v3: the indirect sanctioned share per hop count, for the
 *     hop counts that have any (decision_v0.7 asks more of a longer path); null in summaries
 *     stored before it (omitted, so their receipts keep their bytes)
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
    @JsonInclude(JsonInclude.Include.NON_NULL) List<HopShare> indirectSanctionedByHop,
    @JsonIgnore ExposureFigures figures,
    @JsonInclude(JsonInclude.Include.NON_NULL) TraceStatus trace) {

  public static final String DIRECT = "direct";
  public static final String INDIRECT = "indirect";
  public static final String NONE = "none";

  public ExposureSummary {
    sourceCategories = List.copyOf(sourceCategories);
    destinationCategories = List.copyOf(destinationCategories);
    indirectSanctionedByHop = indirectSanctionedByHop == null ? null : List.copyOf(indirectSanctionedByHop);
  }

  /** A summary as exposure_v2 stored it: no figures per hop count, no policy figures, no trace. */
  public ExposureSummary(String sanctions, List<Category> sourceCategories, List<Category> destinationCategories,
      int sanctionedInTransfers, int sanctionedInUnvaluedTransfers, BigDecimal sanctionedInUsd,
      BigDecimal sanctionedInShare, boolean sanctionedInUnsolicited, int sanctionedOutTransfers,
      BigDecimal highRiskInUsd, BigDecimal highRiskInShare, int highRiskOutTransfers,
      BigDecimal indirectSanctionedShare, String labelsVersion) {
    this(sanctions, sourceCategories, destinationCategories, sanctionedInTransfers, sanctionedInUnvaluedTransfers,
        sanctionedInUsd, sanctionedInShare, sanctionedInUnsolicited, sanctionedOutTransfers, highRiskInUsd,
        highRiskInShare, highRiskOutTransfers, indirectSanctionedShare, labelsVersion, null, null, null);
  }

  /** An exposure_v3 summary as the model computes it, before policy figures and a trace status. */
  public ExposureSummary(String sanctions, List<Category> sourceCategories, List<Category> destinationCategories,
      int sanctionedInTransfers, int sanctionedInUnvaluedTransfers, BigDecimal sanctionedInUsd,
      BigDecimal sanctionedInShare, boolean sanctionedInUnsolicited, int sanctionedOutTransfers,
      BigDecimal highRiskInUsd, BigDecimal highRiskInShare, int highRiskOutTransfers,
      BigDecimal indirectSanctionedShare, String labelsVersion, List<HopShare> indirectSanctionedByHop) {
    this(sanctions, sourceCategories, destinationCategories, sanctionedInTransfers, sanctionedInUnvaluedTransfers,
        sanctionedInUsd, sanctionedInShare, sanctionedInUnsolicited, sanctionedOutTransfers, highRiskInUsd,
        highRiskInShare, highRiskOutTransfers, indirectSanctionedShare, labelsVersion, indirectSanctionedByHop, null,
        null);
  }

  public ExposureSummary withFigures(ExposureFigures f) {
    return new ExposureSummary(sanctions, sourceCategories, destinationCategories, sanctionedInTransfers,
        sanctionedInUnvaluedTransfers, sanctionedInUsd, sanctionedInShare, sanctionedInUnsolicited,
        sanctionedOutTransfers, highRiskInUsd, highRiskInShare, highRiskOutTransfers, indirectSanctionedShare,
        labelsVersion, indirectSanctionedByHop, f, trace);
  }

  /** The same summary with {@code status} as its trace. */
  public ExposureSummary withTrace(TraceStatus status) {
    return new ExposureSummary(sanctions, sourceCategories, destinationCategories, sanctionedInTransfers,
        sanctionedInUnvaluedTransfers, sanctionedInUsd, sanctionedInShare, sanctionedInUnsolicited,
        sanctionedOutTransfers, highRiskInUsd, highRiskInShare, highRiskOutTransfers, indirectSanctionedShare,
        labelsVersion, indirectSanctionedByHop, figures, status);
  }
}
