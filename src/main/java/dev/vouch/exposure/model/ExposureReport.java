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
    return new ExposureReport(e.wallet(), committedAt == null ? "indexing_required" : "cached", committedAt,
        ExposureModel.VERSION, e.summary(), e.valuedInUsd(), e.valuedOutUsd(), e.direct(), e.indirect(), e.evidence(),
        e.evidenceTruncated(), e.indirectByHops());
  }
}
