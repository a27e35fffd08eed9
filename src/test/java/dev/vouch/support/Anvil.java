package dev.vouch.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A real Anvil node on a free loopback port, started from tools/devnet's npm install. Sends real
 * transactions: from any address (auto-impersonation), optionally backdated.
 */
public final class Anvil implements AutoCloseable {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  /** Plenty for any test transfer. */
  private static final BigInteger FUNDS = BigInteger.TEN.pow(30);

  public final long chainId;
  public final String url;
  private final Process process;
  private long lastTimestamp;

  private Anvil(long chainId, String url, Process process, long genesis) {
    this.chainId = chainId;
    this.url = url;
    this.process = process;
    this.lastTimestamp = genesis;
  }

  /** Starts a node whose genesis block is at the given time; later blocks follow the wall clock from there. */
  public static Anvil start(long chainId, Instant genesis) {
    Path binary = binary();
    IllegalStateException last = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      Process p = null;
      try {
        int port = TestApp.freePort();
        p = new ProcessBuilder(binary.toString(), "--host", "127.0.0.1", "--port", Integer.toString(port),
            "--chain-id", Long.toString(chainId), "--timestamp", Long.toString(genesis.getEpochSecond()),
            "--accounts", "2", "--silent")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
        Process started = p;
        Runtime.getRuntime().addShutdownHook(new Thread(started::destroyForcibly));
        Anvil anvil = new Anvil(chainId, "http://127.0.0.1:" + port, p, genesis.getEpochSecond());
        anvil.awaitUp();
        anvil.rpc("anvil_autoImpersonateAccount", true);
        return anvil;
      } catch (IOException | IllegalStateException e) {
        if (p != null) {
          p.destroyForcibly();
        }
        last = new IllegalStateException("cannot start anvil for chain " + chainId, e);
      }
    }
    throw last;
  }

  static Path binary() {
    Path modules = Path.of("tools/devnet/node_modules/@foundry-rs").toAbsolutePath();
    if (Files.isDirectory(modules)) {
      try (Stream<Path> dirs = Files.list(modules)) {
        for (Path dir : dirs.toList()) {
          Path bin = dir.resolve("bin/anvil");
          if (dir.getFileName().toString().startsWith("anvil-") && Files.isExecutable(bin)) {
            return bin;
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    throw new IllegalStateException("Anvil is not installed at " + modules
        + ": run `npm ci` in tools/devnet (Node.js 18+) before the chain tests.");
  }

  private void awaitUp() {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("anvil exited with " + process.exitValue());
      }
      try {
        if (rpc("eth_chainId").asText().equals("0x" + Long.toHexString(chainId))) {
          return;
        }
        throw new IllegalStateException("another node answers on " + url);
      } catch (UncheckedIOException notYet) {
        sleep(50);
      }
    }
    throw new IllegalStateException("anvil did not come up on " + url);
  }

  /** One JSON-RPC call; a JSON-RPC error is an exception. */
  public JsonNode rpc(String method, Object... params) {
    ObjectNode req = request(1, method, params);
    JsonNode answer = post(req.toString());
    if (answer.has("error")) {
      throw new IllegalStateException(method + ": " + answer.get("error"));
    }
    return answer.get("result");
  }

  private static ObjectNode request(int id, String method, Object... params) {
    ObjectNode req = MAPPER.createObjectNode();
    req.put("jsonrpc", "2.0").put("id", id).put("method", method);
    req.set("params", MAPPER.valueToTree(List.of(params)));
    return req;
  }

  private JsonNode post(String body) {
    try {
      HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url))
          .header("content-type", "application/json")
          .timeout(Duration.ofSeconds(60))
          .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
      return MAPPER.readTree(r.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public static String hex(BigInteger v) {
    return "0x" + v.toString(16);
  }

  /** Gives an address funds so it can send. */
  public void fund(String address) {
    rpc("anvil_setBalance", address, hex(FUNDS));
  }

  /** A mined transaction at the given block time (strictly after the previous one); its hash. */
  public String sendAt(Instant at, String from, String to, BigInteger value) {
    setNextTimestamp(at);
    return send(from, to, value, null);
  }

  /** Calls a contract at the given block time; its hash (the receipt may say reverted). */
  public String callAt(Instant at, String from, String contract) {
    setNextTimestamp(at);
    return send(from, contract, BigInteger.ZERO, "0x");
  }

  /**
   * A mined transaction; data may be null; its hash. Block times given with the *At methods must
   * keep increasing, so tests that need exact times use those only.
   */
  public String send(String from, String to, BigInteger value, String data) {
    ObjectNode tx = MAPPER.createObjectNode().put("from", from).put("value", hex(value));
    if (to != null) {
      tx.put("to", to);
    }
    if (data != null) {
      tx.put("data", data).put("gas", "0x100000");
    }
    String hash = rpc("eth_sendTransaction", tx).asText();
    awaitMined(hash);
    return hash;
  }

  /**
   * Automine answers before the block exists; the next block time may only be set once this
   * transaction is mined, or it would land in that later block.
   */
  private void awaitMined(String hash) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (rpc("eth_getTransactionReceipt", hash).isNull()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("transaction " + hash + " was not mined");
      }
      sleep(2);
    }
  }

  public void setNextTimestamp(Instant at) {
    long seconds = at.getEpochSecond();
    if (seconds <= lastTimestamp) {
      throw new IllegalArgumentException("block times must increase: " + at);
    }
    rpc("evm_setNextBlockTimestamp", seconds);
    lastTimestamp = seconds;
  }

  /** Mines an empty block at the given time (confirmations for earlier transactions). */
  public void mineAt(Instant at) {
    setNextTimestamp(at);
    rpc("evm_mine");
  }

  public JsonNode receipt(String hash) {
    return rpc("eth_getTransactionReceipt", hash);
  }

  /** Deploys, at the given block time, runtime code that always reverts; the contract's address. */
  public String deployReverterAt(Instant at, String from) {
    setNextTimestamp(at);
    // init code: PUSH5 <60006000fd> PUSH1 0 MSTORE PUSH1 5 PUSH1 27 RETURN; runtime reverts.
    String hash = send(from, null, BigInteger.ZERO, "0x6460006000fd6000526005601bf3");
    return receipt(hash).get("contractAddress").asText().toLowerCase(Locale.ROOT);
  }

  /**
   * Many transfers fast: automine off, explicit nonces in one batch per block, one block per
   * {@code perBlock} transfers, block times from {@code start} one second apart.
   */
  public void bulk(String from, List<String> recipients, BigInteger value, int perBlock, Instant start) {
    long nonce = new BigInteger(rpc("eth_getTransactionCount", from, "pending").asText().substring(2), 16).longValue();
    rpc("evm_setAutomine", false);
    try {
      Instant at = start;
      for (int i = 0; i < recipients.size(); i += perBlock) {
        ArrayNode batch = MAPPER.createArrayNode();
        int end = Math.min(recipients.size(), i + perBlock);
        for (int j = i; j < end; j++) {
          ObjectNode tx = MAPPER.createObjectNode().put("from", from).put("to", recipients.get(j))
              .put("value", hex(value)).put("nonce", "0x" + Long.toHexString(nonce++)).put("gas", "0x5208");
          batch.add(request(j + 1, "eth_sendTransaction", tx));
        }
        JsonNode answers = post(batch.toString());
        for (JsonNode a : answers) {
          if (a.has("error")) {
            throw new IllegalStateException("bulk send: " + a.get("error"));
          }
        }
        setNextTimestamp(at);
        rpc("evm_mine");
        at = at.plusSeconds(1);
      }
    } finally {
      rpc("evm_setAutomine", true);
    }
  }

  /** One planned value transfer. */
  public record Transfer(String from, String to, BigInteger value) {}

  /**
   * Many transfers from many senders in one block at the given time: automine off, one JSON-RPC
   * batch with explicit nonces kept in {@code nonces} (senders must send only through here); the
   * hashes in order.
   */
  public List<String> block(Instant at, List<Transfer> transfers, java.util.Map<String, Long> nonces) {
    rpc("evm_setAutomine", false);
    try {
      ArrayNode batch = MAPPER.createArrayNode();
      int id = 1;
      for (Transfer t : transfers) {
        long nonce = nonces.merge(t.from(), 1L, Long::sum) - 1;
        ObjectNode tx = MAPPER.createObjectNode().put("from", t.from()).put("to", t.to())
            .put("value", hex(t.value())).put("nonce", "0x" + Long.toHexString(nonce)).put("gas", "0x5208");
        batch.add(request(id++, "eth_sendTransaction", tx));
      }
      JsonNode answers = post(batch.toString());
      String[] hashes = new String[transfers.size()];
      for (JsonNode a : answers) {
        if (a.has("error")) {
          throw new IllegalStateException("block send: " + a.get("error"));
        }
        hashes[a.get("id").asInt() - 1] = a.get("result").asText();
      }
      setNextTimestamp(at);
      rpc("evm_mine");
      return List.of(hashes);
    } finally {
      rpc("evm_setAutomine", true);
    }
  }

  /** Fresh random address (no history on any chain). */
  public static String randomAddress() {
    byte[] b = new byte[20];
    new java.security.SecureRandom().nextBytes(b);
    StringBuilder s = new StringBuilder("0x");
    for (byte x : b) {
      s.append(String.format("%02x", x));
    }
    return s.toString();
  }

  public static List<String> randomAddresses(int n) {
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(randomAddress());
    }
    return out;
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
