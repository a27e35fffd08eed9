package dev.vouch.identity;

import dev.vouch.chain.ChainCheck;
import dev.vouch.chain.RpcException;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import dev.vouch.error.ApiError;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Attestations: a registered wallet names a transaction with another registered wallet and signs
 * it (EIP-712); the chain is asked before anything is recorded; the counterparty accepts or
 * rejects (signed); either side revokes. Only an accepted, unrevoked attestation is a trust edge.
 */
public final class Attestations {

  /** Decisions on an attestation (path segment and the signed action). */
  public enum Action { accept, reject, revoke }

  /** What a writer posts; addresses and hash already validated and lowercase. */
  public record Attest(String attester, String subject, long chainId, String txHash, long deadline, String signature) {}

  private final IdentityStore store;
  private final ChainCheck chains;
  private final Clock clock;
  private final long homeChainId;
  private final long maxDeadlineSeconds;
  private final Map<Long, ChainConfig> catalogue = new java.util.HashMap<>();
  private final ChainConfig home;

  Attestations(IdentityStore store, ChainCheck chains, Clock clock, AppConfig config) {
    this.store = store;
    this.chains = chains;
    this.clock = clock;
    this.homeChainId = config.models().homeChainId();
    this.maxDeadlineSeconds = config.identity().maxDeadlineSeconds();
    config.chains().forEach(c -> catalogue.put(c.chainId(), c));
    this.home = catalogue.get(homeChainId);
  }

  public Future<IdentityViews.Written> attest(Attest in) {
    Instant now = clock.instant();
    if (in.attester().equals(in.subject())) {
      return Future.failedFuture(ApiError.badRequest("INVALID_REQUEST", "attester and subject must be two wallets."));
    }
    ChainConfig chain = catalogue.get(in.chainId());
    if (chain == null || !chain.indexed()) {
      return Future.failedFuture(ApiError.badRequest("CHAIN_NOT_SUPPORTED",
          "chainId " + in.chainId() + " is not a chain of the catalogue this service reads; name a catalogue chain."));
    }
    ApiError late = deadline(in.deadline(), now);
    if (late != null) {
      return Future.failedFuture(late);
    }
    byte[] hash = Signatures.typedHash(TypedData.attestation(homeChainId, in.attester(), in.subject(), in.chainId(),
        in.txHash(), in.deadline()).encode());
    return signedBy(in.attester(), hash, in.signature(), "the attester " + in.attester())
        .compose(v -> store.registered(java.util.List.of(in.attester(), in.subject())))
        .compose(registered -> {
          if (!registered.containsKey(in.attester())) {
            return Future.failedFuture(ApiError.unverifiable("ATTESTER_NOT_REGISTERED",
                "The attester " + in.attester() + " has no username; claim one first (POST /api/v1/identities)."));
          }
          if (!registered.containsKey(in.subject())) {
            return Future.failedFuture(ApiError.unverifiable("COUNTERPARTY_NOT_REGISTERED",
                "The counterparty " + in.subject() + " has no username; attestations link two registered wallets."));
          }
          return store.attestationByTx(in.attester(), in.subject(), in.txHash());
        })
        .compose(existing -> existing.isPresent()
            ? Future.succeededFuture(new IdentityViews.Written(false, view(existing.get())))
            : verify(chain, in).compose(v -> store.insertAttestation(in.attester(), in.subject(), in.chainId(),
                    in.txHash(), v, in.signature(), now))
                .compose(inserted -> inserted.isPresent()
                    ? Future.succeededFuture(new IdentityViews.Written(true, view(inserted.get())))
                    // A concurrent duplicate won the insert: answer with its row.
                    : store.attestationByTx(in.attester(), in.subject(), in.txHash())
                        .map(row -> new IdentityViews.Written(false, view(row.orElseThrow())))));
  }

  /** Exists, succeeded, final, between exactly these two wallets. */
  private Future<IdentityStore.Verified> verify(ChainConfig chain, Attest in) {
    return chains.transaction(chain, in.txHash())
        .recover(t -> Future.failedFuture(t instanceof RpcException ? Claims.chainUnavailable(chain) : t))
        .map(status -> {
          if (status instanceof ChainCheck.NotFound) {
            throw ApiError.unverifiable("TX_NOT_FOUND",
                "No transaction " + in.txHash() + " on " + chain.name() + "; check the hash and the chainId.");
          }
          if (status instanceof ChainCheck.Reverted) {
            throw ApiError.unverifiable("TX_REVERTED",
                "Transaction " + in.txHash() + " reverted on " + chain.name() + "; only successful transactions count.");
          }
          if (status instanceof ChainCheck.NotFinal x) {
            throw ApiError.unverifiable("TX_NOT_FINAL", "Transaction " + in.txHash() + " has " + x.confirmations()
                + " of the " + x.required() + " confirmations " + chain.name() + " needs; retry once it is final.");
          }
          ChainCheck.Final f = (ChainCheck.Final) status;
          boolean parties = (in.attester().equals(f.from()) && in.subject().equals(f.to()))
              || (in.subject().equals(f.from()) && in.attester().equals(f.to()));
          if (!parties) {
            throw ApiError.unverifiable("TX_WRONG_PARTIES", "Transaction " + in.txHash() + " is from " + f.from()
                + " to " + f.to() + "; its sender and recipient must be the attester and the counterparty.");
          }
          return new IdentityStore.Verified(f.from(), f.to(), f.value(), f.block(), f.time());
        });
  }

  public Future<IdentityViews.Attestation> read(long id) {
    return store.attestation(id).map(a -> view(a.orElseThrow(() -> ApiError.notFound("No attestation " + id + "."))));
  }

  /**
   * Accept or reject (the counterparty) or revoke (either side). Repeating a decision already
   * taken answers 200 with the attestation as it is; a contrary one is ATTESTATION_CLOSED.
   */
  public Future<IdentityViews.Written> decide(Action d, long id, long deadline, String signature) {
    Instant now = clock.instant();
    ApiError late = deadline(deadline, now);
    if (late != null) {
      return Future.failedFuture(late);
    }
    return store.attestation(id).compose(found -> {
      IdentityStore.Attestation a = found.orElseThrow(() -> ApiError.notFound("No attestation " + id + "."));
      byte[] hash = Signatures.typedHash(TypedData.decision(homeChainId, d.name(), a.id(), a.from(), a.to(),
          a.chainId(), a.txHash(), deadline).encode());
      Future<String> signer = d == Action.revoke
          ? signedBy(a.from(), hash, signature, "the attester").map(v -> a.from())
              .recover(t -> t instanceof ApiError ? signedBy(a.to(), hash, signature, "the attester or the counterparty")
                  .map(v -> a.to()) : Future.failedFuture(t))
          : signedBy(a.to(), hash, signature, "the counterparty " + a.to()).map(v -> a.to());
      return signer.compose(who -> {
        Optional<IdentityViews.Written> settled = settled(d, a);
        if (settled.isPresent()) {
          return Future.succeededFuture(settled.get());
        }
        return store.decide(d, a, who, signature, now).compose(done -> done.isPresent()
            ? Future.succeededFuture(new IdentityViews.Written(true, view(done.get())))
            // Lost a race with another decision: answer from the state that won.
            : store.attestation(id).map(latest -> settled(d, latest.orElseThrow())
                .orElseThrow(() -> closed(d, latest.get()))));
      });
    });
  }

  /** Already in the state the decision asks for (200), or closed to it (409); empty when open. */
  private static Optional<IdentityViews.Written> settled(Action d, IdentityStore.Attestation a) {
    String status = a.status();
    boolean done = switch (d) {
      case accept -> status.equals("accepted");
      case reject -> status.equals("rejected");
      case revoke -> status.equals("revoked");
    };
    if (done) {
      return Optional.of(new IdentityViews.Written(false, view(a)));
    }
    boolean open = switch (d) {
      case accept, reject -> status.equals("pending");
      case revoke -> status.equals("pending") || status.equals("accepted");
    };
    if (!open) {
      throw closed(d, a);
    }
    return Optional.empty();
  }

  private static ApiError closed(Action d, IdentityStore.Attestation a) {
    return ApiError.conflict("ATTESTATION_CLOSED", "Attestation " + a.id() + " is " + a.status() + "; it cannot be "
        + (d == Action.accept ? "accepted" : d == Action.reject ? "rejected" : "revoked")
        + " any more.");
  }

  /** The signature recovers to {@code wallet} (EIP-712), or the contract wallet accepts it (EIP-1271). */
  private Future<Void> signedBy(String wallet, byte[] hash, String signature, String who) {
    Optional<String> signer = Signatures.recover(hash, signature);
    if (signer.isPresent() && signer.get().equals(wallet)) {
      return Future.succeededFuture();
    }
    Future<Boolean> contract = home == null || !home.indexed() ? Future.succeededFuture(false)
        : chains.contractAccepts(home, wallet, hash, signature)
            .recover(t -> Future.failedFuture(t instanceof RpcException ? Claims.chainUnavailable(home) : t));
    return contract.compose(ok -> ok ? Future.<Void>succeededFuture() : Future.failedFuture(ApiError.badRequest(
        "SIGNATURE_INVALID", "The signature was not made by " + who
            + " over this EIP-712 message (see docs/identities.md for the typed data).")));
  }

  private ApiError deadline(long deadline, Instant now) {
    if (deadline < now.getEpochSecond()) {
      return ApiError.badRequest("SIGNATURE_EXPIRED", "The signed deadline " + deadline
          + " has passed; sign again with a later deadline (unix seconds).");
    }
    if (deadline > now.getEpochSecond() + maxDeadlineSeconds) {
      return ApiError.badRequest("INVALID_REQUEST", "deadline is more than " + maxDeadlineSeconds
          + " seconds ahead; sign with a nearer one.");
    }
    return null;
  }

  static IdentityViews.Attestation view(IdentityStore.Attestation a) {
    return new IdentityViews.Attestation(a.id(), a.from(), a.to(), a.chainId(), a.txHash(), a.status(),
        new IdentityViews.Transaction(a.txFrom(), a.txTo(), a.txValue() == null ? null : a.txValue().toString(),
            a.txBlock(), a.txTime()),
        a.createdAt(), a.verifiedAt(), a.acceptedAt(), a.rejectedAt(), a.revokedAt(), a.revokedBy());
  }
}
