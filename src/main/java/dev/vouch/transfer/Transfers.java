package dev.vouch.transfer;

import dev.vouch.budget.Metering;
import dev.vouch.budget.model.Admission;
import dev.vouch.chain.ChainCheck;
import dev.vouch.chain.RpcException;
import dev.vouch.chain.model.TxEvidence;
import dev.vouch.config.ChainConfig;
import dev.vouch.decision.Decisions;
import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.UseCase;
import dev.vouch.error.ApiError;
import dev.vouch.policy.Policies;
import dev.vouch.receipt.SigningKeys;
import dev.vouch.score.WalletReads;
import dev.vouch.score.WalletState;
import dev.vouch.screening.Screening;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.transfer.model.Counterparty;
import dev.vouch.transfer.model.CounterpartyEvidence;
import dev.vouch.transfer.model.Moved;
import dev.vouch.transfer.model.TransferMatch;
import dev.vouch.transfer.model.TransferRules;
import dev.vouch.transfer.model.TransferVerdict;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Transfer screening (issue 32, docs/transfers.md): the transaction read in one batched round
 * trip, the transfer that touches the caller's address found, its counterparty's committed state
 * read once, the rules of {@link TransferRules} applied and the answer stored. A counterparty never
 * indexed has its intake queued (charged as a scan start); the screening completes when its
 * snapshot commits ({@link #completeFor}) or when it is read again. Safe from any event loop.
 */
public final class Transfers {

  private static final Logger LOG = Logger.getLogger(Transfers.class.getName());

  static final String INTAKE_NOT_QUEUED = "TRANSFER_INTAKE_NOT_QUEUED";

  private final TransferStore store;
  private final TransferReceipts receipts;
  private final ChainCheck chains;
  private final Map<Long, ChainConfig> byId = new LinkedHashMap<>();
  private final WalletReads reads;
  private final Decisions decisions;
  private final Screening screening;
  private final Metering metering;
  private final Policies policies;
  private final Clock clock;

  public Transfers(dev.vouch.store.Gateway db, ChainCheck chains, List<ChainConfig> catalogue, WalletReads reads,
      Decisions decisions, Screening screening, Metering metering, SigningKeys signing, Policies policies, Clock clock) {
    this.store = new TransferStore(db);
    this.receipts = new TransferReceipts(db, store, signing, clock);
    this.chains = chains;
    catalogue.stream().filter(c -> !c.rpcUrls().isEmpty()).forEach(c -> byId.put(c.chainId(), c));
    this.reads = reads;
    this.decisions = decisions;
    this.screening = screening;
    this.metering = metering;
    this.policies = policies;
    this.clock = clock;
  }

  /** What the counterparty read found: the model's view and whether a run of it is in flight. */
  record Party(Counterparty view, boolean jobInFlight) {}

  /** The batch form (docs/transfers.md "Batch"): one chain read per chain, one read of the committed state, one write. */
  public Future<TransferRequests.BatchAnswer> batch(TransferRequests.Batch q) {
    return new TransferBatch(this, q).run();
  }

  ChainConfig chain(long chainId) {
    return byId.get(chainId);
  }

  ChainCheck chains() {
    return chains;
  }

  WalletReads reads() {
    return reads;
  }

  TransferStore store() {
    return store;
  }

  Metering metering() {
    return metering;
  }

  /** The policy a key screens with (null: anonymous, the default). */
  Future<Policies.Effective> policyOf(Long apiKey) {
    return policies.forKey(apiKey);
  }

  Instant now() {
    return clock.instant();
  }

  public Future<TransferRequests.Answer> screen(TransferRequests.Screen q) {
    ChainConfig chain = byId.get(q.chainId());
    if (chain == null) {
      return Future.failedFuture(ApiError.invalidRequest("chainId " + q.chainId() + " is not a chain Vouch reads over"
          + " JSON-RPC; GET /api/v1/stats lists the chains."));
    }
    Long apiKey = q.caller().key().map(k -> k.id()).orElse(null);
    // The caller's policy in force now decides the screening and stays with it (V122).
    return policies.forKey(apiKey).compose(pol -> evidence(chain, q.txHash()).compose(tx -> {
      Moved m = found(TransferMatch.find(tx, chain, q.address(), q.direction(), q.logIndex()), q, chain);
      Instant now = clock.instant();
      return party(m.counterparty(), chain.chainId(), now, pol).compose(p -> {
        TransferVerdict v = TransferRules.decide(m, q.direction(), tx.confirmations(), chain.confirmations(), p.view(),
            pol.policy());
        if (!v.queueIntake() || p.jobInFlight()) {
          return store.save(write(chain, q, tx, m, v, p, pol), false, apiKey, now);
        }
        // The counterparty's first index costs the caller what an intake costs (units and a daily scan start).
        return metering.startScans(q.caller(), 1).compose(start -> {
          TransferVerdict saved = start.starts() > 0 ? v : notQueued(v, m.counterparty());
          return store.save(write(chain, q, tx, m, saved, p, pol), start.starts() > 0, apiKey, now)
              .recover(t -> refund(start.admission()).transform(x -> Future.failedFuture(t)));
        });
      });
    })).map(s -> new TransferRequests.Answer(s.inserted() ? 201 : 200, s.record()));
  }

  public Future<TransferRequests.Answer> read(TransferRequests.Read q) {
    return store.byId(q.id())
        .map(found -> found.orElseThrow(() -> ApiError.notFound("No transfer screening " + q.id() + ".")))
        .compose(t -> "pending".equals(t.status()) ? refresh(t) : Future.succeededFuture(t))
        .map(t -> new TransferRequests.Answer(200, t));
  }

  /** A signed receipt of a screened transfer (docs/transfers.md "Receipts"). */
  public Future<TransferRequests.ReceiptMinted> mintReceipt(TransferRequests.ReceiptCreate q) {
    return receipts.mint(q.screeningId());
  }

  public Future<TransferReceipt> readReceipt(TransferRequests.ReceiptRead q) {
    return receipts.read(q.id());
  }

  /** The page's read: the screening as GET answers it, its receipt if minted, and that receipt checked. */
  public Future<TransferRequests.Page> page(TransferRequests.PageRead q) {
    return read(new TransferRequests.Read(q.id())).compose(a -> receipts.of(q.id()).compose(r -> r.isEmpty()
        ? Future.succeededFuture(new TransferRequests.Page(a.data(), null, null))
        : receipts.verify(r.get()).map(v -> new TransferRequests.Page(a.data(), r.get(), v))));
  }

  /** Completes the pending screenings of counterparties whose snapshot just committed; how many were read. */
  public Future<Integer> completeFor(List<String> counterparties) {
    return store.pendingFor(counterparties).compose(pending -> {
      List<Future<TransferRecord>> each = new ArrayList<>();
      pending.forEach(t -> each.add(refresh(t)));
      return Future.join(each).map(pending.size());
    });
  }

  /** A pending screening decided again on what is committed now (and, while unconfirmed, the chain's head). */
  private Future<TransferRecord> refresh(TransferRecord t) {
    ChainConfig chain = byId.get(t.chainId());
    if (chain == null) {
      return Future.succeededFuture(t);
    }
    Future<Long> confirmations = t.confirmations() >= t.requiredConfirmations() ? Future.succeededFuture(t.confirmations())
        : evidence(chain, t.txHash()).map(tx -> tx.found() && Boolean.TRUE.equals(tx.succeeded())
            ? tx.confirmations() : t.confirmations());
    Instant now = clock.instant();
    Moved m = TransferStore.moved(t);
    // Under the policy version it was requested with, whatever the key uses now.
    return confirmations.compose(conf -> policies.at(t.policy()).compose(pol -> party(t.counterparty(), t.chainId(),
        now, pol).compose(p -> {
      TransferVerdict v = TransferRules.decide(m, dev.vouch.transfer.model.Direction.valueOf(t.direction()), conf,
          t.requiredConfirmations(), p.view(), pol.policy());
      if (v.status() == TransferVerdict.Status.pending && conf == t.confirmations()
          && v.reasons().equals(t.reasons())) {
        return Future.succeededFuture(t);
      }
      return store.update(t.id(), conf, v, CounterpartyEvidence.of(p.view()), now).compose(updated -> updated.isPresent()
          ? Future.succeededFuture(updated.get())
          : store.byId(t.id()).map(Optional::orElseThrow));
    })));
  }

  private static TransferStore.Write write(ChainConfig chain, TransferRequests.Screen q, TxEvidence tx, Moved m,
      TransferVerdict v, Party p, Policies.Effective pol) {
    TransferStore.Key key = new TransferStore.Key(chain.chainId(), q.txHash(), TransferStore.logIndex(m), q.address(),
        q.direction(), pol.ref());
    return new TransferStore.Write(key, m, tx.block() == null ? 0 : tx.block(), tx.confirmations(),
        chain.confirmations(), v, CounterpartyEvidence.of(p.view()), pol.ref());
  }

  private Future<TxEvidence> evidence(ChainConfig chain, String hash) {
    return chains.evidence(chain, hash).recover(t -> Future.failedFuture(t instanceof RpcException
        ? new ApiError(503, "CHAIN_UNAVAILABLE", "The " + chain.name() + " node did not answer; nothing was"
            + " recorded. Retry shortly.")
        : t));
  }

  /** The counterparty's labels on the chain (the label store) and its decision on committed evidence. */
  Future<Party> party(String address, long chainId, Instant now, Policies.Effective pol) {
    Future<Screening.Scope> scope = scope(List.of(address));
    Future<WalletState> read = reads.read(address);
    return Future.all(scope, read).map(v -> party(read.result(), chainId, now, pol, scope.result()));
  }

  /** The current labels and listings of {@code addresses}: one statement at most (the bounded cache first). */
  Future<Screening.Scope> scope(java.util.Collection<String> addresses) {
    return screening.scope(addresses);
  }

  /**
   * The model's view of a counterparty from its read state and the labels read for it, its
   * decision reached with the screening's policy.
   */
  Party party(WalletState state, long chainId, Instant now, Policies.Effective pol, Screening.Scope scope) {
    String address = state.wallet();
    List<Category> labels = scope.labels().lookup(address, chainId).stream().map(Label::category).distinct().toList();
    Map<String, List<dev.vouch.screening.model.Listing>> listed = Map.of(address, scope.screening().lookup(address));
    return new Party(new Counterparty(address, labels, state.snapshot().isPresent(),
        state.snapshot().isPresent() ? decisions.decide(state, UseCase.DEFAULT, now, listed, pol.policy(), pol.ref())
            : null),
        state.jobInFlight());
  }

  /** The committed read state of a counterparty (a watched step decides it once per owner's policy). */
  Future<WalletState> state(String address) {
    return reads.read(address);
  }

  static Moved found(TransferMatch.Finding f, TransferRequests.Screen q, ChainConfig chain) {
    if (f instanceof TransferMatch.Found x) {
      return x.transfer();
    }
    if (f instanceof TransferMatch.NoSuchTransaction) {
      throw ApiError.notFound("No transaction " + q.txHash() + " on " + chain.name()
          + "; check the hash and the chainId.");
    }
    if (f instanceof TransferMatch.Reverted) {
      throw ApiError.invalidRequest("Transaction " + q.txHash() + " reverted on " + chain.name() + ": it moved nothing.");
    }
    if (f instanceof TransferMatch.NotMined) {
      throw ApiError.invalidRequest("Transaction " + q.txHash() + " is not in a block yet and its native value does"
          + " not touch " + q.address() + " that way; its token transfers are known once it is mined.");
    }
    if (f instanceof TransferMatch.NotTouching x) {
      throw ApiError.invalidRequest(x.why());
    }
    throw ApiError.invalidRequest(TransferMatch.several((TransferMatch.Several) f, q.address()));
  }

  static TransferVerdict notQueued(TransferVerdict v, String counterparty) {
    List<Coded> warnings = new ArrayList<>(v.warnings());
    warnings.add(new Coded(INTAKE_NOT_QUEUED, "The counterparty's first index was not queued: this caller's daily"
        + " scan cap or per-minute units are spent. POST /api/v1/intake/" + counterparty + " later, then read this"
        + " screening again."));
    return new TransferVerdict(v.status(), v.verdict(), v.reasons(), warnings, false);
  }

  Future<Void> refund(Admission a) {
    return metering.refund(a).recover(t -> {
      LOG.warning(() -> "refund after a failed transfer screening: " + t.getMessage());
      return Future.succeededFuture();
    });
  }
}
