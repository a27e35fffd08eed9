package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.cli.VouchCommand;
import dev.vouch.config.ConfigLoader;
import dev.vouch.support.Anvil;
import dev.vouch.support.AnvilExplorer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code chains verify}, through the real command line, against real Anvil nodes and local explorers serving them. */
class ChainsCliTest {

  static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");

  static Anvil arc;
  /** Another node claiming the same chain id with a different history: a source that disagrees. */
  static Anvil impostor;
  static AnvilExplorer explorer;
  static AnvilExplorer wrongExplorer;
  static String wallet;

  @BeforeAll
  static void seed() {
    arc = Anvil.start(5042002, T0);
    impostor = Anvil.start(5042002, T0);
    explorer = AnvilExplorer.start(arc);
    wrongExplorer = AnvilExplorer.start(impostor);
    wallet = Anvil.randomAddress();
    String peer = Anvil.randomAddress();
    for (Anvil a : List.of(arc, impostor)) {
      a.fund(wallet);
      a.fund(peer);
    }
    arc.sendAt(T0.plus(Duration.ofDays(1)), wallet, peer, BigInteger.TEN);
    arc.sendAt(T0.plus(Duration.ofDays(2)), peer, wallet, BigInteger.ONE);
    impostor.sendAt(T0.plus(Duration.ofDays(1)), wallet, peer, BigInteger.TWO);
  }

  @AfterAll
  static void stop() {
    explorer.close();
    wrongExplorer.close();
    arc.close();
    impostor.close();
  }

  record Run(int status, String out) {}

  static Run verify(String chainsYaml, String... args) throws Exception {
    Path file = Files.createTempFile("vouch-chains", ".yaml");
    file.toFile().deleteOnExit();
    Files.writeString(file, chainsYaml);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] argv = new String[args.length + 1];
    argv[0] = "chains";
    System.arraycopy(args, 0, argv, 1, args.length);
    int status = VouchCommand.execute(() -> ConfigLoader.load(Map.of("CHAINS_FILE", file.toString())),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), argv);
    return new Run(status, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
  }

  static String chain(String name, long id, String rpcUrls, String sources) {
    return "  - name: " + name + "\n    chainId: " + id + "\n    symbol: ETH\n    explorer: https://x.invalid/{address}\n"
        + "    mode: history\n    historyCap: 1000\n    rpcUrls: [" + rpcUrls + "]\n    timeoutMs: 3000\n"
        + "    concurrency: 4\n    sources:\n" + sources;
  }

  static String source(String type, String url) {
    return "      - type: " + type + (url == null ? "" : "\n        url: " + url) + "\n";
  }

  @Test
  void everySourceAnswersAndTheyAgreeOnTheWalletsRecentHistory() throws Exception {
    Run r = verify("chains:\n" + chain("Arc Testnet", 5042002, arc.url,
        source("otterscan", null) + source("etherscan", explorer.etherscanUrl) + source("blockscout", explorer.blockscoutUrl)),
        "verify", "--wallet", wallet);
    long head = new BigInteger(arc.rpc("eth_blockNumber").asText().substring(2), 16).longValue();
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("Arc Testnet (chain id 5042002, mode history)")
        .contains("eth_chainId ok, head " + head)
        .contains("otterscan: ots_searchTransactionsBefore ok")
        .contains("etherscan http://127.0.0.1:").contains("head " + head + " (proxy eth_blockNumber")
        .contains("txlist+txlistinternal ok")
        .contains("blockscout http://127.0.0.1:").contains("head " + head + " (main-page/blocks")
        .contains("addresses/{address}/transactions ok")
        .contains("agreement: otterscan, etherscan, blockscout agree on " + wallet + " from block 0, 2 transactions")
        .doesNotContain("/v2/api");
  }

  @Test
  void aSourceServingOtherHistoryIsReportedAsDiffering() throws Exception {
    Run r = verify("chains:\n" + chain("Arc Testnet", 5042002, arc.url,
        source("otterscan", null) + source("blockscout", wrongExplorer.blockscoutUrl)), "verify", "--wallet", wallet);
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("agreement: DIFFER on " + wallet)
        .contains("blockscout (2 missing, 1 extra against otterscan)");
  }

  @Test
  void aChainWithoutAWorkingHistorySourceFailsTheCommand() throws Exception {
    wrongExplorer.failWith(503);
    try {
      Run r = verify("chains:\n" + chain("Base", 8453, "", source("etherscan", wrongExplorer.etherscanUrl)),
          "verify");
      assertThat(r.status()).isEqualTo(1);
      assertThat(r.out()).contains("Base (chain id 8453").contains("proxy eth_blockNumber FAILED")
          .contains("txlist+txlistinternal FAILED").contains("agreement: not checked");
    } finally {
      wrongExplorer.failWith(0);
    }
  }

  @Test
  void theJsonReportCarriesEveryCheckAndTheAgreement() throws Exception {
    Run r = verify("chains:\n" + chain("Arc Testnet", 5042002, arc.url,
        source("otterscan", null) + source("blockscout", wrongExplorer.blockscoutUrl)), "verify", "--wallet", wallet, "--json");
    assertThat(r.status()).isZero();
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertThat(report.get("ok").asBoolean()).isTrue();
    JsonNode arcReport = report.get("chains").get(0);
    assertThat(arcReport.get("name").asText()).isEqualTo("Arc Testnet");
    assertThat(arcReport.get("chainId").asLong()).isEqualTo(5042002);
    assertThat(arcReport.get("working").asBoolean()).isTrue();
    assertThat(arcReport.get("checks")).hasSize(3);
    assertThat(arcReport.get("checks").get(0).get("name").asText()).startsWith("rpc 1 http://127.0.0.1:");
    assertThat(arcReport.get("checks").get(1).get("name").asText()).isEqualTo("otterscan");
    assertThat(arcReport.get("checks").get(2).get("ok").asBoolean()).isTrue();
    assertThat(arcReport.get("agreement").get("status").asText()).isEqualTo("differ");
  }

  @Test
  void aMalformedWalletIsAUsageError() throws Exception {
    Run r = verify("chains:\n" + chain("Arc Testnet", 5042002, arc.url, source("otterscan", null)),
        "verify", "--wallet", "0x12");
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.out()).contains("--wallet needs a 0x address");
  }
}
