package dev.vouch.exposure.model;

import java.math.BigDecimal;
import java.util.List;

/**
 * A wallet's exposure by category and direction (data of {@code GET /api/v1/exposure/{wallet}}).
 *
 * @param valuedInUsd the wallet's valued inflow (registered USD stablecoins): the denominator of in shares
 * @param evidenceTruncated more labelled flows exist than the evidence list holds
 * @param indirectByHops the indirect figures per hop count (exposure_v3)
 */
public record Exposure(
    String wallet,
    ExposureSummary summary,
    BigDecimal valuedInUsd,
    BigDecimal valuedOutUsd,
    List<CategoryExposure> direct,
    List<CategoryExposure> indirect,
    List<EvidenceItem> evidence,
    boolean evidenceTruncated,
    List<CategoryExposure> indirectByHops) {}
