package dev.vouch.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SnapshotStoreTest {

  static Vertx vertx;
  static Pool pool;
  static DatabaseUrl db;
  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");

  @BeforeAll
  static void start() {
    db = TestDatabase.fresh();
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, db, 4);
  }

  @AfterAll
  static void stop() {
    vertx.close();
  }

  private static long count(String sql) throws Exception {
    try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
        ResultSet rs = c.createStatement().executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void aSnapshotThatFailsHalfwayLeavesNothingBehind() throws Exception {
    String wallet = "0x" + "2".repeat(40);
    NewSnapshot good = Snapshots.of(wallet, Snapshots.strong(), NOW, Snapshots.healthyCoverage(NOW));
    // The second counterparty row breaks a constraint after the snapshot and coverage rows went in.
    List<NewSnapshot.CounterpartyRow> rows = new ArrayList<>(good.counterparties());
    rows.add(new NewSnapshot.CounterpartyRow("not-an-address", 1, true, 1, 0, NOW, NOW, BigInteger.ONE, BigInteger.ZERO));
    NewSnapshot broken = new NewSnapshot(wallet, NOW, good.score(), good.evidence(), good.firstActivityAt(),
        good.activeChains(), good.chains(), rows, null);

    assertThatThrownBy(() -> new SnapshotCommits(pool).commit(broken).toCompletionStage().toCompletableFuture()
        .get(10, TimeUnit.SECONDS)).hasRootCauseInstanceOf(io.vertx.pgclient.PgException.class);
    assertThat(count("SELECT count(*) FROM snapshots WHERE wallet = '" + wallet + "'")).isZero();
    assertThat(count("SELECT count(*) FROM snapshot_chains")).isEqualTo(count(
        "SELECT count(*) FROM snapshot_chains c JOIN snapshots s ON s.id = c.snapshot_id"));
    assertThat(count("SELECT count(*) FROM wallets WHERE address = '" + wallet + "'")).isZero();
    WalletState state = new WalletReads(pool).read(wallet).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    assertThat(state.snapshot()).isEmpty();
  }

  @Test
  void committedValuesRoundTripExactly() throws Exception {
    String wallet = "0x" + "3".repeat(40);
    NewSnapshot s = Snapshots.of(wallet, Snapshots.strong(), NOW, Snapshots.healthyCoverage(NOW));
    List<NewSnapshot.CounterpartyRow> rows = List.of(new NewSnapshot.CounterpartyRow("0x" + "8".repeat(40), 1, true,
        3, 4, NOW.minusSeconds(100), NOW, new BigInteger("123456789012345678901234567890"), BigInteger.valueOf(7)));
    long id = Snapshots.commit(pool, new NewSnapshot(wallet, NOW, s.score(), s.evidence(), s.firstActivityAt(),
        s.activeChains(), s.chains(), rows, null));
    assertThat(count("SELECT count(*) FROM counterparties WHERE snapshot_id = " + id
        + " AND value_in = 123456789012345678901234567890 AND value_out = 7 AND tx_in = 3 AND tx_out = 4")).isEqualTo(1);
    WalletState state = new WalletReads(pool).read(wallet).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    assertThat(state.snapshot()).isPresent();
    assertThat(state.snapshot().get().score()).isEqualTo(s.score().score());
    assertThat(state.snapshot().get().breakdown()).isEqualTo(s.score().breakdown());
    assertThat(state.snapshot().get().evidence()).isEqualTo(s.evidence());
    assertThat(state.snapshot().get().committedAt()).isEqualTo(NOW);
    assertThat(state.snapshot().get().coverage()).hasSize(3);
  }

  @Test
  void manyWalletsAreReadInOneRoundTripInInputOrder() throws Exception {
    String a = "0x" + "a1".repeat(20);
    String b = "0x" + "b2".repeat(20);
    Snapshots.commit(pool, Snapshots.of(b, Snapshots.strong(), NOW, Snapshots.healthyCoverage(NOW)));
    List<WalletState> states = new WalletReads(pool).resolve(List.of(Lookup.wallet(b), Lookup.wallet(a), Lookup.wallet(b)))
        .map(found -> found.stream().map(Resolved::state).toList()).toCompletionStage()
        .toCompletableFuture().get(10, TimeUnit.SECONDS);
    assertThat(states).extracting(WalletState::wallet).containsExactly(b, a, b);
    assertThat(states.get(0).snapshot()).isPresent();
    assertThat(states.get(1).snapshot()).isEmpty();
  }

  @Test
  void addressesAndUsernamesResolveTogetherInInputOrderAndUnknownNamesAreEmpty() throws Exception {
    String c = "0x" + "c3".repeat(20);
    String d = "0x" + "d4".repeat(20);
    Snapshots.commit(pool, Snapshots.of(c, Snapshots.strong(), NOW, Snapshots.healthyCoverage(NOW)));
    dev.vouch.support.Sql.exec(db, "INSERT INTO identities (username, wallet, display_name) VALUES ('cara.vouch', ?, 'Cara')", c);
    List<Resolved> found = new WalletReads(pool).resolve(List.of(Lookup.wallet(d), Lookup.username("CARA.Vouch"),
        Lookup.username("nobody.vouch"), Lookup.wallet(c))).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    assertThat(found).hasSize(4);
    assertThat(found.get(0).state().wallet()).isEqualTo(d);
    assertThat(found.get(0).state().snapshot()).isEmpty();
    assertThat(found.get(1).state().wallet()).isEqualTo(c);
    assertThat(found.get(1).state().username()).isEqualTo("cara.vouch");
    assertThat(found.get(1).state().snapshot()).isPresent();
    assertThat(found.get(2).unknownUsername()).isTrue();
    assertThat(found.get(3).state().username()).isEqualTo("cara.vouch");
    assertThat(found).allSatisfy(r -> assertThat(r.failure()).isNull());
  }
}
