package dev.vouch.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * wallet_reads_alter (V93): DDL on wallet_reads that cannot get its lock gives up after a short
 * lock_timeout and retries, so reads arriving meanwhile are answered instead of queueing behind
 * the waiting ALTER (which a plain ALTER would make them do until the lock holder finishes).
 */
class WalletReadsAlterTest {

  DatabaseUrl url;
  ExecutorService threads;

  @BeforeEach
  void start() {
    url = TestDatabase.fresh();
    threads = Executors.newFixedThreadPool(2);
  }

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  @Test
  void aReadIsAnsweredWhileTheAlterWaitsAndTheAlterLandsOnceTheHolderIsGone() throws Exception {
    try (Connection holder = connection()) {
      holder.setAutoCommit(false);
      // A long transaction that read the table: its ACCESS SHARE lock blocks any ALTER.
      try (Statement st = holder.createStatement()) {
        st.executeQuery("SELECT count(*) FROM wallet_reads").close();
      }
      CompletableFuture<Integer> altered = CompletableFuture.supplyAsync(() -> {
        try (Connection c = connection(); Statement st = c.createStatement();
            ResultSet rs = st.executeQuery(
                "SELECT wallet_reads_alter('ALTER TABLE wallet_reads ADD COLUMN alter_test integer', 100, 10000)")) {
          rs.next();
          return rs.getInt(1);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }, threads);
      // The ALTER gave up at least once: it sleeps between attempts.
      Sql.await("the alter backing off", 60_000, () -> Sql.count(url,
          "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep' "
              + "AND query LIKE '%wallet_reads_alter%'") > 0);
      // A new read is answered while the holder still holds its lock (behind a plain waiting
      // ALTER it would queue until the holder ends).
      CompletableFuture<Long> read = CompletableFuture.supplyAsync(
          () -> Sql.count(url, "SELECT count(*) FROM wallet_reads"), threads);
      assertThat(read.get(60, TimeUnit.SECONDS)).isZero();
      assertThat(altered).isNotDone();
      holder.commit();
      assertThat(altered.get(60, TimeUnit.SECONDS)).as("attempts").isGreaterThan(1);
    }
    assertThat(Sql.count(url, "SELECT count(*) FROM information_schema.columns "
        + "WHERE table_name = 'wallet_reads' AND column_name = 'alter_test'")).isEqualTo(1);
  }

  private Connection connection() throws Exception {
    return DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
  }
}
