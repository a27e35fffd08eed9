package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vouch.chain.model.TxEvidence;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClient;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Point checks on a chain for the write side (attestations, contract-wallet signatures), through
 * the same JSON-RPC client, retries and chain id check as indexing. A fresh client per check: the
 * shared web client is safe across event loops, the client's failover memory is not needed.
 */
public final class ChainCheck {

  /** What the chain says about a transaction. */
  public sealed interface TxStatus {}

  public record NotFound() implements TxStatus {}

  public record Reverted() implements TxStatus {}

  /** Mined (or still pending, then confirmations is 0) with fewer confirmations than required. */
  public record NotFinal(long confirmations, int required) implements TxStatus {}

  public record Final(String from, String to, BigInteger value, long block, Instant time) implements TxStatus {}

  private static final String MAGIC_1271 = "0x1626ba7e";

  private final Vertx vertx;
  private final WebClient web;
  private final AppConfig.Indexing ix;

  public ChainCheck(Vertx vertx, WebClient web, AppConfig.Indexing ix) {
    this.vertx = vertx;
    this.web = web;
    this.ix = ix;
  }

  private RpcSession session(ChainConfig chain) {
    return new RpcClient(vertx, web, chain, ix.rpcRetries(), ix.rpcBackoffMs(), ix.maxResponseBytes(),
        ChainTraffic.of(vertx, ix)).session();
  }

  /** Exists, succeeded, final by the chain's confirmations; fails with RpcException when the chain cannot answer. */
  public Future<TxStatus> transaction(ChainConfig chain, String hash) {
    RpcSession rpc = session(chain);
    return rpc.batch(List.of(RpcCall.of("eth_getTransactionByHash", hash), RpcCall.of("eth_getTransactionReceipt", hash),
            RpcCall.of("eth_blockNumber")))
        .compose(r -> {
          JsonNode tx = r.get(0);
          JsonNode receipt = r.get(1);
          if (tx == null || tx.isNull()) {
            return Future.succeededFuture(new NotFound());
          }
          if (receipt == null || receipt.isNull()) {
            return Future.succeededFuture(new NotFinal(0, chain.confirmations()));
          }
          if (RpcShapes.smallQuantity(RpcShapes.field(receipt, "status"), "status") != 1) {
            return Future.succeededFuture(new Reverted());
          }
          long block = RpcShapes.smallQuantity(RpcShapes.field(receipt, "blockNumber"), "blockNumber");
          long head = RpcShapes.smallQuantity(r.get(2), "eth_blockNumber");
          long confirmations = Math.max(0, head - block + 1);
          if (confirmations < chain.confirmations()) {
            return Future.succeededFuture(new NotFinal(confirmations, chain.confirmations()));
          }
          String from = RpcShapes.address(tx.get("from"), "from");
          String to = RpcShapes.optionalAddress(tx.get("to"), "to");
          BigInteger value = RpcShapes.quantity(RpcShapes.field(tx, "value"), "value");
          return rpc.call("eth_getBlockByNumber", "0x" + Long.toHexString(block), false)
              .map(b -> (TxStatus) new Final(from, to, value, block,
                  Instant.ofEpochSecond(RpcShapes.smallQuantity(RpcShapes.field(b, "timestamp"), "timestamp"))));
        });
  }

  /**
   * A transaction for transfer screening: the transaction, its receipt (with every log) and the
   * head, in one batched round trip through the chain's session (retries, breaker, byte budget).
   * Fails with RpcException when the chain cannot answer or answers out of form.
   */
  public Future<TxEvidence> evidence(ChainConfig chain, String hash) {
    return session(chain).batch(List.of(RpcCall.of("eth_getTransactionByHash", hash),
            RpcCall.of("eth_getTransactionReceipt", hash), RpcCall.of("eth_blockNumber")))
        .map(r -> evidence(hash, r.get(0), r.get(1), RpcShapes.smallQuantity(r.get(2), "eth_blockNumber")));
  }

  /**
   * Several transactions of one chain in one batched read (the session splits it into the
   * chain's batch size, sent in parallel): each one's transaction and receipt, and the head once.
   * In the order of {@code hashes}; fails whole when the chain cannot answer.
   */
  public Future<List<TxEvidence>> evidence(ChainConfig chain, List<String> hashes) {
    List<RpcCall> calls = new ArrayList<>(hashes.size() * 2 + 1);
    calls.add(RpcCall.of("eth_blockNumber"));
    for (String h : hashes) {
      calls.add(RpcCall.of("eth_getTransactionByHash", h));
      calls.add(RpcCall.of("eth_getTransactionReceipt", h));
    }
    return session(chain).batch(calls).map(r -> {
      long head = RpcShapes.smallQuantity(r.get(0), "eth_blockNumber");
      List<TxEvidence> out = new ArrayList<>(hashes.size());
      for (int i = 0; i < hashes.size(); i++) {
        out.add(evidence(hashes.get(i), r.get(1 + 2 * i), r.get(2 + 2 * i), head));
      }
      return out;
    });
  }

  static TxEvidence evidence(String hash, JsonNode tx, JsonNode receipt, long head) {
    if (tx == null || tx.isNull()) {
      return TxEvidence.notFound(head);
    }
    if (!hash.equalsIgnoreCase(RpcShapes.hash(tx.get("hash"), "hash"))) {
      throw RpcShapes.malformed("the transaction answered is not the one asked for");
    }
    String from = RpcShapes.address(tx.get("from"), "from");
    String to = RpcShapes.optionalAddress(tx.get("to"), "to");
    BigInteger value = RpcShapes.quantity(RpcShapes.field(tx, "value"), "value");
    if (receipt == null || receipt.isNull()) {
      return new TxEvidence(true, from, to, value, null, null, head, List.of());
    }
    long block = RpcShapes.smallQuantity(RpcShapes.field(receipt, "blockNumber"), "blockNumber");
    boolean succeeded = RpcShapes.smallQuantity(RpcShapes.field(receipt, "status"), "status") == 1;
    List<TxEvidence.Log> logs = new ArrayList<>();
    JsonNode raw = RpcShapes.field(receipt, "logs");
    if (!raw.isArray()) {
      throw RpcShapes.malformed("receipt logs is not an array");
    }
    for (JsonNode l : raw) {
      JsonNode topics = RpcShapes.field(l, "topics");
      if (!topics.isArray()) {
        throw RpcShapes.malformed("log topics is not an array");
      }
      List<String> t = new ArrayList<>(topics.size());
      topics.forEach(x -> t.add(RpcShapes.hash(x, "log.topic")));
      JsonNode data = RpcShapes.field(l, "data");
      RpcShapes.dataLength(data, "log.data");
      logs.add(new TxEvidence.Log(RpcShapes.smallQuantity(l.get("logIndex"), "log.logIndex"),
          RpcShapes.address(l.get("address"), "log.address"), t, data.textValue().toLowerCase(java.util.Locale.ROOT)));
    }
    return new TxEvidence(true, from, to, value, block, succeeded, head, logs);
  }

  /**
   * EIP-1271: whether the contract at {@code wallet} accepts {@code signature} for {@code hash}.
   * False for an address without code or a call that reverts; RpcException when the chain cannot answer.
   */
  public Future<Boolean> contractAccepts(ChainConfig home, String wallet, byte[] hash, String signature) {
    RpcSession rpc = session(home);
    return rpc.call("eth_getCode", wallet, "latest").compose(code -> {
      if (!code.isTextual() || code.textValue().length() <= 2) {
        return Future.succeededFuture(false);
      }
      Map<String, String> call = Map.of("to", wallet, "data", isValidSignatureCall(hash, signature));
      return rpc.call("eth_call", call, "latest")
          .map(r -> r.isTextual() && r.textValue().toLowerCase(java.util.Locale.ROOT).startsWith(MAGIC_1271))
          .recover(t -> t instanceof RpcException e && e.retryable() ? Future.failedFuture(t)
              : Future.succeededFuture(false));
    });
  }

  /** ABI call data of isValidSignature(bytes32,bytes). */
  static String isValidSignatureCall(byte[] hash, String signature) {
    String sig = signature.substring(2);
    int length = sig.length() / 2;
    StringBuilder data = new StringBuilder(MAGIC_1271);
    data.append(HexFormat.of().formatHex(hash));
    data.append(word(BigInteger.valueOf(64)));
    data.append(word(BigInteger.valueOf(length)));
    data.append(sig.toLowerCase(java.util.Locale.ROOT));
    int pad = (64 - sig.length() % 64) % 64;
    data.append("0".repeat(pad));
    return data.toString();
  }

  private static String word(BigInteger v) {
    String h = v.toString(16);
    return "0".repeat(64 - h.length()) + h;
  }
}
