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

/** identity_score_v3's reading of stablecoin flows over random native and token histories. */
class TokenStandingProperties {

  static final String W = RunEvidenceProperties.W;
  static final String USDC = "0x" + "9".repeat(40);
  /** The native pool plus addresses only tokens meet, and the zero address (mints). */
  static final List<String> POOL = List.of(W, "0x" + "b".repeat(40), "0x" + "c".repeat(40), "0x" + "f".repeat(40),
      "0x" + "1".repeat(40), TokenFlows.ZERO);

  @Provide
  static Arbitrary<List<ChainTx>> history() {
    return RunEvidenceProperties.history();
  }

  /** Registered transfers (valued or not) of 0.000001 to 5,000 dollars over 2,000 days; distinct hashes. */
  @Provide
  static Arbitrary<List<TokenTransfer>> tokens() {
    Arbitrary<TokenTransfer> t = Combinators.combine(Arbitraries.of(POOL), Arbitraries.of(POOL),
        Arbitraries.longs().between(1, 5_000_000_000L), Arbitraries.integers().between(0, 2000 * 24),
        Arbitraries.of(true, true, true, false))
        .as((from, to, units, hoursAgo, usd) -> new TokenTransfer("", 0, 0,
            RunEvidenceProperties.NOW.minus(Duration.ofHours(hoursAgo)), USDC, "USDC", 6, usd, from, to,
            BigInteger.valueOf(units)));
    return t.list().ofMaxSize(40).map(TokenStandingProperties::numbered);
  }

  /** Block numbers in time order (a chain's), hashes distinct; newest first as readers give them. */
  static List<TokenTransfer> numbered(List<TokenTransfer> in) {
    List<TokenTransfer> sorted = new ArrayList<>(in);
    sorted.sort((x, y) -> x.timestamp().compareTo(y.timestamp()));
    List<TokenTransfer> out = new ArrayList<>();
    for (int i = 0; i < sorted.size(); i++) {
      TokenTransfer t = sorted.get(i);
      out.add(new TokenTransfer(String.format("0x%064x", 10_000 + i), i + 1, 0, t.timestamp(), t.token(), t.symbol(),
          t.decimals(), t.usd(), t.from(), t.to(), t.value()));
    }
    Collections.reverse(out);
    return out;
  }

  static NewSnapshot snapshot(List<ChainTx> arc, List<TokenTransfer> tokens) {
    return RunEvidence.snapshot(new RunEvidence.Input(W, RunEvidenceProperties.NOW, 5042002, Set.of(),
        AttestationFacts.NONE, 1L, List.of(new ChainRead(5042002, "Arc Testnet", "history",
            new ChainOutcome.History(arc, false), null, List.of(),
            tokens == null ? null : new TokenOutcome(tokens, 0, false))))).orElseThrow();
  }

  @Property
  void tokenFlowsOnlyAddEvidenceAndNeverLowerTheScore(@ForAll("history") List<ChainTx> arc,
      @ForAll("tokens") List<TokenTransfer> tokens) {
    Evidence without = snapshot(arc, null).evidence();
    Evidence with = snapshot(arc, tokens).evidence();
    assertThat(with.uniqueCounterparties()).isGreaterThanOrEqualTo(without.uniqueCounterparties());
    assertThat(with.seasonedCounterparties()).isGreaterThanOrEqualTo(without.seasonedCounterparties());
    assertThat(with.totalTxCount()).isGreaterThanOrEqualTo(without.totalTxCount());
    assertThat(with.activeChains()).isGreaterThanOrEqualTo(without.activeChains());
    assertThat(with.seasonedCounterparties()).isLessThanOrEqualTo(with.uniqueCounterparties());
    assertThat(with.walletAgeDays()).isEqualTo(without.walletAgeDays());
    assertThat(ScoreModel.score(with).score()).isGreaterThanOrEqualTo(ScoreModel.score(without).score());
  }

  @Property
  void dustAndUnvaluedTransfersChangeNothing(@ForAll("history") List<ChainTx> arc,
      @ForAll("tokens") List<TokenTransfer> tokens) {
    // Each counterparty's valued flow kept under a dollar: at most 0.2 dollars a transfer, at most
    // four transfers per counterparty.
    List<TokenTransfer> dust = new ArrayList<>();
    java.util.Map<String, Integer> per = new java.util.HashMap<>();
    for (TokenTransfer t : tokens) {
      String other = W.equals(t.from()) ? t.to() : t.from();
      if (per.merge(other, 1, Integer::sum) <= 4) {
        dust.add(new TokenTransfer(t.hash(), t.blockNumber(), t.logIndex(), t.timestamp(), t.token(), t.symbol(),
            t.decimals(), t.usd(), t.from(), t.to(), t.value().mod(BigInteger.valueOf(200_000))));
      }
    }
    assertThat(snapshot(arc, dust).evidence()).isEqualTo(snapshot(arc, null).evidence());
  }

  @Property
  void theOrderOfTheTransfersChangesNothing(@ForAll("history") List<ChainTx> arc,
      @ForAll("tokens") List<TokenTransfer> tokens, @ForAll long seed) {
    List<TokenTransfer> shuffled = new ArrayList<>(tokens);
    Collections.shuffle(shuffled, new Random(seed));
    assertThat(snapshot(arc, shuffled).evidence()).isEqualTo(snapshot(arc, tokens).evidence());
  }
}
