package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vouch.chain.model.TokenOutcome;
import dev.vouch.config.ChainConfig;
import io.vertx.core.Future;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A wallet's ERC-20 Transfer logs over JSON-RPC: eth_getLogs with topic filters, two queries per
 * block range (wallet as from, wallet as to), walked from the head back to block 0. A range the
 * provider refuses (too many results, range too wide, a body over the byte budget) is halved and
 * asked again; each answered range doubles the next, so the walk grows back after a dense stretch.
 * Calls go through the chain's RpcSession: the same retries, breaker and byte budget as native reads.
 * A single block still refused ends the walk: the newer blocks read so far are kept, capped.
 * The queries name the registry's contracts (issue 35): a contract outside it can emit any number
 * of Transfer events naming the wallet for the price of one transaction, and must not take the
 * places under the cap of the wallet's real payments. Zero-value transfers of registered tokens
 * (anyone can make one in the wallet's name) are read but never count towards the cap.
 */
public final class TransferLogReader {

  private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(TransferLogReader.class.getName());

  /** keccak256("Transfer(address,address,uint256)"). */
  public static final String TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

  private TransferLogReader() {}

  /**
   * The whole chain first, in the same batch as the head (one round trip: most wallets' logs fit
   * one answer); when that is refused, the head alone, then the walk from half the chain down.
   */
  public static Future<TokenOutcome> read(RpcSession session, ChainConfig chain, String wallet, int cap) {
    if (chain.tokens().isEmpty()) {
      return Future.succeededFuture(TokenOutcome.NONE);
    }
    Walk walk = new Walk(session, chain, wallet, cap);
    return walk.whole().recover(t -> {
      if (!tooWide(t)) {
        return Future.failedFuture(t);
      }
      walk.logs.clear();
      walk.evidence = 0;
      return session.call("eth_blockNumber").compose(head -> {
        long h = RpcShapes.smallQuantity(head, "eth_blockNumber");
        return walk.range(h, Math.max(1, (h + 1) / 2));
      });
    });
  }

  /**
   * A refusal that a smaller range may avoid: the body over the byte budget, or a provider's
   * refusal that names the range or the size of the answer. A rate limit is not one (issue 35):
   * -32005 is also what providers answer when a key is over its request rate, and a "limit
   * exceeded" without a range or a size says nothing about the range; those fail the read
   * transiently (retried, then carried) instead of committing a capped read.
   */
  static boolean tooWide(Throwable t) {
    if (!(t instanceof RpcException e)) {
      return false;
    }
    if (e.kind() == RpcException.Kind.OVERSIZE) {
      return true;
    }
    if (e.kind() != RpcException.Kind.SERVER && e.kind() != RpcException.Kind.REJECTED) {
      return false;
    }
    String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
    if (RpcException.rateLimited(m)) {
      return false;
    }
    return m.contains("range") || m.contains("too many results") || m.contains("more than")
        || m.contains("too large") || m.contains("too wide") || m.contains("response size")
        || m.contains("result set") || m.contains("timeout") || m.contains("timed out");
  }

  private static final class Walk {
    final RpcSession session;
    final ChainConfig chain;
    final Map<String, ChainConfig.Token> registry;
    final String wallet;
    final String topic;
    final int cap;
    final List<String> addresses;
    /** By (transaction hash, log index): a self-transfer answers both queries. */
    final Map<String, JsonNode> logs = new LinkedHashMap<>();
    /** Logs in {@link #logs} that count towards the cap: a registered token's Transfer of value. */
    int evidence;

    Walk(RpcSession session, ChainConfig chain, String wallet, int cap) {
      this.session = session;
      this.chain = chain;
      this.registry = chain.tokensByAddress();
      this.wallet = wallet;
      this.topic = "0x" + "0".repeat(24) + wallet.substring(2);
      this.cap = cap;
      this.addresses = registry.keySet().stream().sorted().toList();
    }

    /** Enough read: more than cap transfers of value, or the bound on all logs a zero-value flood would pass. */
    boolean full() {
      return evidence > cap || logs.size() > (long) TokenTransfers.READ_FACTOR * cap;
    }

    /** A registered token's fungible Transfer with a value other than 0 (a malformed one counts: outcome refuses it). */
    boolean counts(JsonNode log) {
      JsonNode topics = log.get("topics");
      JsonNode data = log.get("data");
      return registry.containsKey(log.path("address").asText("").toLowerCase(Locale.ROOT))
          && topics != null && topics.size() == 3 && !zero(data);
    }

    /** Blocks [0, latest] with the head in one batch; a log above the head answered is a newer block, kept. */
    Future<TokenOutcome> whole() {
      List<RpcCall> calls = List.of(
          RpcCall.of("eth_blockNumber"),
          RpcCall.of("eth_getLogs", filter("0x0", "latest", Arrays.asList(TRANSFER, topic))),
          RpcCall.of("eth_getLogs", filter("0x0", "latest", Arrays.asList(TRANSFER, null, topic))));
      // Everything the chain holds is in: the cap is only what outcome keeps (no older blocks unread).
      return session.batch(calls).compose(results -> {
        RpcShapes.smallQuantity(results.get(0), "eth_blockNumber");
        collect(results.subList(1, 3), 0, Long.MAX_VALUE);
        return finish(false);
      });
    }

    private void collect(List<JsonNode> results, long lo, long hi) {
      for (JsonNode r : results) {
        if (!r.isArray()) {
          throw RpcShapes.malformed("eth_getLogs result is not an array");
        }
        for (JsonNode log : r) {
          long block = RpcShapes.smallQuantity(log.get("blockNumber"), "log.blockNumber");
          if (block < lo || block > hi) {
            throw RpcShapes.malformed("log outside the requested range");
          }
          if (log.path("removed").asBoolean(false)) {
            continue;
          }
          if (logs.put(RpcShapes.hash(log.get("transactionHash"), "log.transactionHash") + "/"
              + RpcShapes.smallQuantity(log.get("logIndex"), "log.logIndex"), log) == null && counts(log)) {
            evidence++;
          }
        }
      }
    }

    /** Blocks [hi - span + 1, hi], then on down. */
    Future<TokenOutcome> range(long hi, long span) {
      if (hi < 0) {
        return finish(false);
      }
      long lo = Math.max(0, hi - span + 1);
      String from = "0x" + Long.toHexString(lo);
      String to = "0x" + Long.toHexString(hi);
      List<RpcCall> calls = List.of(
          RpcCall.of("eth_getLogs", filter(from, to, Arrays.asList(TRANSFER, topic))),
          RpcCall.of("eth_getLogs", filter(from, to, Arrays.asList(TRANSFER, null, topic))));
      return session.batch(calls).compose(results -> {
        collect(results, lo, hi);
        if (full()) {
          return finish(lo > 0);
        }
        return range(lo - 1, Math.min(span * 2, Long.MAX_VALUE / 4));
      }, t -> {
        if (span > 1 && tooWide(t)) {
          return range(hi, span / 2);
        }
        if (tooWide(t)) {
          // One block alone is over what the provider or the byte budget allows: every newer block
          // is read, so keep those and say the read is capped rather than lose the chain's evidence.
          LOG.warning(() -> "chain " + chain.name() + ": Transfer logs of block " + hi + " refused ("
              + RpcShapes.clip(t.getMessage()) + "); token read capped there");
          return finish(true);
        }
        return Future.failedFuture(t);
      });
    }

    private Map<String, Object> filter(String from, String to, List<String> topics) {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("fromBlock", from);
      f.put("toBlock", to);
      f.put("address", addresses);
      f.put("topics", topics);
      return f;
    }

    /**
     * The newest cap logs that count, with block times (from the logs, or one batch of block
     * headers), and every log that does not count (outcome counts them; they need no time).
     */
    private Future<TokenOutcome> finish(boolean capped) {
      List<JsonNode> all = new ArrayList<>(logs.values());
      all.sort(Comparator.comparingLong((JsonNode l) -> RpcShapes.smallQuantity(l.get("blockNumber"), "log.blockNumber"))
          .thenComparingLong(l -> RpcShapes.smallQuantity(l.get("logIndex"), "log.logIndex")).reversed());
      List<JsonNode> kept = new ArrayList<>();
      Set<Long> untimed = new TreeSet<>();
      int counted = 0;
      for (JsonNode l : all) {
        if (!counts(l)) {
          kept.add(l);
        } else if (counted++ < cap) {
          kept.add(l);
          if (!l.hasNonNull("blockTimestamp")) {
            untimed.add(RpcShapes.smallQuantity(l.get("blockNumber"), "log.blockNumber"));
          }
        }
      }
      boolean more = capped || counted > cap;
      Future<Map<Long, Long>> times = untimed.isEmpty() ? Future.succeededFuture(Map.of()) : blockTimes(untimed);
      return times.map(t -> outcome(kept, t, more));
    }

    /** The Transfer's data is one uint256 of value 0. */
    static boolean zero(JsonNode data) {
      if (data == null || !data.isTextual() || !RpcShapes.hex(data.textValue(), 64, 64)) {
        return false;
      }
      String d = data.textValue();
      for (int i = 2; i < d.length(); i++) {
        if (d.charAt(i) != '0') {
          return false;
        }
      }
      return true;
    }

    private Future<Map<Long, Long>> blockTimes(Set<Long> blocks) {
      List<Long> order = new ArrayList<>(blocks);
      List<RpcCall> calls = order.stream().map(b -> RpcCall.of("eth_getBlockByNumber", "0x" + Long.toHexString(b), false)).toList();
      return session.batch(calls).map(results -> {
        Map<Long, Long> out = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
          JsonNode b = results.get(i);
          if (b == null || !b.isObject() || RpcShapes.smallQuantity(b.get("number"), "block.number") != order.get(i)) {
            throw RpcShapes.malformed("block header does not match its number");
          }
          out.put(order.get(i), RpcShapes.smallQuantity(b.get("timestamp"), "block.timestamp"));
        }
        return out;
      });
    }

    private TokenOutcome outcome(List<JsonNode> kept, Map<Long, Long> times, boolean capped) {
      List<TokenTransfers.Raw> raws = new ArrayList<>();
      for (JsonNode l : kept) {
        JsonNode topics = l.get("topics");
        // ERC-721 shares the event signature with a fourth (token id) topic: not a fungible transfer.
        if (topics == null || !topics.isArray() || topics.size() != 3
            || !TRANSFER.equals(topics.get(0).asText().toLowerCase(Locale.ROOT))) {
          continue;
        }
        String token = RpcShapes.address(l.get("address"), "log.address");
        String hash = RpcShapes.hash(l.get("transactionHash"), "log.transactionHash");
        long index = RpcShapes.smallQuantity(l.get("logIndex"), "log.logIndex");
        long block = RpcShapes.smallQuantity(l.get("blockNumber"), "log.blockNumber");
        if (!registry.containsKey(token)) {
          // Only counted, before any further check: a spoofing contract's odd log must not fail the read.
          raws.add(new TokenTransfers.Raw(hash, block, index, null, token, null, null, null));
          continue;
        }
        JsonNode data = l.get("data");
        if (data == null || !data.isTextual() || !RpcShapes.hex(data.textValue(), 64, 64)) {
          throw RpcShapes.malformed("Transfer data of a registered token is not one uint256");
        }
        if (zero(data)) {
          // Dropped and counted by TokenTransfers.outcome; it has no block time (none was fetched).
          raws.add(new TokenTransfers.Raw(hash, block, index, null, token, topicAddress(topics.get(1)),
              topicAddress(topics.get(2)), BigInteger.ZERO));
          continue;
        }
        long seconds = l.hasNonNull("blockTimestamp")
            ? RpcShapes.smallQuantity(l.get("blockTimestamp"), "log.blockTimestamp")
            : times.get(block);
        if (seconds > Instant.MAX.getEpochSecond()) {
          throw RpcShapes.malformed("timestamp out of range");
        }
        raws.add(new TokenTransfers.Raw(hash, block, index, Instant.ofEpochSecond(seconds), token,
            topicAddress(topics.get(1)), topicAddress(topics.get(2)), new BigInteger(data.textValue().substring(2), 16)));
      }
      return TokenTransfers.outcome(chain, wallet, raws, capped, cap);
    }

    private static String topicAddress(JsonNode topic) {
      String t = RpcShapes.hash(topic, "log.topic");
      if (!t.startsWith("0x000000000000000000000000")) {
        throw RpcShapes.malformed("Transfer topic is not an address");
      }
      return "0x" + t.substring(26);
    }
  }
}
