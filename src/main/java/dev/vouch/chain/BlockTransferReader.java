package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vouch.chain.model.BlockTransfer;
import dev.vouch.config.ChainConfig;
import io.vertx.core.Future;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The value transfers of a block range (watched deposit addresses, docs/transfers.md): registered
 * tokens' Transfer logs (eth_getLogs naming the registry's contracts and, when the caller names
 * the wallets, those as topic1 or topic2) and the top-level native value of the blocks'
 * transactions (eth_getBlockByNumber with full transactions), all in one batch. The native
 * candidates still need {@link #succeeded} (their receipts, one more batch): a reverted
 * transaction moved nothing; a log exists only for a successful one. Value moved by
 * contract-internal calls is not seen (no trace API is assumed). Everything goes through the
 * chain's session: its chain id check, retries, breakers and byte budget.
 */
public final class BlockTransferReader {

  private BlockTransferReader() {}

  /** What a range holds: native candidates (receipts not yet checked) and token transfers (final). */
  public record Range(List<BlockTransfer> natives, List<BlockTransfer> tokens) {}

  /**
   * Blocks [from, to] (the caller asks only confirmed ones). {@code wallets} non-null keeps only
   * transfers from or to them and names them in the log filters; null keeps every transfer of
   * value (the caller matches them against a watch too large for a filter).
   */
  public static Future<Range> read(RpcSession session, ChainConfig chain, long from, long to, Set<String> wallets) {
    List<RpcCall> calls = new ArrayList<>();
    for (long b = from; b <= to; b++) {
      calls.add(RpcCall.of("eth_getBlockByNumber", hex(b), true));
    }
    int blocks = calls.size();
    Map<String, ChainConfig.Token> registry = chain.tokensByAddress();
    if (!registry.isEmpty()) {
      List<String> contracts = registry.keySet().stream().sorted().toList();
      if (wallets != null) {
        List<String> words = wallets.stream().sorted().map(w -> "0x" + "0".repeat(24) + w.substring(2)).toList();
        calls.add(RpcCall.of("eth_getLogs", filter(from, to, contracts, Arrays.asList(TransferLogReader.TRANSFER, words))));
        calls.add(RpcCall.of("eth_getLogs", filter(from, to, contracts,
            Arrays.asList(TransferLogReader.TRANSFER, null, words))));
      } else {
        calls.add(RpcCall.of("eth_getLogs", filter(from, to, contracts, List.of(TransferLogReader.TRANSFER))));
      }
    }
    return session.batch(calls).map(results -> {
      List<BlockTransfer> natives = new ArrayList<>();
      for (int i = 0; i < blocks; i++) {
        natives.addAll(natives(results.get(i), from + i, wallets));
      }
      Map<String, BlockTransfer> tokens = new LinkedHashMap<>();
      for (JsonNode r : results.subList(blocks, results.size())) {
        tokens(r, from, to, registry, wallets, tokens);
      }
      return new Range(List.copyOf(natives), List.copyOf(tokens.values()));
    });
  }

  private static boolean kept(Set<String> wallets, String from, String to) {
    return wallets == null || wallets.contains(from) || wallets.contains(to);
  }

  /** The chain's newest block. */
  public static Future<Long> head(RpcSession session) {
    return session.call("eth_blockNumber").map(h -> RpcShapes.smallQuantity(h, "eth_blockNumber"));
  }

  /** Whether a failure may pass with a narrower range (an answer over the byte budget, a refused range). */
  public static boolean tooWide(Throwable t) {
    return TransferLogReader.tooWide(t);
  }

  private static List<BlockTransfer> natives(JsonNode block, long number, Set<String> wallets) {
    if (block == null || !block.isObject()) {
      // Asked only up to the head minus the confirmations: a block the node lacks is a node out of step.
      throw RpcShapes.malformed("block " + number + " missing");
    }
    if (RpcShapes.smallQuantity(block.get("number"), "block.number") != number) {
      throw RpcShapes.malformed("block answered is not the one asked for");
    }
    JsonNode txs = RpcShapes.field(block, "transactions");
    if (!txs.isArray()) {
      throw RpcShapes.malformed("block transactions is not an array");
    }
    List<BlockTransfer> out = new ArrayList<>();
    for (JsonNode tx : txs) {
      if (!tx.isObject()) {
        throw RpcShapes.malformed("block transactions are not full objects");
      }
      String to = RpcShapes.optionalAddress(tx.get("to"), "tx.to");
      String from = RpcShapes.address(tx.get("from"), "tx.from");
      BigInteger value = RpcShapes.quantity(RpcShapes.field(tx, "value"), "tx.value");
      if (to == null || value.signum() <= 0 || !kept(wallets, from, to)) {
        continue;
      }
      out.add(new BlockTransfer(number, RpcShapes.hash(tx.get("hash"), "tx.hash"), null, null, from, to, value));
    }
    return out;
  }

  private static void tokens(JsonNode result, long lo, long hi, Map<String, ChainConfig.Token> registry,
      Set<String> wallets, Map<String, BlockTransfer> out) {
    if (!result.isArray()) {
      throw RpcShapes.malformed("eth_getLogs result is not an array");
    }
    for (JsonNode log : result) {
      if (log.path("removed").asBoolean(false)) {
        continue;
      }
      long block = RpcShapes.smallQuantity(log.get("blockNumber"), "log.blockNumber");
      if (block < lo || block > hi) {
        throw RpcShapes.malformed("log outside the requested range");
      }
      String token = RpcShapes.address(log.get("address"), "log.address");
      JsonNode topics = RpcShapes.field(log, "topics");
      // ERC-721 shares the signature with a fourth topic (the token id): not a fungible transfer.
      if (!registry.containsKey(token) || !topics.isArray() || topics.size() != 3
          || !TransferLogReader.TRANSFER.equals(topics.get(0).asText().toLowerCase(Locale.ROOT))) {
        continue;
      }
      JsonNode data = log.get("data");
      if (data == null || !data.isTextual() || !RpcShapes.hex(data.textValue(), 64, 64)) {
        throw RpcShapes.malformed("Transfer data of a registered token is not one uint256");
      }
      String from = topicAddress(topics.get(1));
      String to = topicAddress(topics.get(2));
      BigInteger amount = new BigInteger(data.textValue().substring(2), 16);
      if (amount.signum() == 0 || !kept(wallets, from, to)) {
        continue; // zero-value transfers are never counterparties (CONTRACT 10)
      }
      String hash = RpcShapes.hash(log.get("transactionHash"), "log.transactionHash");
      long index = RpcShapes.smallQuantity(log.get("logIndex"), "log.logIndex");
      // A self-transfer of a watched wallet answers both topic queries: one transfer.
      out.putIfAbsent(hash + "/" + index, new BlockTransfer(block, hash, index, token, from, to, amount));
    }
  }

  /** The native candidates whose transaction succeeded, from their receipts in one batch. */
  public static Future<List<BlockTransfer>> succeeded(RpcSession session, List<BlockTransfer> candidates) {
    if (candidates.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    List<RpcCall> calls = candidates.stream().map(c -> RpcCall.of("eth_getTransactionReceipt", c.txHash())).toList();
    return session.batch(calls).map(receipts -> {
      List<BlockTransfer> out = new ArrayList<>();
      for (int i = 0; i < candidates.size(); i++) {
        JsonNode r = receipts.get(i);
        BlockTransfer c = candidates.get(i);
        if (r == null || !r.isObject()
            || RpcShapes.smallQuantity(RpcShapes.field(r, "blockNumber"), "receipt.blockNumber") != c.block()) {
          throw RpcShapes.malformed("receipt of " + c.txHash() + " is not in block " + c.block());
        }
        if (RpcShapes.smallQuantity(RpcShapes.field(r, "status"), "receipt.status") == 1) {
          out.add(c);
        }
      }
      return out;
    });
  }

  private static String topicAddress(JsonNode topic) {
    String t = RpcShapes.hash(topic, "log.topic");
    if (!t.startsWith("0x000000000000000000000000")) {
      throw RpcShapes.malformed("Transfer topic is not an address");
    }
    return "0x" + t.substring(26);
  }

  private static Map<String, Object> filter(long from, long to, List<String> contracts, List<?> topics) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("fromBlock", hex(from));
    f.put("toBlock", hex(to));
    f.put("address", contracts);
    f.put("topics", topics);
    return f;
  }

  private static String hex(long n) {
    return "0x" + Long.toHexString(n);
  }
}
