package dev.vouch.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PipelineSmokeTest {

  @Test
  void queuedJobCommitsSnapshot() throws Exception {
    Instant genesis = Instant.parse("2024-01-01T00:00:00Z");
    try (Anvil arc = Anvil.start(5042002, genesis)) {
      String w = Anvil.randomAddress();
      String b = Anvil.randomAddress();
      arc.fund(w);
      arc.sendAt(genesis.plus(Duration.ofDays(1)), w, b, BigInteger.TEN);
      var file = ChainsFile.write(List.of(ChainsFile.Entry.history("Arc Testnet", 5042002, "USDC", arc.url)));
      try (TestApp app = TestApp.start(Map.of("CHAINS_FILE", file.toString(), "VOUCH_INDEXING_POLL_MS", "100"))) {
        long id = new JobStore(app.app.pool()).enqueue(w, "intake", "first_index", app.clock.instant())
            .toCompletionStage().toCompletableFuture().get().orElseThrow();
        Sql.await("job done", 20_000, () -> !"queued".equals(Sql.one(app.database, "SELECT state FROM index_jobs WHERE id = ?", id).get("state"))
            && !"running".equals(Sql.one(app.database, "SELECT state FROM index_jobs WHERE id = ?", id).get("state")));
        System.out.println(Sql.rows(app.database, "SELECT * FROM index_jobs"));
        System.out.println(Sql.rows(app.database, "SELECT * FROM snapshots"));
        System.out.println(Sql.rows(app.database, "SELECT * FROM snapshot_chains"));
        System.out.println(Sql.rows(app.database, "SELECT * FROM counterparties"));
        assertThat(Sql.count(app.database, "SELECT count(*) FROM snapshots WHERE wallet = ?", w)).isEqualTo(1);
      }
    }
  }
}
