package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainTx;
import io.vertx.core.Future;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A wallet's history from the Etherscan API V2 ({@code chainid}, {@code module=account}):
 * {@code txlist} gives the transactions the wallet sent or received at top level, and
 * {@code txlistinternal} the ones that touch it only inside a call, which Otterscan also lists
 * and which count towards the history cap the same way (they carry no top-level sender, so the
 * evidence rules skip them either way and they are not returned).
 *
 * <p>Each list is read newest first ({@code sort=desc}) in pages of pageSize. Etherscan serves
 * at most resultWindow results (page x offset) for one block range, so once the next page would
 * pass the window the walk restarts at page 1 with the range ending at the oldest block seen
 * (inclusive: a block cut by the page boundary is read again and deduplicated by hash).
 */
final class EtherscanReader extends ExplorerHistory {

  /** Above any chain's head; Etherscan clamps the range to its latest block. */
  static final String END = "9999999999";

  EtherscanReader(ExplorerClient client) {
    super(client);
  }

  @Override
  public Future<ChainOutcome.History> history(String wallet, int cap) {
    Future<List<Entry>> top = walk("txlist", wallet, cap);
    Future<List<Entry>> internal = walk("txlistinternal", wallet, cap);
    return Future.all(top, internal).map(v -> merge(top.result(), internal.result(), cap));
  }

  /**
   * {@code tokentx}: the wallet's ERC-20 transfers, newest first, page by page within the result
   * window (beyond it the read is capped: the newest window is what a first index needs). Only
   * registered transfers of value count towards the cap. A page
   * the explorer refuses for its window, or one over the response size limit, ends the read there:
   * the pages before it are kept and the read is capped. A transfer seen on two pages (the list
   * shifted, or a block's order changed between two calls) counts once.
   */
  @Override
  public Future<dev.vouch.chain.model.TokenOutcome> tokens(String wallet, int cap) {
    return tokenPage(wallet, cap, 1, new LinkedHashMap<>());
  }

  private Future<dev.vouch.chain.model.TokenOutcome> tokenPage(String wallet, int cap, int page,
      Map<String, TokenTransfers.Raw> raws) {
    int offset = client.source().pageSize();
    Map<String, String> q = new LinkedHashMap<>();
    q.put("chainid", Long.toString(client.chain().chainId()));
    q.put("module", "account");
    q.put("action", "tokentx");
    q.put("address", wallet);
    q.put("startblock", "0");
    q.put("endblock", END);
    q.put("page", Integer.toString(page));
    q.put("offset", Integer.toString(offset));
    q.put("sort", "desc");
    return client.get("", q, r -> items(r.body())).compose(items -> {
      Map<String, Integer> onPage = new HashMap<>();
      for (JsonNode item : items) {
        TokenTransfers.Raw raw = tokenTransfer(item, raws.size());
        raws.putIfAbsent(identity(item, raw, onPage), raw);
      }
      boolean more = items.size() == offset;
      if (!more || full(raws.values(), cap) || (long) (page + 1) * offset > client.source().resultWindow()) {
        return Future.succeededFuture(TokenTransfers.outcome(client.chain(), wallet, new ArrayList<>(raws.values()),
            more, cap));
      }
      return tokenPage(wallet, cap, page + 1, raws);
    }, t -> {
      if (t instanceof RpcException e && (e.kind() == RpcException.Kind.OVERSIZE
          || page > 1 && String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("result window"))) {
        return Future.succeededFuture(TokenTransfers.outcome(client.chain(), wallet, new ArrayList<>(raws.values()),
            true, cap));
      }
      return Future.failedFuture(t);
    });
  }

  /**
   * Enough pages read: more than cap transfers that count (registered, of value: unregistered and
   * zero-value ones never push a real payment out of the window, issue 35), or READ_FACTOR x cap
   * transfers in all.
   */
  boolean full(java.util.Collection<TokenTransfers.Raw> raws, int cap) {
    Map<String, dev.vouch.config.ChainConfig.Token> registry = client.chain().tokensByAddress();
    return raws.stream().filter(r -> TokenTransfers.counts(registry, r)).count() > cap
        || raws.size() > (long) TokenTransfers.READ_FACTOR * cap;
  }

  /**
   * What makes two tokentx items the same transfer: the transaction and its log index; without a
   * log index, the transfer's content and its ordinal among equal ones on the same page (two equal
   * transfers in one transaction stay two; one seen again on the next page counts once).
   */
  static String identity(JsonNode item, TokenTransfers.Raw raw, Map<String, Integer> onPage) {
    if (raw.logIndex() >= 0 && item.hasNonNull("logIndex") && !item.get("logIndex").asText().isEmpty()) {
      return raw.hash() + "/" + raw.logIndex();
    }
    String content = raw.hash() + "|" + raw.token() + "|" + raw.from() + "|" + raw.to() + "|" + raw.value();
    return content + "#" + onPage.merge(content, 1, Integer::sum);
  }

  /** One tokentx item; without logIndex (older answers) the read order stands in for it. */
  private static TokenTransfers.Raw tokenTransfer(JsonNode t, int ordinal) {
    long logIndex = t.hasNonNull("logIndex") && !t.get("logIndex").asText().isEmpty()
        ? decimal(t.get("logIndex"), "logIndex") : -ordinal;
    return new TokenTransfers.Raw(RpcShapes.hash(t.get("hash"), "hash"), decimal(t.get("blockNumber"), "blockNumber"),
        logIndex, Instant.ofEpochSecond(decimal(t.get("timeStamp"), "timeStamp")),
        RpcShapes.address(t.get("contractAddress"), "contractAddress"), RpcShapes.address(t.get("from"), "from"),
        RpcShapes.address(t.get("to"), "to"), wei(t.get("value")));
  }

  /** The newest cap of the union of both lists; capped when the union holds more. */
  private static ChainOutcome.History merge(List<Entry> top, List<Entry> internal, int cap) {
    Map<String, Entry> union = new LinkedHashMap<>();
    top.forEach(e -> union.put(e.hash, e));
    internal.forEach(e -> union.putIfAbsent(e.hash, e));
    List<Entry> all = new ArrayList<>(union.values());
    // Internal-only entries have no transaction index: within a block they sort after the others.
    all.sort(Comparator.comparingLong((Entry e) -> e.block).thenComparingLong(e -> e.tx == null ? -1 : e.tx.txIndex()).reversed());
    List<ChainTx> kept = new ArrayList<>();
    for (int i = 0; i < Math.min(cap, all.size()); i++) {
      if (all.get(i).tx != null) {
        kept.add(all.get(i).tx);
      }
    }
    return new ChainOutcome.History(kept, all.size() > cap);
  }

  /** One list, newest first, until it ends or holds more than cap distinct transactions. */
  private Future<List<Entry>> walk(String action, String wallet, int cap) {
    return new Walk(action, wallet, cap).page(END, 1);
  }

  private final class Walk {
    final String action;
    final String wallet;
    final int cap;
    final ByHash<Entry> entries = new ByHash<>();
    /** The window in use: the configured one, lowered if the explorer says it is smaller. */
    int window = client.source().resultWindow();
    /** Oldest block seen in the current range. */
    long oldestInRange = Long.MAX_VALUE;

    Walk(String action, String wallet, int cap) {
      this.action = action;
      this.wallet = wallet;
      this.cap = cap;
    }

    Future<List<Entry>> page(String endBlock, int page) {
      int offset = client.source().pageSize();
      Map<String, String> q = new LinkedHashMap<>();
      q.put("chainid", Long.toString(client.chain().chainId()));
      q.put("module", "account");
      q.put("action", action);
      q.put("address", wallet);
      q.put("startblock", "0");
      q.put("endblock", endBlock);
      q.put("page", Integer.toString(page));
      q.put("offset", Integer.toString(offset));
      q.put("sort", "desc");
      if (page == 1) {
        oldestInRange = Long.MAX_VALUE;
      }
      return client.get("", q, r -> items(r.body())).compose(items -> {
        for (JsonNode item : items) {
          Entry e = "txlist".equals(action) ? top(item) : internal(item);
          oldestInRange = Math.min(oldestInRange, e.block);
          entries.add(e.hash, e);
        }
        if (items.size() < offset || entries.size() > cap) {
          return Future.succeededFuture(entries.entries);
        }
        if ((long) (page + 1) * offset <= window) {
          return page(endBlock, page + 1);
        }
        return narrow(endBlock);
      }, t -> {
        if (page > 1 && t instanceof RpcException e && e.getMessage().toLowerCase(Locale.ROOT).contains("result window")) {
          // The explorer's window is smaller than configured: keep what was read, walk on below it.
          window = (page - 1) * offset;
          return narrow(endBlock);
        }
        return Future.failedFuture(t);
      });
    }

    /** The next range ends at the oldest block seen (inclusive, as a page may have cut it). */
    private Future<List<Entry>> narrow(String endBlock) {
      String next = Long.toString(oldestInRange);
      if (next.equals(endBlock)) {
        return Future.failedFuture(new RpcException(RpcException.Kind.REJECTED, "etherscan " + action
            + ": block " + oldestInRange + " alone holds more than the result window of " + window));
      }
      return page(next, 1);
    }
  }

  /**
   * The result array of an answer. status 1 is data; status 0 with "No transactions found" (or
   * "No records found") is an empty list; a rate-limit text is BUSY (retried after a second);
   * a key or parameter problem is REJECTED; anything else is a server-side failure.
   */
  static List<JsonNode> items(JsonNode body) {
    String status = body.path("status").asText("");
    String message = body.path("message").asText("");
    JsonNode result = body.get("result");
    if ("1".equals(status) && result != null && result.isArray()) {
      List<JsonNode> out = new ArrayList<>(result.size());
      result.forEach(out::add);
      return out;
    }
    if (!"0".equals(status)) {
      throw RpcShapes.malformed("etherscan answer without status 0 or 1");
    }
    String text = (message + " " + (result != null && result.isTextual() ? result.textValue() : "")).toLowerCase(Locale.ROOT);
    if (text.startsWith("no transactions found") || text.startsWith("no records found")) {
      return List.of();
    }
    String detail = "etherscan: " + RpcShapes.clip(result != null && result.isTextual() ? result.textValue() : message);
    if (text.contains("rate limit")) {
      throw new RpcException(RpcException.Kind.BUSY, detail, 1000);
    }
    if (text.contains("api key") || text.contains("invalid") || text.contains("result window") || text.contains("not supported")) {
      throw new RpcException(RpcException.Kind.REJECTED, detail);
    }
    throw new RpcException(RpcException.Kind.SERVER, detail);
  }

  private record Entry(String hash, long block, ChainTx tx) {}

  private static Entry top(JsonNode t) {
    String hash = RpcShapes.hash(t.get("hash"), "hash");
    long block = decimal(t.get("blockNumber"), "blockNumber");
    String to = blankOr(t.get("to"), "to");
    String created = to == null ? blankOr(t.get("contractAddress"), "contractAddress") : null;
    String receipt = t.path("txreceipt_status").asText("");
    String isError = text(t.get("isError"), "isError");
    boolean success = switch (receipt) {
      case "1" -> true;
      case "0" -> false;
      // Before Byzantium there is no receipt status; isError says whether it failed.
      case "" -> "0".equals(isError);
      default -> throw RpcShapes.malformed("txreceipt_status is not 0, 1 or empty");
    };
    ChainTx tx = new ChainTx(hash, block, decimal(t.get("transactionIndex"), "transactionIndex"),
        Instant.ofEpochSecond(decimal(t.get("timeStamp"), "timeStamp")),
        RpcShapes.address(t.get("from"), "from"), to, created, wei(t.get("value")), success);
    return new Entry(hash, block, tx);
  }

  private static Entry internal(JsonNode t) {
    return new Entry(RpcShapes.hash(t.get("hash"), "hash"), decimal(t.get("blockNumber"), "blockNumber"), null);
  }

  private static String text(JsonNode v, String name) {
    if (v == null || !v.isTextual()) {
      throw RpcShapes.malformed(name + " is not a string");
    }
    return v.textValue();
  }

  /** A decimal string that fits a non-negative long. */
  static long decimal(JsonNode v, String name) {
    String s = text(v, name);
    if (s.isEmpty() || s.length() > 18 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw RpcShapes.malformed(name + " is not a decimal number");
    }
    return Long.parseLong(s);
  }

  /** Native value in wei, decimal, at most 256 bits. */
  static BigInteger wei(JsonNode v) {
    String s = text(v, "value");
    if (s.isEmpty() || s.length() > 78 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw RpcShapes.malformed("value is not a decimal number");
    }
    BigInteger w = new BigInteger(s);
    if (w.bitLength() > 256) {
      throw RpcShapes.malformed("value out of range");
    }
    return w;
  }

  private static String blankOr(JsonNode v, String name) {
    return v == null || v.isNull() || v.isTextual() && v.textValue().isEmpty() ? null : RpcShapes.address(v, name);
  }
}
