package dev.vouch.score;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.model.ChainCoverage;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The coverage a commit stores with its snapshot (V14) reads back exactly as the coverage built
 * from snapshot_chains, the fallback for snapshots committed before it: same chains, statuses,
 * flags, sources and fallbacks, in chain id order.
 */
class SnapshotCoverageTest {

  private static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void storedCoverageReadsAsTheCoverageBuiltFromChainRows() {
    String wallet = "0x" + "c0".repeat(20);
    Instant at = app.clock.instant();
    List<dev.vouch.score.NewSnapshot.ChainRow> rows = new java.util.ArrayList<>(Snapshots.healthyCoverage(at));
    // Out of chain id order, with a fallback list: the stored text must still come out ordered.
    rows.add(0, new NewSnapshot.ChainRow(8453, "Base", "error", true, false, null, null, "rpc", 0, 0, at,
        List.of("otterscan", "etherscan")));
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(), at, rows));
    WalletReads store = new WalletReads(app.app.pool());

    assertThat(Sql.one(app.database, "SELECT coverage FROM snapshots WHERE wallet = ?", wallet).get("coverage"))
        .as("the commit stored the text").isNotNull();
    List<ChainCoverage> stored = await(store.read(wallet)).snapshot().orElseThrow().coverage();

    Sql.exec(app.database, "UPDATE snapshots SET coverage = NULL WHERE wallet = ?", wallet);
    List<ChainCoverage> built = await(store.read(wallet)).snapshot().orElseThrow().coverage();

    assertThat(stored).isEqualTo(built);
    assertThat(stored).extracting(ChainCoverage::chain)
        .containsExactly("Ethereum Mainnet", "Polygon", "Base", "Arc Testnet");
    ChainCoverage base = stored.get(2);
    assertThat(base.transient_()).isTrue();
    assertThat(base.historyCapped()).isNull();
    assertThat(base.fallbackFrom()).containsExactly("otterscan", "etherscan");
  }

  @Test
  void aCoverageTextIsParsedOnceAndItsRecordsShared() {
    Instant at = Instant.parse("2026-11-22T12:00:00Z");
    String text = SnapshotCommits.coverageText(Snapshots.healthyCoverage(at));
    List<ChainCoverage> first = WalletReads.coverage(text);
    assertThat(WalletReads.coverage(new String(text))).isSameAs(first);
    assertThat(first).extracting(ChainCoverage::chain).containsExactly("Ethereum Mainnet", "Polygon", "Arc Testnet");
    // Bounded, without a cliff: a flood of one-off texts stays within the bound and does not push
    // out the text that is read over and over (the old map emptied itself when full).
    for (int i = 0; i < 5000; i++) {
      WalletReads.coverage(text.replace("\"history\"", "\"history" + i + "\""));
      if (i % 100 == 0) {
        WalletReads.coverage(text);
      }
    }
    assertThat(WalletReads.parsedTexts()).isLessThanOrEqualTo(4096);
    assertThat(WalletReads.coverage(text)).isSameAs(first);
  }
}
