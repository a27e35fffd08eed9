package dev.vouch.indexing.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.chain.model.ChainTx;
import dev.vouch.score.NewSnapshot;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Invariants of the evidence aggregation over random histories of a small address pool. */
class RunEvidenceProperties {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final String W = "0x" + "a".repeat(40);
  static final List<String> POOL = List.of(W, "0x" + "b".repeat(40), "0x" + "c".repeat(40), "0x" + "d".repeat(40));

  @Provide
  static Arbitrary<List<ChainTx>> history() {
    Arbitrary<ChainTx> tx = Combinators.combine(
        Arbitraries.of(POOL), Arbitraries.of(POOL), Arbitraries.longs().between(0, 1_000_000_000_000L),
        Arbitraries.integers().between(0, 2000 * 24), Arbitraries.of(true, false), Arbitraries.integers().between(0, 5))
        .as((from, to, wei, hoursAgo, ok, create) -> new ChainTx("", 
            0, 0, NOW.minus(Duration.ofHours(hoursAgo)), from, create == 0 ? null : to,
            create == 0 ? "0x" + "e".repeat(40) : null, BigInteger.valueOf(wei), ok));
    return tx.list().ofMaxSize(60).map(RunEvidenceProperties::numbered);   // hashes and blocks set there
  }

  /** Distinct hashes and block numbers, newest first, as a node returns them. */
  static List<ChainTx> numbered(List<ChainTx> txs) {
    List<ChainTx> out = new ArrayList<>(txs.size());
    for (int i = 0; i < txs.size(); i++) {
      ChainTx t = txs.get(i);
      out.add(new ChainTx(String.format("0x%064x", i + 1), txs.size() - i, 0, t.timestamp(), t.from(), t.to(),
          t.createdContract(), t.value(), t.success()));
    }
    return out;
  }

  static NewSnapshot snapshot(List<ChainTx> arc, List<ChainTx> eth) {
    return RunEvidence.snapshot(new RunEvidence.Input(W, NOW, 5042002, Set.of(POOL.get(2)), AttestationFacts.NONE, 1L,
        List.of(new ChainRead(5042002, "Arc Testnet", "history", new ChainOutcome.History(arc, false)),
            new ChainRead(1, "Ethereum Mainnet", "history", new ChainOutcome.History(eth, false))))).orElseThrow();
  }

  @Property
  void theOrderANodeReturnsTransactionsInChangesNothing(@ForAll("history") List<ChainTx> arc,
      @ForAll("history") List<ChainTx> eth, @ForAll long seed) {
    List<ChainTx> shuffled = new ArrayList<>(arc);
    Collections.shuffle(shuffled, new Random(seed));
    assertThat(snapshot(shuffled, eth)).isEqualTo(snapshot(arc, eth));
  }

  @Property
  void everyCountedTransactionIsOneInteractionOrASelfTransfer(@ForAll("history") List<ChainTx> arc,
      @ForAll("history") List<ChainTx> eth) {
    NewSnapshot s = snapshot(arc, eth);
    long direct = arc.stream().filter(t -> W.equals(t.from()) || W.equals(t.to())).count();
    long self = arc.stream().filter(t -> W.equals(t.from()) && W.equals(t.to())).count();
    long interactions = s.counterparties().stream().filter(c -> c.chainId() == 5042002)
        .mapToLong(c -> c.txIn() + c.txOut()).sum();
    assertThat(s.chains().get(0).txCount()).isEqualTo(direct);
    assertThat(interactions).isEqualTo(direct - self);
    assertThat(s.evidence().arcTxCount()).isEqualTo(direct);
    assertThat(s.evidence().failedTxCount()).isLessThanOrEqualTo(s.evidence().totalTxCount());
    assertThat(s.evidence().uniqueCounterparties()).isLessThanOrEqualTo(POOL.size());
    assertThat(s.evidence().flaggedCounterparties()).isBetween(0, 1);
  }

  @Property
  void valueOutIsExactlyWhatTheWalletSentSuccessfullyToOthers(@ForAll("history") List<ChainTx> arc) {
    NewSnapshot s = snapshot(arc, List.of());
    BigInteger sent = arc.stream()
        .filter(t -> W.equals(t.from()) && t.success() && !W.equals(t.to() != null ? t.to() : t.createdContract()))
        .map(ChainTx::value).reduce(BigInteger.ZERO, BigInteger::add);
    BigInteger out = s.counterparties().stream().map(NewSnapshot.CounterpartyRow::valueOut)
        .reduce(BigInteger.ZERO, BigInteger::add);
    assertThat(out).isEqualTo(sent);
    assertThat(s.counterparties()).allSatisfy(c -> {
      assertThat(c.firstAt()).isBeforeOrEqualTo(c.lastAt());
      assertThat(c.counterparty()).isNotEqualTo(W);
    });
  }
}
