package dev.vouch.indexing.model;

import dev.vouch.chain.model.TokenTransfer;
import dev.vouch.score.NewSnapshot;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A chain's registered-token transfers aggregated per counterparty and token (V70 token_flows).
 * The counterparty is the other side of the transfer; a transfer to oneself makes no row. Mints
 * and burns keep one row per token with {@link #ZERO} as the counterparty (issue 35): a bridge's
 * mint (CCTP) is part of the wallet's valued inflow, the denominator of its exposure shares and of
 * its intermediaries', but the zero address is no counterparty: the score's evidence, the
 * interaction graph and the exposure categories leave it out. USD values are set only for
 * registered USD stablecoins, at 1.00, rounded down to the micro-dollar.
 */
public final class TokenFlows {

  /** The zero address: the other side of a mint (from it) or a burn (to it). */
  public static final String ZERO = "0x0000000000000000000000000000000000000000";

  private TokenFlows() {}

  /** transfers newest first (as the readers give them). */
  public static List<NewSnapshot.TokenFlowRow> of(String wallet, long chainId, List<TokenTransfer> transfers) {
    Map<String, Flow> flows = new TreeMap<>();
    for (TokenTransfer t : transfers) {
      boolean out = wallet.equals(t.from());
      String other = out ? t.to() : t.from();
      if (other.equals(wallet)) {
        continue;
      }
      flows.computeIfAbsent(other + "/" + t.token(), k -> new Flow(other, t)).add(t, out);
    }
    List<NewSnapshot.TokenFlowRow> rows = new ArrayList<>(flows.size());
    for (Flow f : flows.values()) {
      rows.add(new NewSnapshot.TokenFlowRow(f.counterparty, chainId, f.token.token(), f.token.symbol(),
          f.token.decimals(), f.in, f.out, f.valueIn, f.valueOut, usd(f.token, f.valueIn), usd(f.token, f.valueOut),
          f.first, f.last, f.hashes));
    }
    return rows;
  }

  static BigDecimal usd(TokenTransfer token, BigInteger value) {
    return token.usd() ? new BigDecimal(value).movePointLeft(token.decimals()).setScale(6, RoundingMode.DOWN) : null;
  }

  private static final class Flow {
    final String counterparty;
    final TokenTransfer token;
    int in;
    int out;
    BigInteger valueIn = BigInteger.ZERO;
    BigInteger valueOut = BigInteger.ZERO;
    Instant first;
    Instant last;
    final List<String> hashes = new ArrayList<>();

    Flow(String counterparty, TokenTransfer token) {
      this.counterparty = counterparty;
      this.token = token;
    }

    void add(TokenTransfer t, boolean outgoing) {
      if (outgoing) {
        out++;
        valueOut = valueOut.add(t.value());
      } else {
        in++;
        valueIn = valueIn.add(t.value());
      }
      first = first == null || t.timestamp().isBefore(first) ? t.timestamp() : first;
      last = last == null || t.timestamp().isAfter(last) ? t.timestamp() : last;
      if (hashes.size() < NewSnapshot.TokenFlowRow.MAX_HASHES && !hashes.contains(t.hash())) {
        hashes.add(t.hash());
      }
    }
  }
}
