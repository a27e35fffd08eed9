package dev.vouch.transfer;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.vouch.receipt.model.Signature;
import java.time.Instant;

/**
 * A signed, immutable receipt of a transfer screening as served: id, creation time, hash and
 * signature around the payload, whose fields appear at the top level (as a decision receipt's).
 */
@JsonPropertyOrder({"id", "createdAt", "payloadHash"})
public record TransferReceipt(
    String id,
    Instant createdAt,
    String payloadHash,
    @JsonUnwrapped TransferReceiptPayload payload,
    Signature signature) {

  /** The page a person reads it on: the screening's page, which verifies the receipt. */
  public String url() {
    return "/check/t/" + payload.screeningId();
  }
}
