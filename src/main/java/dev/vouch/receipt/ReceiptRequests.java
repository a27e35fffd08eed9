package dev.vouch.receipt;

import dev.vouch.decision.model.UseCase;
import dev.vouch.receipt.model.Receipt;
import dev.vouch.score.Lookup;

/** Records of the receipt event-bus addresses (see {@link dev.vouch.bus.Addresses}). */
public final class ReceiptRequests {

  private ReceiptRequests() {}

  /** Mint a receipt of the live decision for a wallet or a registered username. */
  public record Create(Lookup subject, UseCase useCase) {}

  /** Data of the create answer (SPEC 2.5): 201 when created, 200 with deduped true otherwise. */
  public record Minted(Receipt receipt, String url, boolean deduped) {}

  /** Read a receipt by id (well-formed, checked by the caller). */
  public record Read(String id) {}

  /** The published keys as a JWK set document (public keys only). */
  public record Jwks(String json) {}
}
