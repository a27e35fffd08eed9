package dev.vouch.receipt;

import dev.vouch.decision.model.UseCase;
import dev.vouch.receipt.model.Receipt;
import dev.vouch.score.Lookup;

/** Records of the receipt event-bus addresses (see {@link dev.vouch.bus.Addresses}). */
public final class ReceiptRequests {

  private ReceiptRequests() {}

  /** Mint a receipt of the live decision for a wallet or a registered username. */
  /** The caller's policy (issue 32) decides the receipt and is named in its signed payload; null ref = default. */
  public record Create(Lookup subject, UseCase useCase, dev.vouch.decision.model.Policy policy,
      dev.vouch.decision.model.PolicyRef policyRef) {

    public Create(Lookup subject, UseCase useCase) {
      this(subject, useCase, dev.vouch.decision.model.Policy.DEFAULT, null);
    }

    public Create with(dev.vouch.decision.model.Policy p, dev.vouch.decision.model.PolicyRef ref) {
      return new Create(subject, useCase, p, ref);
    }
  }

  /** Data of the create answer (SPEC 2.5): 201 when created, 200 with deduped true otherwise. */
  public record Minted(Receipt receipt, String url, boolean deduped) {}

  /** Read a receipt by id (well-formed, checked by the caller). */
  public record Read(String id) {}

  /** The published keys as a JWK set document (public keys only). */
  public record Jwks(String json) {}
}
