package dev.vouch.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.Erc20;
import dev.vouch.support.FaultyRpc;
import dev.vouch.support.FaultyRpc.Reply;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.TokenChains;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, defect b: a chain whose read fails transiently carries its token evidence forward with
 * its native evidence (token flows, token transactions, the unverified count and the token cap), as
 * the last snapshot knew them. Real Anvil chains and a real ERC-20; Ethereum is reached through a local server that
 * answers 503 while the outage lasts.
 */
@Tag("fault")
class TokenCarryTest {

  static final Instant G = Instant.parse("2026-11-22T12:00:00Z").minus(Duration.ofDays(200));
  static Anvil arc;
  static Anvil ethereum;
  static Erc20 usdc;
  static String wallet;

  @BeforeAll
  static void seed() {
    arc = Anvil.start(5042002, G);
    ethereum = Anvil.start(1, G);
    wallet = Anvil.randomAddress();
    String a = Anvil.randomAddress();
    String b = Anvil.randomAddress();
    ethereum.fund(wallet);
    ethereum.sendAt(G.plus(Duration.ofDays(1)), wallet, b, BigInteger.TEN);
    usdc = Erc20.deployAt(ethereum, G.plus(Duration.ofDays(2)), Anvil.randomAddress(), "USD Coin", "USDC", 6);
    Erc20 fake = Erc20.deployAt(ethereum, G.plus(Duration.ofDays(3)), Anvil.randomAddress(), "USD Coin", "USDC", 6);
    usdc.mintAt(G.plus(Duration.ofDays(4)), a, BigInteger.valueOf(1_000_000_000));
    usdc.transferAt(G.plus(Duration.ofDays(5)), a, wallet, BigInteger.valueOf(250_000_001));
    usdc.transferAt(G.plus(Duration.ofDays(6)), wallet, b, BigInteger.valueOf(17));
    fake.spoofAt(G.plus(Duration.ofDays(7)), a, wallet, BigInteger.valueOf(5));
  }

  @AfterAll
  static void stop() {
    arc.close();
    ethereum.close();
  }

  static final String FLOWS = "SELECT counterparty, chain_id, token, symbol, decimals, tx_in, tx_out, value_in::text AS vi,"
      + " value_out::text AS vo, usd_in::text AS ui, usd_out::text AS uo, first_at, last_at, tx_hashes::text AS hashes"
      + " FROM token_flows WHERE snapshot_id = (SELECT latest_snapshot_id FROM wallets WHERE address = ?)"
      + " ORDER BY counterparty, token";

  static final String ETH_ROW = "SELECT c.is_transient, c.tokens_capped, c.unverified_token_transfers"
      + " FROM wallets w JOIN snapshot_chains c ON c.snapshot_id = w.latest_snapshot_id"
      + " WHERE w.address = ? AND c.chain_id = 1";

  @Test
  void aBlipCarriesTheChainsTokenFlowsForwardWithItsNativeEvidence() {
    AtomicBoolean down = new AtomicBoolean(false);
    try (FaultyRpc eth = FaultyRpc.start((n, body) -> down.get() ? Reply.status(503, "") : Reply.forward(ethereum.url))) {
      Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
      env.putAll(Map.of(
          "CHAINS_FILE", TokenChains.register(ChainsFile.write(List.of(
              Entry.history("Arc Testnet", 5042002, "USDC", arc.url),
              Entry.history("Ethereum Mainnet", 1, "ETH", eth.url))), 1,
              List.of(new TokenChains.Token(usdc.address, "USDC", 6, true))).toString(),
          "VOUCH_INDEXING_POLL_MS", "100",
          "VOUCH_INDEXING_RPC_RETRIES", "1",
          "VOUCH_INDEXING_RPC_BACKOFF_MS", "5",
          "VOUCH_INDEXING_BREAKER_FAILURES", "1000"));
      try (TestApp app = TestApp.start(env)) {
        String key = TestKeys.create(app.app.config(), "developer").secret();
        assertThat(app.send(io.vertx.core.http.HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of()).statusCode())
            .isEqualTo(202);
        Sql.await("first snapshot", 30_000, () -> snapshots(app) == 1);
        List<Map<String, Object>> before = Sql.rows(app.database, FLOWS, wallet);
        // a (in 250.000001 USDC) and b (out 17 base units); the mint to a and the spoof make no row.
        // The spoof is not even read: eth_getLogs names the registry's contracts (issue 35).
        assertThat(before).hasSize(2);
        assertThat(Sql.one(app.database, ETH_ROW, wallet)).containsEntry("is_transient", false)
            .containsEntry("tokens_capped", false).containsEntry("unverified_token_transfers", 0L);

        app.clock.advance(Duration.ofMinutes(61));
        down.set(true);
        assertThat(app.send(io.vertx.core.http.HttpMethod.POST, "/api/v1/interaction-graph/" + wallet + "/refresh", null,
            Map.of("Authorization", "Bearer " + key)).statusCode()).isEqualTo(202);
        Sql.await("snapshot of the refresh", 30_000, () -> snapshots(app) == 2);

        assertThat(Sql.one(app.database, ETH_ROW, wallet)).containsEntry("is_transient", true)
            .containsEntry("tokens_capped", false).containsEntry("unverified_token_transfers", 0L);
        assertThat(Sql.rows(app.database, FLOWS, wallet)).isEqualTo(before);
        // The score's evidence keeps the carried token counterparty too (a: 250 USDC, token only; b and the token contract are native).
        assertThat(Sql.rows(app.database, "SELECT unique_counterparties FROM snapshots WHERE wallet = ? ORDER BY id",
            wallet)).extracting(r -> r.get("unique_counterparties")).containsExactly(3, 3);
        // And its token transaction (a's payment, not a native transaction of the wallet), so
        // the totals and the score do not fall on the blip (issue 35, 10a).
        List<Map<String, Object>> totals = Sql.rows(app.database,
            "SELECT total_tx_count, score FROM snapshots WHERE wallet = ? ORDER BY id", wallet);
        assertThat(totals.get(1)).isEqualTo(totals.get(0));
        assertThat(totals.get(0).get("total_tx_count")).isEqualTo(3L);
      }
    }
  }

  static long snapshots(TestApp app) {
    return Sql.count(app.database, "SELECT count(*) FROM snapshots WHERE wallet = ?", wallet);
  }
}
