package dev.vouch.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.decision.Decisions;
import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.UseCase;
import dev.vouch.decision.model.Verdict;
import dev.vouch.receipt.CanonicalPayload;
import dev.vouch.receipt.model.ReceiptPayload;
import dev.vouch.score.model.Evidence;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import dev.vouch.store.Pools;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The exposure summary is computed in the snapshot's commit with the labels given, stored
 * (V82), carried by the read model, and decides; a snapshot committed without one (as before
 * V82) decides as decision_v0.5 did. Same stored evidence, same decision, same receipt bytes.
 */
class ExposureAtCommitTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  /** Snapshots.of's one counterparty: paid the wallet twice, was paid once. */
  static final String LISTED = "0x" + "1".repeat(40);
  static final LabelSet LABELS = LabelSet.of(List.of(new Label(LISTED, null, Category.sanctioned, "Test entry", "OFAC")),
      "sha256:0123456789abcdef");
  static Vertx vertx;
  static Pool pool;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, TestDatabase.fresh(), 2);
  }

  @AfterAll
  static void stop() {
    pool.close();
    vertx.close();
  }

  static NewSnapshot flagged(String wallet) {
    NewSnapshot s = Snapshots.of(wallet, new Evidence(900, 4, 1200, 40, 30, 1, 0, 8, 8, 500), NOW,
        Snapshots.healthyCoverage(NOW));
    return new NewSnapshot(s.wallet(), s.committedAt(), s.score(), s.evidence(), s.firstActivityAt(), s.activeChains(),
        s.chains(), s.counterparties(), s.jobId(), Map.of("OFAC", 1));
  }

  static Decision decide(String wallet) {
    WalletState state = Observe.await(new WalletReads(pool).read(wallet));
    return Decisions.decide(state, UseCase.DEFAULT, NOW.plusSeconds(60), Snapshots.ARC, Duration.ofHours(24), List.of());
  }

  static List<String> codes(List<Coded> coded) {
    return coded.stream().map(Coded::code).toList();
  }

  @Test
  void theSummaryStoredAtCommitDecidesAndASnapshotWithoutOneDecidesAsV05() {
    String withLabels = "0x" + "a".repeat(40);
    String before = "0x" + "b".repeat(40);
    Observe.await(new SnapshotCommits(pool).commit(flagged(withLabels), LABELS));
    Observe.await(new SnapshotCommits(pool).commit(flagged(before)));

    Decision d = decide(withLabels);
    assertThat(d.exposure()).isNotNull();
    assertThat(d.exposure().sanctions()).isEqualTo("direct");
    assertThat(d.exposure().sanctionedOutTransfers()).isEqualTo(1);
    assertThat(d.exposure().sanctionedInTransfers()).isEqualTo(2);
    assertThat(d.exposure().labelsVersion()).isEqualTo(LABELS.version());
    assertThat(d.decision()).isEqualTo(Verdict.block);
    assertThat(codes(d.reasons())).contains("EXPOSURE_SANCTIONED_OUT").doesNotContain("FLAGGED_COUNTERPARTY_OFAC");
    assertThat(d.evidence().used()).contains("exposure");

    Decision old = decide(before);
    assertThat(old.exposure()).isNull();
    assertThat(codes(old.reasons())).contains("FLAGGED_COUNTERPARTY_OFAC").noneMatch(c -> c.startsWith("EXPOSURE_"));
    assertThat(old.evidence().used()).doesNotContain("exposure");
    // Its receipt has no exposure member: receipts of such wallets keep their bytes.
    assertThat(CanonicalPayload.text(ReceiptPayload.of(old))).doesNotContain("exposure");

    // Same stored evidence, same decision, same receipt bytes; the summary is inside them.
    byte[] once = CanonicalPayload.bytes(ReceiptPayload.of(d));
    assertThat(CanonicalPayload.bytes(ReceiptPayload.of(decide(withLabels)))).isEqualTo(once);
    assertThat(new String(once, StandardCharsets.UTF_8)).contains("\"exposure\":{", "\"sanctions\":\"direct\"");

    // The read model holds exactly what its derivation says.
    long differences = Observe.await(pool.query("SELECT count(*) FROM (SELECT * FROM wallet_reads EXCEPT"
        + " SELECT * FROM wallet_reads_derived) d").execute()).iterator().next().getLong(0);
    assertThat(differences).isZero();
  }
}
