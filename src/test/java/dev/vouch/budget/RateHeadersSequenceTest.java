package dev.vouch.budget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.TestApp;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestKeys;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 25 item 7: with one instance, leased reads and an unleased receipt (units and the
 * creation budget taken together in Redis) report an exact X-RateLimit-Remaining. Before, the
 * receipt's answer left out the unspent lease and the reads after it left out the receipt.
 */
class RateHeadersSequenceTest {

  @Test
  void aDeveloperKeysRemainingIsExactAcrossLeasedReadsAndAReceipt() {
    try (TestApp app = TestApp.startMeteredBehindProxy()) {
      TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
      Map<String, String> auth = Map.of("Authorization", key.bearer(), "X-Forwarded-For", "203.0.113.20",
          "Content-Type", "application/json");
      String wallet = Anvil.randomAddress();
      Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(),
          app.clock.instant().minus(Duration.ofHours(1)), Snapshots.healthyCoverage(app.clock.instant())));
      List<String> remaining = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        remaining.add(app.send(HttpMethod.GET, "/api/v1/decision/" + wallet, null, auth).getHeader("X-RateLimit-Remaining"));
      }
      var receipt = app.send(HttpMethod.POST, "/api/v1/decision-receipts",
          Buffer.buffer("{\"wallet\":\"" + wallet + "\"}"), auth);
      assertThat(receipt.statusCode()).isEqualTo(201);
      remaining.add(receipt.getHeader("X-RateLimit-Remaining"));
      for (int i = 0; i < 2; i++) {
        remaining.add(app.send(HttpMethod.GET, "/api/v1/decision/" + wallet, null, auth).getHeader("X-RateLimit-Remaining"));
      }
      // 120 a minute: reads cost 1, a receipt 2.
      assertThat(remaining).containsExactly("119", "118", "117", "115", "114", "113");
    }
  }
}
