package dev.vouch.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A real ERC-20 on Anvil: tools/devnet/contracts/TestToken.sol, deployed from the bytecode the
 * devnet's compile script checked in. spoof() emits a Transfer that moves nothing, as address
 * poisoning tokens do. Records every Transfer it caused: the chain truth tests compare against.
 */
public final class Erc20 {

  private static final JsonNode ARTIFACT = artifact();

  /** One Transfer event as the chain holds it. */
  public record Transfer(String hash, long block, long logIndex, Instant at, String token, String from, String to,
      BigInteger value) {}

  public final Anvil anvil;
  public final String address;
  public final String symbol;
  public final int decimals;
  private final String owner;
  private final List<Transfer> transfers = new ArrayList<>();

  private Erc20(Anvil anvil, String address, String symbol, int decimals, String owner) {
    this.anvil = anvil;
    this.address = address;
    this.symbol = symbol;
    this.decimals = decimals;
    this.owner = owner;
  }

  /** Deploys a token at the given block time; owner mints. */
  public static Erc20 deployAt(Anvil anvil, Instant at, String owner, String name, String symbol, int decimals) {
    anvil.fund(owner);
    String data = ARTIFACT.get("bytecode").asText() + word(BigInteger.valueOf(96)) + word(BigInteger.valueOf(160))
        + word(BigInteger.valueOf(decimals)) + string(name) + string(symbol);
    anvil.setNextTimestamp(at);
    String hash = anvil.send(owner, null, BigInteger.ZERO, data);
    JsonNode receipt = anvil.receipt(hash);
    if (!"0x1".equals(receipt.get("status").asText())) {
      throw new IllegalStateException("token deployment reverted");
    }
    return new Erc20(anvil, receipt.get("contractAddress").asText().toLowerCase(Locale.ROOT), symbol, decimals, owner);
  }

  public String mintAt(Instant at, String to, BigInteger value) {
    return call(at, owner, "mint(address,uint256)", addr(to) + word(value));
  }

  public String transferAt(Instant at, String from, String to, BigInteger value) {
    anvil.fund(from);
    return call(at, from, "transfer(address,uint256)", addr(to) + word(value));
  }

  /**
   * transferFrom(from, to, value) sent by spender: with value 0 it needs no allowance, so anyone
   * can make a registered token log Transfer(from, to, 0) in from's name (issue 35).
   */
  public String transferFromAt(Instant at, String spender, String from, String to, BigInteger value) {
    anvil.fund(spender);
    return call(at, spender, "transferFrom(address,address,uint256)", addr(from) + addr(to) + word(value));
  }

  /** A Transfer event naming from and to, sent by anyone, moving nothing. */
  public String spoofAt(Instant at, String from, String to, BigInteger value) {
    return call(at, owner, "spoof(address,address,uint256)", addr(from) + addr(to) + word(value));
  }

  /** Every Transfer this token emitted through this object, oldest first. */
  public List<Transfer> transfers() {
    return List.copyOf(transfers);
  }

  private String call(Instant at, String from, String signature, String args) {
    anvil.setNextTimestamp(at);
    String hash = anvil.send(from, address, BigInteger.ZERO,
        "0x" + ARTIFACT.get("methods").get(signature).asText() + args);
    JsonNode receipt = anvil.receipt(hash);
    if (!"0x1".equals(receipt.get("status").asText())) {
      throw new IllegalStateException(signature + " reverted");
    }
    long block = Long.decode(receipt.get("blockNumber").asText());
    for (JsonNode log : receipt.get("logs")) {
      JsonNode topics = log.get("topics");
      if (topics.size() == 3 && topics.get(0).asText().equals(TRANSFER)) {
        transfers.add(new Transfer(hash, block, Long.decode(log.get("logIndex").asText()), at, address,
            "0x" + topics.get(1).asText().substring(26), "0x" + topics.get(2).asText().substring(26),
            new BigInteger(log.get("data").asText().substring(2), 16)));
      }
    }
    return hash;
  }

  static final String TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

  private static String word(BigInteger v) {
    String h = v.toString(16);
    return "0".repeat(64 - h.length()) + h;
  }

  private static String addr(String a) {
    return "0".repeat(24) + a.substring(2).toLowerCase(Locale.ROOT);
  }

  private static String string(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    StringBuilder hex = new StringBuilder(word(BigInteger.valueOf(b.length)));
    StringBuilder data = new StringBuilder();
    for (byte x : b) {
      data.append(String.format("%02x", x));
    }
    while (data.length() % 64 != 0 || data.length() == 0) {
      data.append('0');
    }
    return hex.append(data).toString();
  }

  private static JsonNode artifact() {
    try {
      return new ObjectMapper().readTree(Path.of("tools/devnet/contracts/TestToken.json").toFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
