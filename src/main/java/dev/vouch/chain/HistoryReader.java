package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainTx;
import io.vertx.core.Future;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pages ots_searchTransactionsBefore from the newest transaction back, until the history ends or
 * the cap is reached. A page holds whole blocks (at least pageSize transactions unless it is the
 * last); the next page asks for blocks before the oldest block seen.
 */
public final class HistoryReader {

  static final Comparator<ChainTx> NEWEST_FIRST = Comparator
      .comparingLong(ChainTx::blockNumber).thenComparingLong(ChainTx::txIndex).reversed();

  private HistoryReader() {}

  public static Future<ChainOutcome.History> read(RpcSession session, String wallet, int pageSize, int cap) {
    return new Paging(session, wallet, pageSize, cap).next(0);
  }

  private static final class Paging {
    private final RpcSession session;
    private final String wallet;
    private final int pageSize;
    private final int cap;
    private final List<ChainTx> txs = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();

    Paging(RpcSession session, String wallet, int pageSize, int cap) {
      this.session = session;
      this.wallet = wallet;
      this.pageSize = pageSize;
      this.cap = cap;
    }

    Future<ChainOutcome.History> next(long beforeBlock) {
      return session.call("ots_searchTransactionsBefore", wallet, beforeBlock, pageSize)
          .map(result -> Page.parse(result, beforeBlock))
          .compose(page -> {
            int i = 0;
            for (; i < page.txs.size() && txs.size() < cap; i++) {
              ChainTx tx = page.txs.get(i);
              if (seen.add(tx.hash())) {
                txs.add(tx);
              }
            }
            boolean moreInPage = i < page.txs.size();
            if (txs.size() >= cap) {
              if (moreInPage) {
                return done(true);
              }
              // Exactly at the cap on a page boundary: a node may say "not last" with nothing left.
              return page.last || page.txs.isEmpty() ? done(false) : peekMore(page.oldestBlock()).map(more -> new ChainOutcome.History(txs, more));
            }
            // Anvil answers an empty page that is not flagged last below block 1 or on a chain
            // without blocks: either way nothing older exists.
            if (page.last || page.txs.isEmpty()) {
              return done(false);
            }
            return next(page.oldestBlock());
          });
    }

    private Future<Boolean> peekMore(long beforeBlock) {
      return session.call("ots_searchTransactionsBefore", wallet, beforeBlock, 1)
          .map(result -> !Page.parse(result, beforeBlock).txs.isEmpty());
    }

    private Future<ChainOutcome.History> done(boolean capped) {
      return Future.succeededFuture(new ChainOutcome.History(txs, capped));
    }
  }

  /** One validated page, newest first. */
  record Page(List<ChainTx> txs, boolean last) {

    long oldestBlock() {
      return txs.get(txs.size() - 1).blockNumber();
    }

    static Page parse(JsonNode result, long beforeBlock) {
      if (result == null || !result.isObject()) {
        throw RpcShapes.malformed("search result is not an object");
      }
      JsonNode txs = RpcShapes.field(result, "txs");
      JsonNode receipts = RpcShapes.field(result, "receipts");
      if (!txs.isArray() || !receipts.isArray() || txs.size() != receipts.size()) {
        throw RpcShapes.malformed("txs and receipts are not parallel arrays");
      }
      boolean last = RpcShapes.bool(result.get("lastPage"), "lastPage");
      Map<String, JsonNode> receiptByHash = new HashMap<>(receipts.size() * 2);
      for (JsonNode r : receipts) {
        receiptByHash.put(RpcShapes.hash(r.get("transactionHash"), "receipt.transactionHash"), r);
      }
      List<ChainTx> out = new ArrayList<>(txs.size());
      for (JsonNode t : txs) {
        ChainTx tx = tx(t, receiptByHash);
        if (beforeBlock > 0 && tx.blockNumber() >= beforeBlock) {
          throw RpcShapes.malformed("page holds a block at or after the requested one");
        }
        out.add(tx);
      }
      out.sort(NEWEST_FIRST);
      return new Page(out, last);
    }

    private static ChainTx tx(JsonNode t, Map<String, JsonNode> receipts) {
      String hash = RpcShapes.hash(t.get("hash"), "tx.hash");
      JsonNode r = receipts.get(hash);
      if (r == null) {
        throw RpcShapes.malformed("no receipt for a transaction");
      }
      long block = RpcShapes.smallQuantity(t.get("blockNumber"), "tx.blockNumber");
      if (RpcShapes.smallQuantity(r.get("blockNumber"), "receipt.blockNumber") != block) {
        throw RpcShapes.malformed("receipt block differs from its transaction");
      }
      // Erigon and Anvil put the block time on the receipt; Anvil also on the transaction.
      JsonNode time = r.hasNonNull("timestamp") ? r.get("timestamp") : t.get("blockTimestamp");
      long seconds = RpcShapes.smallQuantity(time, "timestamp");
      if (seconds > Instant.MAX.getEpochSecond()) {
        throw RpcShapes.malformed("timestamp out of range");
      }
      String to = RpcShapes.optionalAddress(t.get("to"), "tx.to");
      String created = to == null ? RpcShapes.optionalAddress(r.get("contractAddress"), "receipt.contractAddress") : null;
      String status = RpcShapes.field(r, "status").asText();
      if (!"0x1".equals(status) && !"0x0".equals(status)) {
        throw RpcShapes.malformed("receipt status is not 0x0 or 0x1");
      }
      return new ChainTx(hash, block,
          RpcShapes.smallQuantity(r.get("transactionIndex"), "receipt.transactionIndex"),
          Instant.ofEpochSecond(seconds),
          RpcShapes.address(t.get("from"), "tx.from"), to, created,
          RpcShapes.quantity(t.get("value"), "tx.value"), "0x1".equals(status));
    }
  }
}
