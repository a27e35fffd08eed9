package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainTx;
import io.vertx.core.Future;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A wallet's history from a Blockscout explorer's REST API v2:
 * {@code /api/v2/addresses/{address}/transactions}, newest first, following the answer's
 * {@code next_page_params} cursor (sent back as query parameters) until it is null or more than
 * cap transactions are in. An address the explorer never saw answers 404: no history. Pending
 * transactions (no block yet) are skipped.
 */
final class BlockscoutReader extends ExplorerHistory {

  /** Default page of Blockscout; another size is asked for with items_count (v12 and later). */
  static final int DEFAULT_PAGE = 50;
  private static final Pattern CURSOR_KEY = Pattern.compile("[a-z_]{1,40}");

  BlockscoutReader(ExplorerClient client) {
    super(client);
  }

  @Override
  public Future<ChainOutcome.History> history(String wallet, int cap) {
    return new Paging(wallet, cap).next(Map.of());
  }

  /**
   * {@code /api/v2/addresses/{address}/token-transfers?type=ERC-20}, newest first, following the
   * cursor like the transaction list. A page over the response size limit ends the read there:
   * the pages before it are kept and the read is capped. Transfers count once by transaction
   * and log index, whatever page they come on.
   */
  @Override
  public Future<dev.vouch.chain.model.TokenOutcome> tokens(String wallet, int cap) {
    return tokenPage(wallet, cap, Map.of(), new LinkedHashMap<>(), new HashSet<>());
  }

  private Future<dev.vouch.chain.model.TokenOutcome> tokenPage(String wallet, int cap, Map<String, String> cursor,
      Map<String, TokenTransfers.Raw> raws, Set<Map<String, String>> seen) {
    Map<String, String> q = new LinkedHashMap<>(cursor);
    q.put("type", "ERC-20");
    if (client.source().pageSize() != DEFAULT_PAGE) {
      q.put("items_count", Integer.toString(client.source().pageSize()));
    }
    return client.get("/api/v2/addresses/" + wallet + "/token-transfers", q, r -> r).compose(r -> {
      if (r.status() == 404) {
        return Future.succeededFuture(TokenTransfers.outcome(client.chain(), wallet, List.copyOf(raws.values()), false, cap));
      }
      JsonNode items = r.body().get("items");
      if (items == null || !items.isArray()) {
        throw RpcShapes.malformed("blockscout answer without items");
      }
      for (JsonNode item : items) {
        TokenTransfers.Raw raw = tokenTransfer(item);
        raws.putIfAbsent(raw.hash() + "/" + raw.logIndex(), raw);
      }
      Map<String, String> next = cursor(r.body().get("next_page_params"));
      Map<String, dev.vouch.config.ChainConfig.Token> registry = client.chain().tokensByAddress();
      // Only registered transfers of value count towards the cap (issue 35); all of them bound the walk.
      if (next == null || raws.values().stream().filter(x -> TokenTransfers.counts(registry, x)).count() > cap
          || raws.size() > (long) TokenTransfers.READ_FACTOR * cap) {
        return Future.succeededFuture(TokenTransfers.outcome(client.chain(), wallet, List.copyOf(raws.values()),
            next != null, cap));
      }
      if (!seen.add(next)) {
        throw RpcShapes.malformed("blockscout next_page_params repeats");
      }
      return tokenPage(wallet, cap, next, raws, seen);
    }, t -> t instanceof RpcException e && e.kind() == RpcException.Kind.OVERSIZE
        ? Future.succeededFuture(TokenTransfers.outcome(client.chain(), wallet, List.copyOf(raws.values()), true, cap))
        : Future.failedFuture(t));
  }

  /** One token transfer; the token's address is token.address_hash (v8+) or token.address. */
  static TokenTransfers.Raw tokenTransfer(JsonNode t) {
    JsonNode block = t.get("block_number");
    JsonNode index = t.get("log_index");
    if (block == null || !block.canConvertToLong() || block.asLong() < 0 || index == null || !index.canConvertToLong()) {
      throw RpcShapes.malformed("token transfer without block_number or log_index");
    }
    Instant at;
    try {
      at = Instant.parse(RpcShapes.field(t, "timestamp").asText());
    } catch (DateTimeParseException e) {
      throw RpcShapes.malformed("timestamp is not ISO 8601");
    }
    JsonNode token = RpcShapes.field(t, "token");
    JsonNode address = token.hasNonNull("address_hash") ? token.get("address_hash") : token.get("address");
    String from = hashOf(t.get("from"), "from");
    String to = hashOf(t.get("to"), "to");
    if (from == null || to == null) {
      throw RpcShapes.malformed("token transfer without from or to");
    }
    return new TokenTransfers.Raw(RpcShapes.hash(t.get("transaction_hash"), "transaction_hash"), block.asLong(),
        index.asLong(), at, RpcShapes.address(address, "token.address"), from, to,
        EtherscanReader.wei(RpcShapes.field(t, "total").get("value")));
  }

  private final class Paging {
    final String wallet;
    final int cap;
    final ByHash<ChainTx> txs = new ByHash<>();
    final Set<Map<String, String>> cursors = new HashSet<>();

    Paging(String wallet, int cap) {
      this.wallet = wallet;
      this.cap = cap;
    }

    Future<ChainOutcome.History> next(Map<String, String> cursor) {
      Map<String, String> q = new LinkedHashMap<>(cursor);
      if (client.source().pageSize() != DEFAULT_PAGE) {
        q.put("items_count", Integer.toString(client.source().pageSize()));
      }
      return client.get("/api/v2/addresses/" + wallet + "/transactions", q, r -> r).compose(r -> {
        if (r.status() == 404) {
          return done(false);
        }
        JsonNode items = r.body().get("items");
        if (items == null || !items.isArray()) {
          throw RpcShapes.malformed("blockscout answer without items");
        }
        for (JsonNode item : items) {
          ChainTx tx = tx(item);
          if (tx != null) {
            txs.add(tx.hash(), tx);
          }
        }
        if (txs.size() > cap) {
          return done(true);
        }
        Map<String, String> nextCursor = cursor(r.body().get("next_page_params"));
        if (nextCursor == null) {
          return done(false);
        }
        if (!cursors.add(nextCursor)) {
          throw RpcShapes.malformed("blockscout next_page_params repeats");
        }
        return next(nextCursor);
      });
    }

    private Future<ChainOutcome.History> done(boolean capped) {
      List<ChainTx> all = txs.entries;
      all.sort(HistoryReader.NEWEST_FIRST);
      return Future.succeededFuture(new ChainOutcome.History(all.subList(0, Math.min(cap, all.size())), capped));
    }
  }

  /** next_page_params as query parameters: an object of short scalars, or null at the end. */
  static Map<String, String> cursor(JsonNode params) {
    if (params == null || params.isNull()) {
      return null;
    }
    if (!params.isObject() || params.size() > 10) {
      throw RpcShapes.malformed("blockscout next_page_params is not a small object");
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = params.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      JsonNode v = f.getValue();
      if (!CURSOR_KEY.matcher(f.getKey()).matches() || f.getKey().equals("apikey") || !(v.isValueNode())) {
        throw RpcShapes.malformed("blockscout next_page_params holds an unexpected field");
      }
      String text = v.isNull() ? "" : v.asText();
      if (text.length() > 100) {
        throw RpcShapes.malformed("blockscout next_page_params value too long");
      }
      out.put(f.getKey(), text);
    }
    return out;
  }

  /** One item of the list, validated; null for a pending transaction. */
  static ChainTx tx(JsonNode t) {
    JsonNode blockNode = t.hasNonNull("block_number") ? t.get("block_number") : t.get("block");
    if (blockNode == null || blockNode.isNull()) {
      return null;
    }
    if (!blockNode.canConvertToLong() || blockNode.asLong() < 0) {
      throw RpcShapes.malformed("block_number is not a number");
    }
    String hash = RpcShapes.hash(t.get("hash"), "hash");
    JsonNode position = t.get("position");
    if (position == null || !position.canConvertToLong() || position.asLong() < 0) {
      throw RpcShapes.malformed("position is not a number");
    }
    Instant at;
    try {
      at = Instant.parse(RpcShapes.field(t, "timestamp").asText());
    } catch (DateTimeParseException e) {
      throw RpcShapes.malformed("timestamp is not ISO 8601");
    }
    String status = t.path("status").asText("");
    if (!"ok".equals(status) && !"error".equals(status)) {
      throw RpcShapes.malformed("status is not ok or error");
    }
    String created = hashOf(t.get("created_contract"), "created_contract");
    String to = created != null ? null : hashOf(t.get("to"), "to");
    String from = hashOf(t.get("from"), "from");
    if (from == null) {
      throw RpcShapes.malformed("missing from");
    }
    return new ChainTx(hash, blockNode.asLong(), position.asLong(), at, from, to, created,
        EtherscanReader.wei(t.get("value")), "ok".equals(status));
  }

  private static String hashOf(JsonNode party, String name) {
    if (party == null || party.isNull()) {
      return null;
    }
    return RpcShapes.address(party.get("hash"), name + ".hash");
  }
}
