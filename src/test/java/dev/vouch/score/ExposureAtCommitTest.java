package dev.vouch.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.chain.model.ChainTx;
import dev.vouch.chain.model.TokenOutcome;
import dev.vouch.chain.model.TokenTransfer;
import dev.vouch.decision.Decisions;
import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.UseCase;
import dev.vouch.decision.model.Verdict;
import dev.vouch.receipt.CanonicalPayload;
import dev.vouch.receipt.model.ReceiptPayload;
import dev.vouch.indexing.model.AttestationFacts;
import dev.vouch.indexing.model.RunEvidence;
import dev.vouch.score.model.Evidence;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import dev.vouch.screening.model.ScreeningSet;
import dev.vouch.store.Pools;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
  static Vertx vertx;
  static Pool pool;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, TestDatabase.fresh(), 2);
    // The labels as the sweep stores them (V83, V98): hops at commit are read for the stored
    // labelled addresses, of the version the commits below compute with.
    Observe.await(pool.query(dev.vouch.support.StoredLabels.sanctioned("OFAC", LISTED)).execute());
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
    Observe.await(new SnapshotCommits(pool).commit(flagged(withLabels), true));
    Observe.await(new SnapshotCommits(pool).commit(flagged(before)));

    Decision d = decide(withLabels);
    assertThat(d.exposure()).isNotNull();
    assertThat(d.exposure().sanctions()).isEqualTo("direct");
    assertThat(d.exposure().sanctionedOutTransfers()).isEqualTo(1);
    assertThat(d.exposure().sanctionedInTransfers()).isEqualTo(2);
    assertThat(d.exposure().labelsVersion()).isEqualTo(Observe.await(pool.query(
        "SELECT version FROM exposure_label_state").execute()).iterator().next().getString(0)).startsWith("sha256:");
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

  static int seq;
  static final String USDC = "0x" + "c0".repeat(20);
  static final String ZERO = "0x" + "0".repeat(40);

  static TokenTransfer usdc(String from, String to, String dollars, Instant at) {
    seq++;
    return new TokenTransfer("0x" + String.format("%064x", seq), seq, 0, at, USDC, "USDC", 6, true, from, to,
        new BigDecimal(dollars).movePointRight(6).toBigIntegerExact());
  }

  /** A run of {@code wallet} on Arc: {@code txs} natively and {@code tokens}, newest first as readers give them. */
  static NewSnapshot run(String wallet, List<ChainTx> txs, List<TokenTransfer> tokens) {
    List<TokenTransfer> newestFirst = new ArrayList<>(tokens);
    newestFirst.sort((x, y) -> Long.compare(y.blockNumber(), x.blockNumber()));
    ChainRead read = new ChainRead(5042002, Snapshots.ARC, "history", new ChainOutcome.History(txs, false), null,
        List.of(), new TokenOutcome(newestFirst, 0, false));
    return RunEvidence.snapshot(new RunEvidence.Input(wallet, NOW, 5042002, ScreeningSet.of("OFAC", List.of(LISTED)),
        AttestationFacts.NONE, null, List.of(read), null, "sha256:test")).orElseThrow();
  }

  @Test
  void aMintCountsInTheDenominatorsOfTheWalletAndOfAnIntermediaryButIsNoCounterparty() {
    // Issue 35 item 5: a wallet funded by a 1,000,000 USDC mint (a bridge's, from the zero
    // address) takes 150 USDC from a listed address: 0.015 % of its valued inflow, not 100 %.
    String funded = "0x" + "c".repeat(40);
    String via = "0x" + "d".repeat(40);
    String client = "0x" + "e".repeat(40);
    Instant t = NOW.minus(Duration.ofDays(5));
    ChainTx own = new ChainTx("0x" + "f".repeat(64), 1, 0, t, funded, USDC, null, BigInteger.ZERO, true);
    Observe.await(new SnapshotCommits(pool).commit(run(funded, List.of(own),
        List.of(usdc(ZERO, funded, "1000000", t), usdc(LISTED, funded, "150", t.plusSeconds(60)))), true));
    Decision d = decide(funded);
    assertThat(d.decision()).isEqualTo(Verdict.caution);
    assertThat(codes(d.reasons())).contains("EXPOSURE_SANCTIONED_IN_MINOR").doesNotContain("EXPOSURE_SANCTIONED_IN");
    assertThat(d.exposure().sanctionedInShare()).isEqualByComparingTo("0.0001");

    // The same for an intermediary: its mint is in its totals, so a client it paid 10,000 has
    // 0.015 % indirect sanctioned exposure, not 100 %.
    Observe.await(new SnapshotCommits(pool).commit(run(via, List.of(),
        List.of(usdc(ZERO, via, "1000000", t), usdc(LISTED, via, "150", t.plusSeconds(60)),
            usdc(via, client, "10000", t.plusSeconds(120)))), true));
    Observe.await(new SnapshotCommits(pool).commit(run(client, List.of(),
        List.of(usdc(via, client, "10000", t.plusSeconds(120)))), true));
    Decision c = decide(client);
    assertThat(c.exposure().sanctions()).isEqualTo("indirect");
    assertThat(c.exposure().indirectSanctionedShare()).isEqualByComparingTo("0.0001");
    assertThat(codes(c.reasons())).doesNotContain("EXPOSURE_INDIRECT_SANCTIONED");

    // The zero address is in the evidence rows, but no counterparty: not a graph node, not counted.
    assertThat(Observe.await(pool.preparedQuery("SELECT count(*) FROM token_flows t JOIN snapshots s"
        + " ON s.id = t.snapshot_id WHERE s.wallet = $1 AND t.counterparty = $2").execute(io.vertx.sqlclient.Tuple.of(funded, ZERO)))
        .iterator().next().getLong(0)).isEqualTo(1L);
    assertThat(Observe.await(pool.preparedQuery("SELECT count(*) FROM graph_nodes WHERE counterparty = $1")
        .execute(io.vertx.sqlclient.Tuple.of(ZERO))).iterator().next().getLong(0)).isZero();
    io.vertx.sqlclient.Row counts = Observe.await(pool.preparedQuery("SELECT g.node_count, s.unique_counterparties"
        + " FROM graph_snapshots g JOIN snapshots s ON s.id = g.snapshot_id WHERE s.wallet = $1")
        .execute(io.vertx.sqlclient.Tuple.of(funded))).iterator().next();
    // The token contract it called, and the listed sender.
    assertThat(counts.getInteger("node_count")).isEqualTo(2);
    assertThat(counts.getInteger("unique_counterparties")).isEqualTo(2);
  }
}
