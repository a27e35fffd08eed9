package dev.vouch.transfer;

import dev.vouch.chain.model.TxEvidence;
import dev.vouch.config.ChainConfig;
import dev.vouch.decision.model.Verdict;
import dev.vouch.error.ApiError;
import dev.vouch.score.Lookup;
import dev.vouch.score.Resolved;
import dev.vouch.transfer.model.CounterpartyEvidence;
import dev.vouch.transfer.model.Moved;
import dev.vouch.transfer.model.TransferMatch;
import dev.vouch.transfer.model.TransferRules;
import dev.vouch.transfer.model.TransferVerdict;
import io.vertx.core.Future;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One batch of transfer screenings (docs/transfers.md "Batch"): the transactions of each chain in
 * one batched JSON-RPC read, every counterparty's committed state in one statement, the verdicts
 * of {@link TransferRules}, then every screening and the intakes it queues in one transaction. A
 * bad row never fails the batch: it is its own row, with the error the single POST would answer.
 */
final class TransferBatch {

  private static final Logger LOG = Logger.getLogger(TransferBatch.class.getName());

  private final Transfers t;
  private final TransferRequests.Batch q;
  /** Answers by entry position; filled as each stage settles a row. */
  private final TransferRequests.BatchRow[] rows;
  /** Rows that found their transfer, waiting for the counterparty read. */
  private final List<Found> found = new ArrayList<>();

  private record Found(int at, TransferRequests.Screen screen, ChainConfig chain, TxEvidence tx, Moved moved) {}

  /** A decided row: what is written for it. */
  private record Decided(Found f, TransferVerdict verdict, Transfers.Party party) {}

  TransferBatch(Transfers transfers, TransferRequests.Batch q) {
    this.t = transfers;
    this.q = q;
    this.rows = new TransferRequests.BatchRow[q.entries().size()];
  }

  /** The caller's policy, one for the whole batch (read before anything else). */
  private dev.vouch.policy.Policies.Effective policy = dev.vouch.policy.Policies.Effective.DEFAULT;

  Future<TransferRequests.BatchAnswer> run() {
    return t.policyOf(q.caller().key().map(k -> k.id()).orElse(null)).compose(p -> {
      policy = p;
      return screenAll();
    });
  }

  private Future<TransferRequests.BatchAnswer> screenAll() {
    Map<Long, List<Integer>> byChain = new LinkedHashMap<>();
    for (int i = 0; i < rows.length; i++) {
      TransferRequests.BatchEntry e = q.entries().get(i);
      if (e.invalid() != null) {
        rows[i] = failed(e, "invalid", ApiError.invalidRequest(e.invalid()));
      } else if (t.chain(e.screen().chainId()) == null) {
        rows[i] = failed(e, "invalid", ApiError.invalidRequest("chainId " + e.screen().chainId() + " is not a chain"
            + " Vouch reads over JSON-RPC; GET /api/v1/stats lists the chains."));
      } else {
        byChain.computeIfAbsent(e.screen().chainId(), c -> new ArrayList<>()).add(i);
      }
    }
    List<Future<Void>> reads = new ArrayList<>();
    byChain.forEach((chainId, at) -> reads.add(readChain(t.chain(chainId), at)));
    return Future.join(reads).transform(x -> decideAll()).map(v -> answer());
  }

  /** The chain's transactions in one batched read; each row's transfer found (or its error). */
  private Future<Void> readChain(ChainConfig chain, List<Integer> at) {
    List<String> hashes = new ArrayList<>(new LinkedHashSet<>(at.stream()
        .map(i -> q.entries().get(i).screen().txHash()).toList()));
    return t.chains().evidence(chain, hashes).map(all -> {
      Map<String, TxEvidence> byHash = new HashMap<>(hashes.size() * 2);
      for (int k = 0; k < hashes.size(); k++) {
        byHash.put(hashes.get(k), all.get(k));
      }
      for (int i : at) {
        TransferRequests.BatchEntry e = q.entries().get(i);
        TransferRequests.Screen s = e.screen();
        TxEvidence tx = byHash.get(s.txHash());
        try {
          Moved m = Transfers.found(TransferMatch.find(tx, chain, s.address(), s.direction(), s.logIndex()), s, chain);
          found.add(new Found(i, s, chain, tx, m));
        } catch (ApiError err) {
          rows[i] = failed(e, err.status() == 404 ? "not_found" : "invalid", err);
        } catch (RuntimeException ex) {
          LOG.log(Level.WARNING, "transfer batch row failed", ex);
          rows[i] = failed(e, "error", new ApiError(500, "INTERNAL", "This row could not be screened; retry it."));
        }
      }
      return (Void) null;
    }).recover(err -> {
      ApiError unavailable = new ApiError(503, "CHAIN_UNAVAILABLE", "The " + chain.name() + " node did not answer;"
          + " nothing was recorded for this row. Retry shortly.");
      at.forEach(i -> rows[i] = failed(q.entries().get(i), "error", unavailable));
      return Future.succeededFuture();
    });
  }

  /** Every counterparty in one read, the verdicts, the intakes admitted, then one write. */
  private Future<Void> decideAll() {
    if (found.isEmpty()) {
      return Future.succeededFuture();
    }
    found.sort((a, b) -> Integer.compare(a.at(), b.at()));
    List<String> parties = new ArrayList<>(new LinkedHashSet<>(found.stream().map(f -> f.moved().counterparty()).toList()));
    // The counterparties' states and their labels (the label store), one statement each.
    Future<List<Resolved>> resolved = t.reads().resolve(parties.stream().map(Lookup::wallet).toList());
    Future<dev.vouch.screening.Screening.Scope> scope = t.scope(parties);
    return Future.all(resolved, scope).compose(both -> {
      List<Resolved> states = resolved.result();
      Map<String, Resolved> byAddress = new HashMap<>(parties.size() * 2);
      for (int k = 0; k < parties.size(); k++) {
        byAddress.put(parties.get(k), states.get(k));
      }
      Instant now = t.now();
      List<Decided> decided = new ArrayList<>(found.size());
      Set<String> wantIntake = new LinkedHashSet<>();
      for (Found f : found) {
        Resolved r = byAddress.get(f.moved().counterparty());
        if (r.failure() != null) {
          LOG.log(Level.WARNING, "transfer batch counterparty read failed", r.failure());
          rows[f.at()] = failed(q.entries().get(f.at()), "error",
              new ApiError(500, "INTERNAL", "This row's counterparty could not be read; retry it."));
          continue;
        }
        Transfers.Party p = t.party(r.state(), f.chain().chainId(), now, policy, scope.result());
        TransferVerdict v = TransferRules.decide(f.moved(), f.screen().direction(), f.tx().confirmations(),
            f.chain().confirmations(), p.view(), policy.policy());
        if (v.queueIntake() && !p.jobInFlight()) {
          wantIntake.add(f.moved().counterparty());
        }
        decided.add(new Decided(f, v, p));
      }
      if (wantIntake.isEmpty()) {
        return write(decided, List.of(), now);
      }
      // Each never-indexed counterparty's first index costs what an intake costs, as in the single POST.
      return t.metering().startScans(q.caller(), wantIntake.size()).compose(start -> {
        List<String> queued = new ArrayList<>(wantIntake).subList(0, start.starts());
        return write(decided, queued, now)
            .recover(err -> t.refund(start.admission()).transform(x -> Future.failedFuture(err)));
      });
    });
  }

  private Future<Void> write(List<Decided> decided, List<String> queued, Instant now) {
    Set<String> admitted = Set.copyOf(queued);
    Map<TransferStore.Key, TransferStore.Write> writes = new LinkedHashMap<>();
    List<TransferStore.Key> keyOf = new ArrayList<>(decided.size());
    for (Decided d : decided) {
      Found f = d.f();
      TransferVerdict v = d.verdict();
      if (v.queueIntake() && !d.party().jobInFlight() && !admitted.contains(f.moved().counterparty())) {
        v = Transfers.notQueued(v, f.moved().counterparty());
      }
      TransferStore.Key key = new TransferStore.Key(f.chain().chainId(), f.screen().txHash(),
          TransferStore.logIndex(f.moved()), f.screen().address(), f.screen().direction(), policy.ref());
      // Two entries naming one transfer (with and without its logIndex) are one screening.
      writes.putIfAbsent(key, new TransferStore.Write(key, f.moved(), f.tx().block() == null ? 0 : f.tx().block(),
          f.tx().confirmations(), f.chain().confirmations(), v, CounterpartyEvidence.of(d.party().view()),
          policy.ref()));
      keyOf.add(key);
    }
    List<TransferStore.Write> unique = new ArrayList<>(writes.values());
    Long apiKey = q.caller().key().map(k -> k.id()).orElse(null);
    return t.store().saveAll(unique, queued, apiKey, now).map(stored -> {
      Map<TransferStore.Key, TransferStore.Stored> byKey = new HashMap<>(unique.size() * 2);
      for (int k = 0; k < unique.size(); k++) {
        byKey.put(unique.get(k).key(), stored.get(k));
      }
      for (int k = 0; k < decided.size(); k++) {
        TransferStore.Stored s = byKey.get(keyOf.get(k));
        int at = decided.get(k).f().at();
        rows[at] = new TransferRequests.BatchRow(q.entries().get(at).index(), s.record().status(), s.inserted(),
            s.record(), null);
      }
      return (Void) null;
    });
  }

  private TransferRequests.BatchAnswer answer() {
    int allow = 0;
    int caution = 0;
    int block = 0;
    int pending = 0;
    int invalid = 0;
    int notFound = 0;
    int error = 0;
    List<TransferRequests.BatchRow> out = new ArrayList<>(rows.length);
    for (int i = 0; i < rows.length; i++) {
      TransferRequests.BatchRow r = rows[i];
      if (r == null) { // the write failed whole: nothing was recorded for any row
        r = failed(q.entries().get(i), "error", new ApiError(503, "UNAVAILABLE", "The screenings could not be"
            + " stored; nothing was recorded for this row. Retry shortly."));
      }
      out.add(r);
      switch (r.status()) {
        case "screened" -> {
          Verdict v = r.transfer().verdict();
          if (v == Verdict.allow) {
            allow++;
          } else if (v == Verdict.caution) {
            caution++;
          } else {
            block++;
          }
        }
        case "pending" -> pending++;
        case "invalid" -> invalid++;
        case "not_found" -> notFound++;
        default -> error++;
      }
    }
    return new TransferRequests.BatchAnswer(TransferRules.VERSION, policy.ref(),
        new TransferRequests.BatchSummary(out.size(), allow, caution, block, pending, invalid, notFound, error), out);
  }

  private static TransferRequests.BatchRow failed(TransferRequests.BatchEntry e, String status, ApiError err) {
    return new TransferRequests.BatchRow(e.index(), status, null, null,
        new TransferRequests.RowError(err.code(), err.getMessage()));
  }
}
