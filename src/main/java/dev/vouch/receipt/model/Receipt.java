package dev.vouch.receipt.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Instant;

/**
 * An immutable decision receipt as served: id, creation time, hash and signature around the
 * payload, whose fields appear at the top level of the JSON (SPEC 2.5).
 */
@JsonPropertyOrder({"id", "createdAt", "payloadHash"})
public record Receipt(
    String id,
    Instant createdAt,
    String payloadHash,
    @JsonUnwrapped ReceiptPayload payload,
    Signature signature) {

  /** Path of the human-readable view (SPEC 2.5 {@code url}). */
  public String url() {
    return "/check/r/" + id;
  }
}
