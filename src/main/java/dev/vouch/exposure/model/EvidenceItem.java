package dev.vouch.exposure.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * One labelled flow behind the figures. Direct: {@code counterparty} is labelled and {@code via}
 * is null. Indirect: {@code via} is the intermediary that dealt with the labelled address
 * {@code counterparty} (at one hop, the wallet's counterparty); transfers, value and times are then
 * those between via and counterparty, and {@code path} gives every step from the wallet.
 *
 * @param token null for the native coin
 * @param value base units (wei, or the token's smallest unit), as a decimal string
 * @param usd null when the asset is not valued
 * @param hops indirect: the intermediaries on the path (exposure_v3); null for direct
 * @param path indirect: the wallet's counterparty first, then each further intermediary, then the
 *     labelled address, each with the transfers of its step in the item's direction; null for direct
 */
public record EvidenceItem(String counterparty, String via, long chainId, Category category, String label,
    String source, Direction direction, String symbol, String token, int transfers, String value, BigDecimal usd,
    Instant firstAt, Instant lastAt, List<String> txHashes,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer hops,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<PathStep> path) {

  public EvidenceItem(String counterparty, String via, long chainId, Category category, String label, String source,
      Direction direction, String symbol, String token, int transfers, String value, BigDecimal usd, Instant firstAt,
      Instant lastAt, List<String> txHashes) {
    this(counterparty, via, chainId, category, label, source, direction, symbol, token, transfers, value, usd, firstAt,
        lastAt, txHashes, null, null);
  }
}
