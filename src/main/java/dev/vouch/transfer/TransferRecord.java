package dev.vouch.transfer;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Verdict;
import dev.vouch.transfer.model.CounterpartyEvidence;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * Data of POST /api/v1/transfers and GET /api/v1/transfers/{id} (docs/transfers.md); field order
 * is the wire order. amount is base units as a decimal string (exact beyond 2^53); amountUsd only
 * for a registered USD stablecoin; verdict absent while pending; logIndex and token absent for
 * the native value; counterpartyEvidence is what the verdict (or the pending state) rested on about
 * the counterparty, absent on rows decided before V112; policy names the caller's policy version
 * the screening is decided under (V122), absent for the default policy.
 */
public record TransferRecord(
    long id,
    long chainId,
    String txHash,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long logIndex,
    String address,
    String direction,
    String counterparty,
    String asset,
    @JsonInclude(JsonInclude.Include.NON_NULL) String token,
    @JsonInclude(JsonInclude.Include.NON_NULL) String symbol,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer decimals,
    boolean valued,
    String amount,
    @JsonInclude(JsonInclude.Include.NON_NULL) BigDecimal amountUsd,
    long block,
    long confirmations,
    int requiredConfirmations,
    String status,
    @JsonInclude(JsonInclude.Include.NON_NULL) Verdict verdict,
    List<Coded> reasons,
    List<Coded> warnings,
    @JsonInclude(JsonInclude.Include.NON_NULL) CounterpartyEvidence counterpartyEvidence,
    String modelVersion,
    @JsonInclude(JsonInclude.Include.NON_NULL) dev.vouch.decision.model.PolicyRef policy,
    Instant createdAt,
    Instant updatedAt) {

  public static final String NATIVE = "native";
  public static final String TOKEN = "token";
}
