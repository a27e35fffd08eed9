package dev.vouch.indexing.model;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.chain.model.ChainTx;
import dev.vouch.score.NewSnapshot;
import dev.vouch.score.PriorEvidence;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.screening.model.Listing;
import dev.vouch.screening.model.ScreeningSet;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns one run's chain outcomes into the snapshot to commit: evidence, score, per-chain coverage
 * and per-counterparty metrics. Pure: the clock, configuration and attestation facts come in.
 *
 * <p>Counting rules: a transaction counts for the wallet when the wallet sent it or is its
 * recipient (transactions that only touch the wallet inside a call are skipped). The
 * counterparty is the other side: the recipient or called contract, the created contract, or the
 * sender. Native value counts only direct top-level value of successful transactions. Failed
 * transactions are those the wallet sent whose receipt status is 0. Aggregate chains add their
 * nonce (sent transactions; 0 for a contract account) and never counterparties or value. A
 * counterparty on any screening list is flagged once, however many lists name it; flagged ones that
 * only pushed unsolicited dust onto the wallet are counted apart (ListedDust, identity_score_v4).
 *
 * <p>A chain whose read failed transiently keeps the evidence of the wallet's latest snapshot
 * (its counts, counterparties, activity, first transaction, token flows, token transactions,
 * unverified token count and token cap), marked transient with the time it was read; a standing failure, or a chain that had no evidence, is an error row with none.
 */
public final class RunEvidence {

  /**
   * @param screening the screening lists: a counterparty on any of them is flagged
   * @param prior the wallet's latest committed snapshot, null when none (a first index)
   */
  public record Input(
      String wallet,
      Instant now,
      long homeChainId,
      ScreeningSet screening,
      AttestationFacts attestations,
      Long jobId,
      List<ChainRead> reads,
      PriorEvidence prior,
      String tokenRegistryHash) {

    public Input(String wallet, Instant now, long homeChainId, ScreeningSet screening,
        AttestationFacts attestations, Long jobId, List<ChainRead> reads, PriorEvidence prior) {
      this(wallet, now, homeChainId, screening, attestations, jobId, reads, prior, null);
    }

    public Input(String wallet, Instant now, long homeChainId, ScreeningSet screening,
        AttestationFacts attestations, Long jobId, List<ChainRead> reads) {
      this(wallet, now, homeChainId, screening, attestations, jobId, reads, null);
    }

    /** Flagged addresses as one unlabelled list named CONFIG. */
    public Input(String wallet, Instant now, long homeChainId, Set<String> flaggedAddresses,
        AttestationFacts attestations, Long jobId, List<ChainRead> reads) {
      this(wallet, now, homeChainId, ScreeningSet.of("CONFIG", flaggedAddresses), attestations, jobId, reads);
    }
  }

  private RunEvidence() {}

  /** At least one chain gave evidence (history or aggregate); otherwise the run commits nothing. */
  public static boolean usable(List<ChainRead> reads) {
    return reads.stream().anyMatch(r -> !(r.outcome() instanceof ChainOutcome.Failed));
  }

  /** Chains whose read failed transiently (a retry may get them): their ids. */
  public static Set<Long> transientlyFailed(List<ChainRead> reads) {
    Set<Long> out = new HashSet<>();
    for (ChainRead r : reads) {
      if (r.outcome() instanceof ChainOutcome.Failed f && !f.standing()) {
        out.add(r.chainId());
      }
    }
    return out;
  }

  /**
   * Why this run must not commit, or empty when it may. Nothing commits without a usable chain;
   * and a first index (no prior snapshot) that found no activity anywhere while some chain
   * failed would commit a confident zero that is only a gap: it fails instead (the cooldown
   * applies), so no client mistakes it for evidence.
   */
  public static Optional<String> refusal(String wallet, List<ChainRead> reads, PriorEvidence prior) {
    if (!usable(reads)) {
      return Optional.of(failureSummary(reads));
    }
    boolean anyFailed = reads.stream().anyMatch(r -> r.outcome() instanceof ChainOutcome.Failed);
    if (prior == null && anyFailed && reads.stream().noneMatch(r -> active(wallet, r))) {
      StringBuilder out = new StringBuilder("first index found no activity on the chains read while");
      for (ChainRead r : reads) {
        if (r.outcome() instanceof ChainOutcome.Failed f) {
          out.append(' ').append(r.chain()).append(" (").append(f.reason()).append(");");
        }
      }
      return Optional.of(out.append(" a zero would not be evidence").toString());
    }
    return Optional.empty();
  }

  /** The chain read shows the wallet active (the activeChains rule), before any carry. */
  private static boolean active(String wallet, ChainRead read) {
    if (read.outcome() instanceof ChainOutcome.Aggregate a) {
      return a.nonce() > 0 || a.balance().signum() > 0;
    }
    return read.outcome() instanceof ChainOutcome.History h && ChainTally.of(wallet, h.txs()).txCount > 0;
  }

  /** Why a run without usable evidence failed, chain by chain. */
  public static String failureSummary(List<ChainRead> reads) {
    if (reads.isEmpty()) {
      return "no chain is configured with RPC URLs";
    }
    StringBuilder out = new StringBuilder("no usable chain:");
    for (ChainRead r : reads) {
      if (r.outcome() instanceof ChainOutcome.Failed f) {
        out.append(' ').append(r.chain()).append(" (").append(f.reason()).append(");");
      }
    }
    return out.toString();
  }

  /** The snapshot, or empty when no chain gave usable evidence (nothing may commit). */
  public static Optional<NewSnapshot> snapshot(Input in) {
    List<NewSnapshot.ChainRow> chains = new ArrayList<>();
    List<NewSnapshot.CounterpartyRow> counterparties = new ArrayList<>();
    List<NewSnapshot.TokenFlowRow> tokenFlows = new ArrayList<>();
    Map<Long, Long> unverified = new TreeMap<>();
    List<String> active = new ArrayList<>();
    Set<String> distinct = new HashSet<>();
    Set<String> tokenSeasoned = new HashSet<>();
    Instant cutoff = in.now().minus(Duration.ofDays(ScoreModel.SEASONED_DAYS));
    Instant first = null;
    long total = 0;
    long home = 0;
    long failed = 0;
    boolean usable = false;
    for (ChainRead read : in.reads()) {
      long txCount;
      boolean isActive;
      // Token transactions join the evidence totals only: the chain's coverage row stays native.
      long tokenTxCount = 0;
      if (read.outcome() instanceof ChainOutcome.History h) {
        ChainTally t = ChainTally.of(in.wallet(), h.txs());
        txCount = t.txCount;
        if (read.tokens() != null) {
          // identity_score_v3: registered stablecoin flows of at least a dollar count as
          // counterparties and transactions; dust and unvalued tokens never do (TokenStanding).
          TokenStanding.Result ts = TokenStanding.of(in.wallet(), read.tokens().transfers(), t.hashes, cutoff);
          distinct.addAll(ts.counterparties());
          tokenSeasoned.addAll(ts.seasoned());
          tokenTxCount = ts.transactions();
        }
        isActive = txCount > 0;
        failed += t.failed;
        first = earliest(first, t.first);
        t.counterparties.forEach((address, m) -> {
          distinct.add(address);
          counterparties.add(new NewSnapshot.CounterpartyRow(address, read.chainId(), true, m.in, m.out,
              m.first, m.last, m.valueIn, m.valueOut));
        });
        chains.add(new NewSnapshot.ChainRow(read.chainId(), read.chain(), "indexed", false, false,
            h.capped(), true, read.source(), txCount, t.counterparties.size(), in.now(), read.fallbackFrom(),
            t.first, t.failed, isActive, read.tokens() == null ? null : read.tokens().capped(),
            read.tokens() == null ? null : tokenTxCount, read.tokens() == null ? null : read.tokens().zeroValue()));
        if (read.tokens() != null) {
          tokenFlows.addAll(TokenFlows.of(in.wallet(), read.chainId(), read.tokens().transfers()));
          if (read.tokens().unverified() > 0) {
            unverified.put(read.chainId(), read.tokens().unverified());
          }
        }
        usable = true;
      } else if (read.outcome() instanceof ChainOutcome.Aggregate a) {
        txCount = a.contract() ? 0 : a.nonce();
        isActive = a.nonce() > 0 || a.balance().signum() > 0;
        chains.add(new NewSnapshot.ChainRow(read.chainId(), read.chain(), "limited", false, true,
            null, null, read.source(), txCount, 0, in.now(), read.fallbackFrom(), null, 0L, isActive));
        usable = true;
      } else {
        ChainOutcome.Failed f = (ChainOutcome.Failed) read.outcome();
        PriorEvidence.Chain kept = f.standing() || in.prior() == null ? null : in.prior().carryable(read.chainId());
        if (kept != null) {
          // A provider blip must not make evidence worse: the chain keeps what the last snapshot
          // knew, marked transient, with the time it was read (older than this snapshot).
          NewSnapshot.ChainRow row = kept.row().carried();
          txCount = row.txCount();
          // Its token transactions too (issue 35): token flow rows cannot count them, the row kept the count.
          tokenTxCount = row.tokenTxCount() == null ? 0 : row.tokenTxCount();
          isActive = Boolean.TRUE.equals(row.active());
          failed += row.failedTxCount() == null ? 0 : row.failedTxCount();
          first = earliest(first, row.firstTxAt());
          for (NewSnapshot.CounterpartyRow c : kept.counterparties()) {
            distinct.add(c.counterparty());
            counterparties.add(c);
          }
          // Its token evidence too, as the last snapshot knew it (flows, unverified count, cap).
          tokenFlows.addAll(kept.tokenFlows());
          TokenStanding.Result carried = TokenStanding.ofRows(kept.tokenFlows(), cutoff);
          distinct.addAll(carried.counterparties());
          tokenSeasoned.addAll(carried.seasoned());
          if (kept.unverifiedTokens() > 0) {
            unverified.put(read.chainId(), kept.unverifiedTokens());
          }
          chains.add(row);
        } else {
          txCount = 0;
          isActive = false;
          chains.add(new NewSnapshot.ChainRow(read.chainId(), read.chain(), "error", !f.standing(),
              f.standing(), null, null, read.source(), 0, 0, in.now(), read.fallbackFrom()));
        }
      }
      total += txCount + tokenTxCount;
      if (read.chainId() == in.homeChainId()) {
        home = txCount + tokenTxCount;
      }
      if (isActive || tokenTxCount > 0) {
        active.add(read.chain());
      }
    }
    if (!usable) {
      return Optional.empty();
    }
    int flagged = 0;
    int flaggedDust = 0;
    Set<String> dust = ListedDust.of(in.screening()::contains, counterparties, tokenFlows);
    Map<String, Integer> byList = new TreeMap<>();
    for (String address : distinct) {
      List<Listing> listings = in.screening().lookup(address);
      if (!listings.isEmpty()) {
        flagged++;
        flaggedDust += dust.contains(address) ? 1 : 0;
        listings.forEach(l -> byList.merge(l.list(), 1, Integer::sum));
      }
    }
    int ageDays = first == null ? 0 : (int) Math.max(0, Duration.between(first, in.now()).toDays());
    AttestationFacts att = in.attestations();
    Evidence e = new Evidence(ageDays, active.size(), total, home, distinct.size(), flagged, failed,
        att.accepted(), att.counterparties(), att.peerScoreSum(), seasoned(counterparties, in.now(), tokenSeasoned),
        flaggedDust);
    return Optional.of(new NewSnapshot(in.wallet(), in.now(), ScoreModel.score(e), e, first,
        List.copyOf(active), List.copyOf(chains), List.copyOf(counterparties), in.jobId(), byList,
        tokenFlows, unverified, in.tokenRegistryHash()));
  }

  /**
   * Distinct counterparties first met at least ScoreModel.SEASONED_DAYS before {@code now}, over
   * every counted chain (carried chains included): history a farm cannot make today.
   */
  static int seasoned(List<NewSnapshot.CounterpartyRow> counterparties, Instant now) {
    return seasoned(counterparties, now, Set.of());
  }

  /** The same, joined (identity_score_v3) by registered-token counterparties already substantive at the cutoff. */
  static int seasoned(List<NewSnapshot.CounterpartyRow> counterparties, Instant now, Set<String> tokenSeasoned) {
    Instant cutoff = now.minus(Duration.ofDays(ScoreModel.SEASONED_DAYS));
    Set<String> old = new HashSet<>(tokenSeasoned);
    for (NewSnapshot.CounterpartyRow c : counterparties) {
      if (c.firstAt() != null && !c.firstAt().isAfter(cutoff)) {
        old.add(c.counterparty());
      }
    }
    return old.size();
  }

  private static Instant earliest(Instant a, Instant b) {
    return a == null ? b : b == null || a.isBefore(b) ? a : b;
  }

  /** One counterparty's metrics on one chain. */
  private static final class Metrics {
    int in;
    int out;
    Instant first;
    Instant last;
    BigInteger valueIn = BigInteger.ZERO;
    BigInteger valueOut = BigInteger.ZERO;

    void add(ChainTx tx, boolean outgoing) {
      if (outgoing) {
        out++;
      } else {
        in++;
      }
      first = first == null || tx.timestamp().isBefore(first) ? tx.timestamp() : first;
      last = last == null || tx.timestamp().isAfter(last) ? tx.timestamp() : last;
      if (tx.success()) {
        if (outgoing) {
          valueOut = valueOut.add(tx.value());
        } else {
          valueIn = valueIn.add(tx.value());
        }
      }
    }
  }

  /** The wallet's transactions on one chain, counted. */
  private static final class ChainTally {
    long txCount;
    long failed;
    Instant first;
    final Map<String, Metrics> counterparties = new TreeMap<>();
    /** Hashes of the counted transactions: a token transfer inside one of them is not counted twice. */
    final Set<String> hashes = new HashSet<>();

    static ChainTally of(String wallet, List<ChainTx> txs) {
      ChainTally t = new ChainTally();
      for (ChainTx tx : txs) {
        boolean outgoing = wallet.equals(tx.from());
        if (!outgoing && !wallet.equals(tx.to())) {
          continue;
        }
        t.txCount++;
        t.hashes.add(tx.hash());
        if (outgoing && !tx.success()) {
          t.failed++;
        }
        t.first = earliest(t.first, tx.timestamp());
        String other = outgoing ? (tx.to() != null ? tx.to() : tx.createdContract()) : tx.from();
        if (other != null && !other.equals(wallet)) {
          t.counterparties.computeIfAbsent(other, k -> new Metrics()).add(tx, outgoing);
        }
      }
      return t;
    }
  }
}
