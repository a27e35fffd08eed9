package dev.vouch.transfer;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Verdict;
import dev.vouch.transfer.model.CounterpartyEvidence;
import java.time.Instant;
import java.util.List;

/**
 * What a transfer receipt attests (docs/transfers.md "Receipts"): the transfer, the verdict with
 * its reasons, the rules version and the counterparty evidence the verdict rested on. Exactly what
 * is canonicalized (RFC 8785), hashed into {@code payloadHash} and signed. Amounts are strings, so
 * the canonical form never passes an amount through a double.
 *
 * @param screenedAt when the screening got its verdict
 * @param policy the caller's policy version the verdict was reached under (issue 32), hashed and
 *     signed with it; omitted for the default policy, so such receipts keep their bytes and hash
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TransferReceiptPayload(
    String kind,
    long screeningId,
    long chainId,
    String txHash,
    Long logIndex,
    String address,
    String direction,
    String counterparty,
    String asset,
    String token,
    String symbol,
    Integer decimals,
    boolean valued,
    String amount,
    String amountUsd,
    long block,
    long confirmations,
    int requiredConfirmations,
    Verdict verdict,
    List<Coded> reasons,
    List<Coded> warnings,
    CounterpartyEvidence counterpartyEvidence,
    String modelVersion,
    Instant screenedAt,
    dev.vouch.decision.model.PolicyRef policy) {

  public static final String KIND = "transfer_screening";

  /** The payload of a screened transfer (never of a pending one: it has no verdict). */
  public static TransferReceiptPayload of(TransferRecord t) {
    return new TransferReceiptPayload(KIND, t.id(), t.chainId(), t.txHash(), t.logIndex(), t.address(), t.direction(),
        t.counterparty(), t.asset(), t.token(), t.symbol(), t.decimals(), t.valued(), t.amount(),
        t.amountUsd() == null ? null : t.amountUsd().toPlainString(), t.block(), t.confirmations(),
        t.requiredConfirmations(), t.verdict(), t.reasons(), t.warnings(), t.counterpartyEvidence(), t.modelVersion(),
        t.updatedAt(), t.policy());
  }
}
