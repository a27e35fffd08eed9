package dev.vouch.exposure.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * Data of {@code GET /api/v1/exposure/{wallet}}; field order is the wire order.
 *
 * @param cacheStatus cached with a committed snapshot, indexing_required without (then empty)
 * @param lastIndexedAt commit time of the snapshot the flows come from
 */
public record ExposureReport(
    String wallet,
    String cacheStatus,
    Instant lastIndexedAt,
    String exposureModelVersion,
    ExposureSummary summary,
    BigDecimal valuedInUsd,
    BigDecimal valuedOutUsd,
    List<CategoryExposure> direct,
    List<CategoryExposure> indirect,
    List<EvidenceItem> evidence,
    boolean evidenceTruncated,
    List<CategoryExposure> indirectByHops) {

  public static ExposureReport of(Exposure e, Instant committedAt) {
    return of(e, committedAt, null);
  }

  /** With the wallet's trace status in its summary (null: never traced). */
  public static ExposureReport of(Exposure e, Instant committedAt, dev.vouch.pathtrace.model.TraceStatus trace) {
    return new ExposureReport(e.wallet(), committedAt == null ? "indexing_required" : "cached", committedAt,
        ExposureModel.VERSION, e.summary().withTrace(trace), e.valuedInUsd(), e.valuedOutUsd(), e.direct(), e.indirect(), e.evidence(),
        e.evidenceTruncated(), e.indirectByHops());
  }
}
