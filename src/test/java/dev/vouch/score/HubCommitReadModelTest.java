package dev.vouch.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.identity.IdentityWrites;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A hub's snapshot commit (issue 26 item 2, V93): its trust peers' rows are locked and refreshed
 * only when a fact their edge entries carry (the hub's first activity, funder, seasoned count)
 * changed; otherwise the commit touches the hub's own row alone. Either way every row stays what
 * the derivation says. The xmax of a row names the last transaction that locked or rewrote it.
 */
class HubCommitReadModelTest {

  static final Instant NOW = Instant.parse("2026-11-20T00:00:00Z");
  static final String HUB = "0x" + "ab".repeat(20);
  static final List<String> PEERS = List.of("0x" + "01".repeat(20), "0x" + "02".repeat(20), "0x" + "03".repeat(20));

  Vertx vertx;
  Pool pool;
  DatabaseUrl url;

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
    url = TestDatabase.fresh();
    pool = Pools.create(vertx, url, 4);
    Snapshots.commit(pool, ReadModelProperties.Run.snapshot(HUB, 1, NOW, null));
    int n = 0;
    for (String peer : PEERS) {
      Snapshots.commit(pool, ReadModelProperties.Run.snapshot(peer, 0, NOW, null));
      long edge = IdentityWrites.attest(pool, peer, HUB, String.format("0x%064x", ++n), BigInteger.TEN, NOW).orElseThrow();
      assertThat(IdentityWrites.decide(pool, edge, "accept", NOW)).isTrue();
    }
  }

  @AfterEach
  void stop() throws Exception {
    pool.close();
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void aCommitThatKeepsThePeerFactsLeavesThePeersRowsUntouched() throws Exception {
    Map<String, String> before = peerXmax();
    long id = Snapshots.commit(pool, ReadModelProperties.Run.snapshot(HUB, 1, NOW, null));
    assertThat(Sql.one(url, "SELECT snapshot_id FROM wallet_reads WHERE address = ?", HUB).get("snapshot_id"))
        .as("the hub's own row moved").isEqualTo(id);
    assertThat(peerXmax()).as("no peer row locked or rewritten").isEqualTo(before);
    assertNoDrift();
  }

  @Test
  void aCommitThatChangesThePeerFactsRefreshesEveryPeer() throws Exception {
    Map<String, String> before = peerXmax();
    long id = Snapshots.commit(pool, ReadModelProperties.Run.snapshot(HUB, 2, NOW, null));
    long first = (Long) Sql.one(url, "SELECT (extract(epoch FROM first_activity_at) * 1000)::bigint AS ms "
        + "FROM snapshots WHERE id = ?", id).get("ms");
    for (String peer : PEERS) {
      assertThat(Sql.one(url, "SELECT (edges -> 0 ->> 'peerFirst')::bigint AS f FROM wallet_reads WHERE address = ?",
          peer).get("f")).as("%s carries the hub's new first activity", peer).isEqualTo(first);
    }
    assertThat(peerXmax()).allSatisfy((peer, xmax) -> assertThat(xmax).isNotEqualTo(before.get(peer)));
    assertNoDrift();
  }

  @Test
  void anUpdateOfTheLatestSnapshotRefreshesThePeersOnlyWhenTheirFactChanged() throws Exception {
    Map<String, String> before = peerXmax();
    Sql.exec(url, "UPDATE snapshots SET exposure = '{\"sanctions\":\"none\"}'::jsonb "
        + "WHERE id = (SELECT latest_snapshot_id FROM wallets WHERE address = ?)", HUB);
    assertThat(peerXmax()).as("an exposure change is the hub's alone").isEqualTo(before);
    Sql.exec(url, "UPDATE snapshots SET funder = ? WHERE id = (SELECT latest_snapshot_id FROM wallets WHERE address = ?)",
        "0x" + "fe".repeat(20), HUB);
    for (String peer : PEERS) {
      assertThat(Sql.one(url, "SELECT edges -> 0 ->> 'peerFunder' AS f FROM wallet_reads WHERE address = ?", peer)
          .get("f")).isEqualTo("0x" + "fe".repeat(20));
    }
    assertNoDrift();
  }

  private Map<String, String> peerXmax() {
    return Sql.rows(url, "SELECT address, xmax::text AS x FROM wallet_reads WHERE address = ANY (?)",
            (Object) PEERS.toArray(String[]::new)).stream()
        .collect(Collectors.toMap(r -> (String) r.get("address"), r -> (String) r.get("x")));
  }

  private void assertNoDrift() throws Exception {
    try (Connection c = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password())) {
      assertThat(ReadModelRebuild.differences(c)).isEmpty();
    }
  }
}
