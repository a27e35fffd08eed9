package dev.vouch.transfer.model;

import dev.vouch.chain.model.BlockTransfer;
import dev.vouch.config.ChainConfig;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Watched deposit addresses: which screenings the transfers of a scanned block range make. A
 * transfer into a watched wallet is its {@code received} screening, one out of it its {@code sent}
 * one; a transfer between two watched wallets (or a wallet's transfer to itself) makes both.
 * Amounts are above zero and tokens registered (the reader keeps only those); the values are the
 * ones {@link TransferMatch} gives the same transfer asked for by hash, so a watched screening and
 * a POSTed one of the same transfer are the same row. Pure; in chain order.
 */
public final class WatchMatch {

  /** One screening to make: the watched wallet, the side it is on, and what moved. */
  public record Screening(String address, Direction direction, long block, String txHash, Moved moved) {}

  private static final Comparator<Screening> CHAIN_ORDER = Comparator.comparingLong(Screening::block)
      .thenComparing(Screening::txHash)
      .thenComparingLong(s -> s.moved().logIndex() == null ? -1 : s.moved().logIndex())
      .thenComparing(Screening::address)
      .thenComparing(Screening::direction);

  private WatchMatch() {}

  public static List<Screening> screenings(List<BlockTransfer> transfers, Set<String> watched, ChainConfig chain) {
    Map<String, ChainConfig.Token> registry = chain.tokensByAddress();
    List<Screening> out = new ArrayList<>();
    for (BlockTransfer t : transfers) {
      if (t.amount().signum() <= 0) {
        continue;
      }
      ChainConfig.Token token = t.token() == null ? null : registry.get(t.token());
      if (t.token() != null && token == null) {
        continue;
      }
      if (watched.contains(t.to())) {
        out.add(new Screening(t.to(), Direction.received, t.block(), t.txHash(), moved(t, chain, token, t.from())));
      }
      if (watched.contains(t.from())) {
        out.add(new Screening(t.from(), Direction.sent, t.block(), t.txHash(), moved(t, chain, token, t.to())));
      }
    }
    out.sort(CHAIN_ORDER);
    return out;
  }

  private static Moved moved(BlockTransfer t, ChainConfig chain, ChainConfig.Token token, String counterparty) {
    return token == null
        ? new Moved(null, null, chain.symbol(), 18, true, false, counterparty, t.amount())
        : new Moved(t.logIndex(), t.token(), token.symbol(), token.decimals(), true, token.usd(), counterparty,
            t.amount());
  }
}
