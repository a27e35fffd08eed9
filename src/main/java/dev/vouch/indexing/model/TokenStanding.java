package dev.vouch.indexing.model;

import dev.vouch.chain.model.TokenTransfer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a chain's registered-token transfers add to the evidence identity_score_v3 weighs
 * (docs/models.md "Stablecoin flows"). Only valued flow counts, and only from a dollar up:
 * <ul>
 *   <li>a counterparty counts once the USD value moved with it, both directions, reaches
 *       {@link #DUST_USD}: dust that anyone can push onto a wallet, or spray from one, makes none;
 *   <li>it is seasoned (history a farm cannot make today) when it had reached that value by the
 *       cutoff (the run's time minus ScoreModel.SEASONED_DAYS): value moved since, however large,
 *       cannot age an old dusting into a relationship;
 *   <li>a transaction counts when one of its transfers with a counterparty moves at least
 *       {@link #DUST_USD} and the wallet's native history did not count it already (the wallet's
 *       own call to the token contract is a native transaction).
 * </ul>
 * Volume itself earns nothing: wash-trading stablecoins among a farm's own wallets costs only gas
 * (the farm evaluation's wash shapes move any amount), so the dollar is a floor, never a scale.
 * Unvalued registered tokens (not USD stablecoins), mints and burns (the zero address) and
 * transfers to oneself count for nothing here.
 *
 * <p>One rounding rule on both paths (issue 35): a counterparty's value is summed per token in
 * base units, both directions together, and each token's sum is turned into USD once (rounded
 * down to the micro-dollar, as token_flows stores it); rounding each transfer first would let
 * many 18-decimal transfers lose up to a micro-dollar each. Pure.
 */
public final class TokenStanding {

  /** The least USD value that makes a flow evidence: below it a transfer is dust. */
  public static final BigDecimal DUST_USD = BigDecimal.ONE;

  /**
   * @param counterparties addresses with at least DUST_USD of flow
   * @param seasoned those of them that had reached it by the cutoff
   * @param transactions distinct transactions not already counted natively with a transfer of at least DUST_USD
   */
  public record Result(Set<String> counterparties, Set<String> seasoned, long transactions) {}

  private TokenStanding() {}

  /** nativeHashes: the transactions the wallet's native history counted on this chain. */
  public static Result of(String wallet, List<TokenTransfer> transfers, Set<String> nativeHashes, Instant cutoff) {
    // Oldest first, so "reached the floor by the cutoff" reads the running sum.
    List<TokenTransfer> ordered = new ArrayList<>(transfers);
    ordered.sort(Comparator.comparing(TokenTransfer::blockNumber).thenComparing(TokenTransfer::logIndex));
    // Per counterparty, per token: base units moved so far (both directions).
    Map<String, Map<String, BigInteger>> moved = new HashMap<>();
    Set<String> counterparties = new TreeSet<>();
    Set<String> seasoned = new TreeSet<>();
    Set<String> txs = new HashSet<>();
    for (TokenTransfer t : ordered) {
      boolean out = wallet.equals(t.from());
      String other = out ? t.to() : t.from();
      if (!t.usd() || other.equals(wallet) || other.equals(TokenFlows.ZERO)) {
        continue;
      }
      BigDecimal usd = TokenFlows.usd(t, t.value());
      Map<String, BigInteger> byToken = moved.computeIfAbsent(other, k -> new HashMap<>());
      byToken.merge(t.token() + "/" + t.decimals(), t.value(), BigInteger::add);
      if (usdOf(byToken).compareTo(DUST_USD) >= 0) {
        counterparties.add(other);
        if (!t.timestamp().isAfter(cutoff)) {
          seasoned.add(other);
        }
      }
      if (usd.compareTo(DUST_USD) >= 0 && !nativeHashes.contains(t.hash())) {
        txs.add(t.hash());
      }
    }
    return new Result(Set.copyOf(counterparties), Set.copyOf(seasoned), txs.size());
  }

  /**
   * The same rules over a chain's token flow rows as a snapshot stored them (a chain carried
   * forward after a transient failure keeps rows, not transfers). Counterparties are exact (the
   * rows hold the USD sums); seasoned is conservative: a counterparty whose whole flow is at least
   * the cutoff old (last transfer by then), since the rows cannot say when a flow that continues
   * reached the floor. Transactions are not counted: rows cannot tell dust or the wallet's own
   * (already native) calls apart.
   */
  public static Result ofRows(List<dev.vouch.score.NewSnapshot.TokenFlowRow> rows, Instant cutoff) {
    Map<String, Map<String, BigInteger>> byCounterparty = new HashMap<>();
    Map<String, Instant> last = new HashMap<>();
    for (dev.vouch.score.NewSnapshot.TokenFlowRow r : rows) {
      // The mint and burn row (TokenFlows.ZERO) is no counterparty.
      if ((r.usdIn() == null && r.usdOut() == null) || r.counterparty().equals(TokenFlows.ZERO)) {
        continue;
      }
      // The rows' exact base units, not their rounded USD columns: the same rule as of().
      byCounterparty.computeIfAbsent(r.counterparty(), k -> new HashMap<>())
          .merge(r.token() + "/" + r.decimals(), r.valueIn().add(r.valueOut()), BigInteger::add);
      if (r.lastAt() != null) {
        last.merge(r.counterparty(), r.lastAt(), (a, b) -> a.isAfter(b) ? a : b);
      }
    }
    Set<String> counterparties = new TreeSet<>();
    Set<String> seasoned = new TreeSet<>();
    byCounterparty.forEach((address, byToken) -> {
      if (usdOf(byToken).compareTo(DUST_USD) >= 0) {
        counterparties.add(address);
        Instant l = last.get(address);
        if (l != null && !l.isAfter(cutoff)) {
          seasoned.add(address);
        }
      }
    });
    return new Result(Set.copyOf(counterparties), Set.copyOf(seasoned), 0);
  }

  /** USD of base units per "token/decimals" (USD stablecoins only): each token's sum rounded once, then added. */
  private static BigDecimal usdOf(Map<String, BigInteger> byToken) {
    BigDecimal usd = BigDecimal.ZERO;
    for (Map.Entry<String, BigInteger> e : byToken.entrySet()) {
      int decimals = Integer.parseInt(e.getKey().substring(e.getKey().lastIndexOf('/') + 1));
      usd = usd.add(new BigDecimal(e.getValue()).movePointLeft(decimals).setScale(6, RoundingMode.DOWN));
    }
    return usd;
  }
}
