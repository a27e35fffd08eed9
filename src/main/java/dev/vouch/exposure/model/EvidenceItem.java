package dev.vouch.exposure.model;

import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * One labelled flow behind the figures. Direct: {@code counterparty} is labelled and {@code via}
 * is null. Indirect: {@code via} is the wallet's counterparty and {@code counterparty} the labelled
 * address it dealt with; transfers, value and times are then those between via and counterparty.
 *
 * @param token null for the native coin
 * @param value base units (wei, or the token's smallest unit), as a decimal string
 * @param usd null when the asset is not valued
 */
public record EvidenceItem(String counterparty, String via, long chainId, Category category, String label,
    String source, Direction direction, String symbol, String token, int transfers, String value, BigDecimal usd,
    Instant firstAt, Instant lastAt, List<String> txHashes) {}
