package dev.vouch.indexing.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.chain.model.ChainTx;
import dev.vouch.chain.model.TokenOutcome;
import dev.vouch.chain.model.TokenTransfer;
import dev.vouch.score.NewSnapshot;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * identity_score_v3's reading of registered stablecoin flows (TokenStanding through RunEvidence):
 * honest flow counts; wash-trading, dusting and old dust buy no standing.
 */
class TokenStandingTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final long ARC = 5042002;
  static final String W = addr('a');
  static final String USDC = addr('9');
  static final String FAKE = addr('8');
  static int seq;

  static String addr(char c) {
    return "0x" + String.valueOf(c).repeat(40);
  }

  static String peer(int i) {
    return "0x" + String.format("%040x", 0x1000 + i);
  }

  static Instant daysAgo(double d) {
    return NOW.minus(Duration.ofSeconds((long) (d * 86_400)));
  }

  static String hash() {
    return "0x" + String.format("%064x", ++seq);
  }

  static ChainTx tx(String from, String to, Instant at) {
    seq++;
    return new ChainTx("0x" + String.format("%064x", seq), seq, 0, at, from, to, null, BigInteger.TEN.pow(17), true);
  }

  /** A USDC (6 decimals, valued) transfer of the given dollars, in its own transaction. */
  static TokenTransfer usdc(String from, String to, double dollars, Instant at) {
    return transfer(hash(), from, to, dollars, at, true);
  }

  static TokenTransfer transfer(String hash, String from, String to, double dollars, Instant at, boolean usd) {
    return new TokenTransfer(hash, seq, 0, at, usd ? USDC : FAKE, usd ? "USDC" : "WETH", 6, usd, from, to,
        BigInteger.valueOf(Math.round(dollars * 1_000_000)));
  }

  static Evidence evidence(List<ChainTx> txs, List<TokenTransfer> transfers) {
    List<TokenTransfer> newestFirst = new ArrayList<>(transfers == null ? List.of() : transfers);
    newestFirst.sort((x, y) -> Long.compare(y.blockNumber(), x.blockNumber()));
    ChainRead read = new ChainRead(ARC, "Arc Testnet", "history", new ChainOutcome.History(txs, false), null,
        List.of(), transfers == null ? null : new TokenOutcome(newestFirst, 0, false));
    NewSnapshot s = RunEvidence.snapshot(new RunEvidence.Input(W, NOW, ARC, Set.of(), new AttestationFacts(0, 0, 0),
        1L, List.of(read))).orElseThrow();
    assertThat(s.score()).isEqualTo(ScoreModel.score(s.evidence()));
    return s.evidence();
  }

  /** A fresh farm wallet: funded 40 days ago, then 12 payments to new addresses. */
  static List<ChainTx> freshFarm() {
    List<ChainTx> txs = new ArrayList<>();
    txs.add(tx(addr('f'), W, daysAgo(40)));
    for (int i = 0; i < 12; i++) {
      txs.add(tx(W, peer(500 + i), daysAgo(1 + i)));
    }
    return txs;
  }

  @Test
  void washTradingBuysNothingTheSameTransfersInTheNativeCoinWouldNot() {
    List<String> ring = List.of(peer(1), peer(2), peer(3), peer(4));
    List<TokenTransfer> wash = new ArrayList<>();
    List<ChainTx> plain = freshFarm();
    for (int round = 0; round < 25; round++) {
      for (String p : ring) {
        Instant at = daysAgo(4 - round * 0.1);
        wash.add(usdc(W, p, 40_000, at));
        wash.add(usdc(p, W, 40_000, at.plusSeconds(60)));
        plain.add(tx(W, p, at));
        plain.add(tx(p, W, at.plusSeconds(60)));
      }
    }
    Evidence washed = evidence(freshFarm(), wash);
    // Eight million dollars of volume weigh exactly what 200 native transfers do: no point for
    // volume, no seasoned history, no cap lifted.
    assertThat(washed).isEqualTo(evidence(plain, null));
    assertThat(washed.seasonedCounterparties()).isZero();
    assertThat(ScoreModel.unseasoned(washed)).isTrue();
    assertThat(ScoreModel.score(washed).breakdown().globalWalletAge()).isLessThanOrEqualTo(ScoreModel.UNSEASONED_AGE_CAP);
  }

  @Test
  void oldDustDoesNotSeasonACounterpartyEvenWhenRealValueFollowsLater() {
    // A bought aged wallet: funded 500 days ago (one seasoned counterparty), dusted 400 days ago by
    // an address that today sends it real money and trades with it.
    String duster = peer(7);
    List<ChainTx> txs = List.of(tx(addr('f'), W, daysAgo(500)), tx(W, peer(8), daysAgo(2)));
    List<TokenTransfer> flows = List.of(
        usdc(duster, W, 0.01, daysAgo(400)),
        usdc(duster, W, 0.5, daysAgo(300)),
        usdc(duster, W, 5_000, daysAgo(3)),
        usdc(W, duster, 4_999, daysAgo(2)));
    Evidence e = evidence(txs, flows);
    assertThat(e.seasonedCounterparties()).isEqualTo(1);
    assertThat(ScoreModel.unseasoned(e)).isTrue();
    // Counted as a counterparty of today (that much is bought for gas, natively too).
    assertThat(e.uniqueCounterparties()).isEqualTo(3);
  }

  @Test
  void dustingGivesNeitherTheDusterNorItsTargetsAnything() {
    // The duster sprays 0.0001 USDC to 300 addresses; a target receives 0.5 USDC of dust.
    List<TokenTransfer> spray = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      spray.add(usdc(W, peer(1000 + i), 0.0001, daysAgo(1 + i / 1000.0)));
    }
    Evidence duster = evidence(freshFarm(), spray);
    Evidence before = evidence(freshFarm(), null);
    assertThat(duster).isEqualTo(before);

    List<ChainTx> honest = List.of(tx(addr('f'), W, daysAgo(600)), tx(W, peer(9), daysAgo(300)));
    Evidence target = evidence(honest, List.of(usdc(peer(10), W, 0.5, daysAgo(200)), usdc(peer(11), W, 0.99, daysAgo(1))));
    assertThat(target).isEqualTo(evidence(honest, null));
  }

  @Test
  void honestStablecoinFlowCountsAsCounterpartiesSeasonedHistoryAndTransactions() {
    // An old wallet whose native history is its funding alone (unseasoned by v2), paid in USDC by
    // an employer and paying two merchants for a year.
    List<ChainTx> txs = new ArrayList<>(List.of(tx(addr('f'), W, daysAgo(700))));
    List<TokenTransfer> flows = new ArrayList<>();
    for (int month = 0; month < 12; month++) {
      flows.add(usdc(peer(20), W, 2_500, daysAgo(360 - 30 * month)));
      // The wallet's own transfers are native transactions to the token contract too.
      ChainTx call = tx(W, USDC, daysAgo(359 - 30 * month));
      txs.add(call);
      flows.add(transfer(call.hash(), W, peer(21 + month % 2), 120, call.timestamp(), true));
    }
    Evidence with = evidence(txs, flows);
    Evidence without = evidence(txs, null);

    assertThat(without.seasonedCounterparties()).isEqualTo(2);   // the funder and the token contract
    assertThat(with.seasonedCounterparties()).isEqualTo(5);      // + employer and both merchants
    assertThat(with.uniqueCounterparties()).isEqualTo(without.uniqueCounterparties() + 3);
    // 12 inbound salaries are new transactions; the 12 outbound ones were counted natively already.
    assertThat(with.totalTxCount()).isEqualTo(without.totalTxCount() + 12);
    assertThat(with.arcTxCount()).isEqualTo(with.totalTxCount());
    assertThat(ScoreModel.score(with).score()).isGreaterThan(ScoreModel.score(without).score());
  }

  @Test
  void anUnvaluedRegisteredTokenCountsForNothing() {
    List<ChainTx> txs = List.of(tx(addr('f'), W, daysAgo(700)));
    Evidence e = evidence(txs, List.of(transfer(hash(), peer(30), W, 1_000_000, daysAgo(300), false),
        transfer(hash(), W, peer(31), 1_000_000, daysAgo(200), false)));
    assertThat(e).isEqualTo(evidence(txs, null));
  }

  @Test
  void aTokenOnlyChainIsActive() {
    ChainRead arc = new ChainRead(ARC, "Arc Testnet", "history", new ChainOutcome.History(List.of(
        tx(addr('f'), W, daysAgo(300))), false));
    ChainRead base = new ChainRead(8453, "Base", "history", new ChainOutcome.History(List.of(), false), null,
        List.of(), new TokenOutcome(List.of(usdc(peer(40), W, 50, daysAgo(10))), 0, false));
    NewSnapshot s = RunEvidence.snapshot(new RunEvidence.Input(W, NOW, ARC, Set.of(), new AttestationFacts(0, 0, 0),
        1L, List.of(arc, base))).orElseThrow();
    assertThat(s.evidence().activeChains()).isEqualTo(2);
    assertThat(s.evidence().totalTxCount()).isEqualTo(2);
    assertThat(s.evidence().arcTxCount()).isEqualTo(1);
    // The coverage rows stay native: Base has no native transaction.
    assertThat(s.chains()).filteredOn(c -> c.chainId() == 8453).singleElement()
        .satisfies(c -> assertThat(c.txCount()).isZero());
  }

  @Test
  void storedRowsGiveTheSameCounterpartiesAndAConservativeSeasonedSet() {
    // Rows as TokenFlows stores them: e paid 400 days ago only; g dusted 400 days ago, paid today;
    // h 0.40 + 0.40 + 0.40 over two tokens' rows (a dollar in all); d dust only; an unvalued row.
    List<TokenTransfer> transfers = List.of(
        usdc(peer(50), W, 30, daysAgo(400)),
        usdc(peer(51), W, 0.01, daysAgo(400)), usdc(peer(51), W, 500, daysAgo(1)),
        usdc(peer(52), W, 0.4, daysAgo(300)), usdc(W, peer(52), 0.4, daysAgo(200)),
        transfer(hash(), peer(52), W, 0.4, daysAgo(150), true),
        usdc(peer(53), W, 0.3, daysAgo(10)),
        transfer(hash(), peer(54), W, 9_000, daysAgo(500), false));
    List<TokenTransfer> other = new ArrayList<>();
    for (TokenTransfer t : transfers) {
      other.add(t.hash().equals(transfers.get(5).hash()) ? new TokenTransfer(t.hash(), t.blockNumber(), t.logIndex(),
          t.timestamp(), addr('7'), "USDT", 6, true, t.from(), t.to(), t.value()) : t);
    }
    Instant cutoff = NOW.minus(Duration.ofDays(ScoreModel.SEASONED_DAYS));
    TokenStanding.Result exact = TokenStanding.of(W, other, Set.of(), cutoff);
    TokenStanding.Result rows = TokenStanding.ofRows(TokenFlows.of(W, ARC, other), cutoff);
    assertThat(rows.counterparties()).isEqualTo(exact.counterparties()).containsExactlyInAnyOrder(peer(50), peer(51), peer(52));
    assertThat(exact.seasoned()).containsExactlyInAnyOrder(peer(50), peer(52));
    assertThat(rows.seasoned()).containsExactlyInAnyOrder(peer(50), peer(52));
  }

  @Test
  void eighteenDecimalTransfersAreSummedInBaseUnitsAndRoundedOnceOnBothPaths() {
    // DAI (18 decimals): 0.9999995 in, then 0.0000005 out. Together exactly one dollar; rounded per
    // transfer to the micro-dollar first they would make 0.999999 + 0.000000, under the floor.
    String dai = addr('6');
    List<TokenTransfer> transfers = List.of(
        new TokenTransfer(hash(), 10, 0, daysAgo(300), dai, "DAI", 18, true, peer(60), W,
            new BigInteger("999999500000000000")),
        new TokenTransfer(hash(), 11, 0, daysAgo(299), dai, "DAI", 18, true, W, peer(60),
            new BigInteger("500000000000")));
    Instant cutoff = NOW.minus(Duration.ofDays(ScoreModel.SEASONED_DAYS));
    TokenStanding.Result exact = TokenStanding.of(W, transfers, Set.of(), cutoff);
    TokenStanding.Result rows = TokenStanding.ofRows(TokenFlows.of(W, ARC, transfers), cutoff);
    assertThat(exact.counterparties()).containsExactly(peer(60));
    assertThat(exact.seasoned()).containsExactly(peer(60));
    assertThat(rows.counterparties()).isEqualTo(exact.counterparties());
    assertThat(rows.seasoned()).isEqualTo(exact.seasoned());
  }
}
