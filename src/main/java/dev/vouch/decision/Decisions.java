package dev.vouch.decision;

import dev.vouch.decision.model.BatchPlan;
import dev.vouch.decision.model.BatchResult;
import dev.vouch.decision.model.BatchRow;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.DecisionInput;
import dev.vouch.decision.model.DecisionModel;
import dev.vouch.decision.model.Entries;
import dev.vouch.decision.model.Policy;
import dev.vouch.decision.model.PolicyRef;
import dev.vouch.decision.model.UseCase;
import dev.vouch.graph.model.TrustModel;
import dev.vouch.score.Lookup;
import dev.vouch.score.model.CommittedSnapshot;
import dev.vouch.score.ReadStateCache;
import dev.vouch.score.Resolved;
import dev.vouch.score.WalletReads;
import dev.vouch.score.WalletState;
import dev.vouch.screening.Screening;
import dev.vouch.screening.model.Listing;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Live decisions from committed evidence: the single read, the batch and the receipt all come
 * through here, so the same wallet at the same moment gets the same verdict whichever asks.
 * Never starts indexing (rule D7). Safe to share between verticle instances.
 */
public final class Decisions {

  private static final Logger LOG = Logger.getLogger(Decisions.class.getName());

  private final WalletReads store;
  private final ReadStateCache reads;
  private final Clock clock;
  private final Duration staleAfter;
  private final String homeChain;
  private final Screening screening;

  /** {@code reads} serves the single and batch reads (hot, repeated); receipts read through {@code store}. */
  public Decisions(WalletReads store, ReadStateCache reads, Clock clock, Duration staleAfter, String homeChain,
      Screening screening) {
    this.screening = screening;
    this.store = store;
    this.reads = reads;
    this.clock = clock;
    this.staleAfter = staleAfter;
    this.homeChain = homeChain;
  }

  public Future<Decision> read(DecisionQuery q) {
    // The wallet's state and its listings side by side: a cold read waits for one statement, not two.
    Future<WalletState> state = reads.read(q.wallet());
    Future<Map<String, List<Listing>>> listed = screening.listings(List.of(q.wallet()));
    return Future.all(state, listed).map(x -> decide(state.result(), q.useCase(), clock.instant(),
        Map.of(state.result().wallet(), listed.result().getOrDefault(q.wallet(), List.of())), q.policy(), q.policyRef()));
  }

  /** A wallet or a registered username; empty when no identity carries the username. */
  public Future<Optional<Decision>> read(Lookup lookup, UseCase useCase) {
    return decided(reads.resolve(List.of(lookup)), useCase, Policy.DEFAULT, null);
  }

  /**
   * The same read past the cache (a receipt attests the state as the database holds it now, not
   * as another writer's announcement may not yet have dropped it).
   */
  public Future<Optional<Decision>> readFresh(Lookup lookup, UseCase useCase) {
    return readFresh(lookup, useCase, Policy.DEFAULT, null);
  }

  /** The same with the caller's policy (a receipt names it inside its signed payload). */
  public Future<Optional<Decision>> readFresh(Lookup lookup, UseCase useCase, Policy policy, PolicyRef ref) {
    return decided(reads.resolveFresh(List.of(lookup)), useCase, policy, ref);
  }

  private Future<Optional<Decision>> decided(Future<List<Resolved>> resolved, UseCase useCase, Policy policy,
      PolicyRef ref) {
    return resolved.compose(found -> {
      Resolved r = found.get(0);
      if (r.failure() != null) {
        throw r.failure();
      }
      return r.unknownUsername() ? Future.succeededFuture(Optional.<Decision>empty())
          : screening.listings(List.of(r.state().wallet()))
              .map(listed -> Optional.of(decide(r.state(), useCase, clock.instant(), listed, policy, ref)));
    });
  }

  /** Every row's state in one statement, its listings beside it, one instant; a bad row becomes its own status. */
  public Future<BatchResult> batch(BatchQuery q) {
    List<BatchPlan.Entry> entries = q.plan().entries();
    List<Lookup> lookups = new ArrayList<>();
    for (BatchPlan.Entry e : entries) {
      if (e.kind() == Entries.Kind.address) {
        lookups.add(Lookup.wallet(e.key()));
      } else if (e.kind() == Entries.Kind.username) {
        lookups.add(Lookup.username(e.input()));
      }
    }
    Future<List<Resolved>> read = lookups.isEmpty()
        ? Future.succeededFuture(List.of()) : reads.resolve(lookups);
    // The addresses' listings are read beside their states; only usernames' wallets wait for the read.
    List<String> addresses = new ArrayList<>();
    lookups.forEach(l -> {
      if (l.wallet() != null) {
        addresses.add(l.wallet());
      }
    });
    Future<Map<String, List<Listing>>> early = addresses.isEmpty()
        ? Future.succeededFuture(Map.of()) : screening.listings(addresses);
    return Future.all(read, early).compose(x -> rest(read.result(), early.result())).map(listed -> {
      List<Resolved> found = read.result();
      Instant now = clock.instant();
      List<BatchRow> rows = new ArrayList<>(entries.size());
      int next = 0;
      for (BatchPlan.Entry e : entries) {
        rows.add(e.kind() == Entries.Kind.invalid ? BatchRow.invalid(e.input())
            : row(e, found.get(next++), q, now, listed));
      }
      BatchResult result = BatchResult.of(q.useCase(), rows);
      return q.policyRef() == null ? result : result.withPolicy(q.policyRef());
    });
  }

  /** The listings read early, with those of the wallets only the read named (usernames) added. */
  private Future<Map<String, List<Listing>>> rest(List<Resolved> found, Map<String, List<Listing>> early) {
    List<String> more = new ArrayList<>();
    for (Resolved r : found) {
      if (r.state() != null && !early.containsKey(r.state().wallet())) {
        more.add(r.state().wallet());
      }
    }
    if (more.isEmpty()) {
      return Future.succeededFuture(early);
    }
    return screening.listings(more).map(added -> {
      Map<String, List<Listing>> all = new HashMap<>(early);
      all.putAll(added);
      return all;
    });
  }

  /** The listings of every resolved wallet: the bounded cache, the rest in one statement. */
  public Future<Map<String, List<Listing>>> listings(List<Resolved> found) {
    List<String> wallets = new ArrayList<>(found.size());
    for (Resolved r : found) {
      if (r.state() != null) {
        wallets.add(r.state().wallet());
      }
    }
    return screening.listings(wallets);
  }

  private BatchRow row(BatchPlan.Entry e, Resolved r, BatchQuery q, Instant now, Map<String, List<Listing>> listed) {
    if (r.unknownUsername()) {
      return BatchRow.invalid(e.input());
    }
    String wallet = e.kind() == Entries.Kind.address ? e.key() : null;
    if (r.failure() != null) {
      LOG.log(Level.WARNING, "batch row failed", r.failure());
      return BatchRow.error(e.input(), wallet);
    }
    WalletState state = r.state();
    // A wallet on a screening list is evidence enough for a block row even without a snapshot.
    if (state.snapshot().isEmpty() && listed.getOrDefault(state.wallet(), List.of()).isEmpty()) {
      return BatchRow.noScore(e.input(), state.wallet(), state.username());
    }
    try {
      return BatchRow.ok(e.input(), decide(state, q.useCase(), now, listed, q.policy(), q.policyRef()));
    } catch (RuntimeException ex) {
      LOG.log(Level.WARNING, "batch row failed", ex);
      return BatchRow.error(e.input(), state.wallet());
    }
  }

  /**
   * With the listings read for it ({@link #listings}): the watchlist page and transfers
   * decide through here too.
   */
  public Decision decide(WalletState state, UseCase useCase, Instant now, Map<String, List<Listing>> listed) {
    return decide(state, useCase, now, listed, Policy.DEFAULT, null);
  }

  /** With the caller's policy (issue 32); the default policy with a null ref decides as before. */
  public Decision decide(WalletState state, UseCase useCase, Instant now, Map<String, List<Listing>> listed,
      Policy policy, PolicyRef ref) {
    return decide(state, useCase, now, homeChain, staleAfter, listed.getOrDefault(state.wallet(), List.of()), policy,
        ref);
  }

  /**
   * The one mapping of a read state to the model's input; monitoring passes the listings it read.
   * The exposure is the summary stored with the snapshot (null before V82: v0.5's rule decides).
   */
  public static Decision decide(WalletState state, UseCase useCase, Instant now, String homeChain, Duration staleAfter,
      List<Listing> listings) {
    return decide(state, useCase, now, homeChain, staleAfter, listings, Policy.DEFAULT, null);
  }

  public static Decision decide(WalletState state, UseCase useCase, Instant now, String homeChain, Duration staleAfter,
      List<Listing> listings, Policy policy, PolicyRef ref) {
    DecisionInput input = new DecisionInput(state.wallet(), state.username(), useCase,
        state.snapshot(), TrustModel.signals(state.trustSubject(), state.trustEdges()), state.jobInFlight(), homeChain, now,
        listings, state.snapshot().map(CommittedSnapshot::exposure).orElse(null), policy, ref);
    return DecisionModel.decide(input, staleAfter);
  }
}
