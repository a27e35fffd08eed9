package dev.vouch.score;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.decision.BatchQuery;
import dev.vouch.decision.DecisionQuery;
import dev.vouch.decision.Decisions;
import dev.vouch.decision.model.BatchPlan;
import dev.vouch.decision.model.BatchResult;
import dev.vouch.decision.model.BatchRow;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.UseCase;
import dev.vouch.identity.IdentityWrites;
import dev.vouch.indexing.IndexJob;
import dev.vouch.indexing.JobWrites;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.screening.Screening;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The read model {@code wallet_reads} is what the tables under it say, after any sequence of the
 * writes that change it, each made through the production code path on real Postgres: snapshot
 * commits (alone, and as a worker's run commit that also finishes its job), intake jobs queued,
 * claimed, failed, abandoned and released, the daily re-index, username claims (some refused), attestations written, accepted,
 * rejected and revoked. After each sequence every row is derived again from the tables and must
 * equal the maintained one; and a batch row must equal the single read of the same wallet at the
 * same instant, under a screening set the sequence also changed (screening applies at read time).
 */
class ReadModelProperties {

  static Vertx vertx;
  static Pool pool;
  static DatabaseUrl url;
  static final Instant START = Instant.parse("2026-11-20T00:00:00Z");
  static final AtomicInteger TRIES = new AtomicInteger();
  static final AtomicInteger MINUTES = new AtomicInteger();

  @BeforeContainer
  static void start() {
    vertx = Vertx.vertx();
    url = TestDatabase.fresh();
    pool = Pools.create(vertx, url, 4);
  }

  @AfterContainer
  static void stop() {
    vertx.close();
  }

  enum Kind { COMMIT, INTAKE, CLAIM, RUN_COMMIT, FAIL, RELEASE, ABANDON, REINDEX, USERNAME, ATTEST, DECIDE, SCREEN }

  record Op(Kind kind, int a, int b, int c) {}

  static final int WALLETS = 5;

  @Provide
  Arbitrary<List<Op>> writes() {
    Arbitrary<Op> op = Combinators.combine(Arbitraries.of(Kind.values()), Arbitraries.integers().between(0, WALLETS - 1),
        Arbitraries.integers().between(0, WALLETS - 1), Arbitraries.integers().between(0, 5)).as(Op::new);
    return op.list().ofMinSize(5).ofMaxSize(25);
  }

  @Property(tries = 30)
  void theMaintainedRowsEqualTheRowsRebuiltFromTheTables(@ForAll("writes") List<Op> ops) throws SQLException {
    Run run = new Run(TRIES.incrementAndGet());
    for (Op op : ops) {
      run.apply(op);
    }
    try (Connection c = jdbc()) {
      List<String> differ = ReadModelRebuild.differences(c);
      if (!differ.isEmpty()) {
        ReadModelRebuild.rebuild(c); // so the next try, and each shrinking step, starts from a true table
      }
      assertThat(differ).as("wallets whose row differs after %s", ops).isEmpty();
    }
    run.batchRowsEqualSingleReads();
  }

  /** One sequence: its own wallets, usernames and transactions; time moves a minute per write. */
  static final class Run {
    final int n;
    final List<String> wallets = new ArrayList<>();
    final Set<String> known = new HashSet<>();
    final Map<String, String> usernames = new LinkedHashMap<>();
    final List<IndexJob> held = new ArrayList<>();
    final List<Long> attestations = new ArrayList<>();
    final Set<String> screened = new HashSet<>();
    final String owner;

    Run(int n) {
      this.n = n;
      this.owner = "worker-" + n;
      for (int i = 0; i < WALLETS; i++) {
        wallets.add(String.format("0x%08x%032x", n, i));
      }
    }

    Instant now() {
      return START.plus(Duration.ofMinutes(MINUTES.get()));
    }

    void apply(Op op) {
      Instant now = START.plus(Duration.ofMinutes(MINUTES.incrementAndGet()));
      String w = wallets.get(op.a());
      switch (op.kind()) {
        case COMMIT -> {
          Snapshots.commit(pool, snapshot(w, op.c(), now, null));
          known.add(w);
        }
        case INTAKE -> {
          JobWrites.intake(pool, w, now);
          known.add(w);
        }
        case CLAIM -> JobWrites.claim(pool, owner, now).ifPresent(held::add);
        case RUN_COMMIT -> {
          if (!held.isEmpty()) {
            IndexJob job = held.remove(0);
            JobWrites.commit(pool, job, owner, snapshot(job.wallet(), op.c(), now, job.id()), now);
          }
        }
        case FAIL -> {
          if (!held.isEmpty()) {
            JobWrites.fail(pool, held.remove(0), owner, now);
          }
        }
        case RELEASE -> {
          JobWrites.release(pool, owner);
          held.clear();
        }
        case ABANDON -> JobWrites.abandonExpired(pool, now);
        case REINDEX -> JobWrites.scheduleReindex(pool, now, 1 + op.c());
        case USERNAME -> {
          String name = "u" + n + "n" + op.b() + ".vouch";
          if (IdentityWrites.claim(pool, w, name, now)) {
            usernames.put(w, name);
            known.add(w); // a refused claim keeps nothing, not even the wallet row an attestation refers to
          }
        }
        case ATTEST -> {
          String to = wallets.get(op.b());
          if (!w.equals(to) && known.contains(w) && known.contains(to)) {
            String tx = String.format("0x%016x%016x%032x", n, MINUTES.get(), op.c());
            IdentityWrites.attest(pool, w, to, tx, BigInteger.TEN.pow(op.c() + 15), now).ifPresent(attestations::add);
          }
        }
        case DECIDE -> {
          if (!attestations.isEmpty()) {
            long id = attestations.get(op.a() % attestations.size());
            IdentityWrites.decide(pool, id, op.c() < 3 ? "accept" : op.c() < 5 ? "reject" : "revoke", now);
          }
        }
        case SCREEN -> {
          if (!screened.remove(w)) {
            screened.add(w);
          }
        }
      }
    }

    /** A snapshot whose age, coverage, funder and list hits vary with {@code v}. */
    static NewSnapshot snapshot(String wallet, int v, Instant at, Long jobId) {
      Evidence e = new Evidence(30 + 200 * v, 1 + v % 3, 50L * (v + 1), 5L * v, 3 + v, v % 2, v, v % 3, v % 3, 40L * v);
      List<NewSnapshot.ChainRow> chains = new ArrayList<>(Snapshots.healthyCoverage(at));
      if (v % 2 == 1) {
        // A chain carried forward after a transient failure: its evidence ages by its own read time.
        chains.set(1, new NewSnapshot.ChainRow(1, "Ethereum Mainnet", "indexed", true, false, false, true, "history",
            5, 2, at.minus(Duration.ofHours(3 + v))));
      }
      String peer = "0x" + Integer.toHexString(0xf00 + v).repeat(14).substring(0, 40);
      List<NewSnapshot.CounterpartyRow> cps = List.of(new NewSnapshot.CounterpartyRow(peer, 5042002, true, 2,
          v % 3 == 0 ? 0 : 1, at.minus(Duration.ofDays(3)), at.minus(Duration.ofDays(1)), BigInteger.TEN.pow(18),
          BigInteger.ONE));
      return new NewSnapshot(wallet, at, ScoreModel.score(e), e, at.minus(Duration.ofDays(e.walletAgeDays())),
          chains.stream().limit(e.activeChains()).map(NewSnapshot.ChainRow::chain).toList(), chains, cps, jobId,
          v % 2 == 0 ? Map.of() : Map.of("ofac", v));
    }

    /** The same instant for both reads; screening as the sequence left it. */
    void batchRowsEqualSingleReads() {
      // The screened wallets as the label store's current list "ofac".
      await(pool.query(dev.vouch.support.StoredLabels.sql("ofac", "SELECT unnest(ARRAY['"
          + String.join("','", screened) + "']::text[]) AS address, 0::bigint AS chain_id, 'sanctioned' AS category,"
          + " 'test listing' AS name")).execute());
      Clock clock = Clock.fixed(now().plus(Duration.ofHours(1)), ZoneOffset.UTC);
      WalletReads reads = new WalletReads(pool);
      Decisions decisions = new Decisions(reads, ReadStateCache.off(reads), clock,
          Duration.ofHours(24), Snapshots.ARC, Screening.reader(dev.vouch.store.Gateway.direct(pool)));
      List<String> inputs = new ArrayList<>(wallets);
      inputs.addAll(usernames.values());
      for (UseCase useCase : List.of(UseCase.payment, UseCase.lending)) {
        BatchResult batch = await(decisions.batch(new BatchQuery(BatchPlan.of(inputs, "vouch"), useCase)));
        Map<String, BatchRow> rows = new HashMap<>();
        batch.results().forEach(r -> rows.put(r.input(), r));
        for (String input : inputs) {
          String wallet = input.startsWith("0x") ? input
              : usernames.entrySet().stream().filter(en -> en.getValue().equals(input)).findFirst().orElseThrow().getKey();
          Decision single = await(decisions.read(new DecisionQuery(wallet, useCase)));
          Optional<Decision> looked = await(decisions.read(
              input.startsWith("0x") ? Lookup.wallet(input) : Lookup.username(input), useCase));
          assertThat(looked).as("the /check lookup of %s", input).contains(single);
          BatchRow row = rows.get(input);
          if (row.status() == BatchRow.Status.ok) {
            assertThat(row).as("batch row of %s", input).isEqualTo(BatchRow.ok(input, single));
          } else {
            assertThat(row.status()).as("row of %s", input).isEqualTo(BatchRow.Status.no_score);
            assertThat(await(reads.read(wallet)).snapshot()).isEmpty();
            assertThat(screened).doesNotContain(wallet);
          }
        }
      }
    }
  }

  @Example
  void aDriftedRowIsReportedAndTheRebuildRepairsIt() throws SQLException {
    Run run = new Run(TRIES.incrementAndGet());
    String a = run.wallets.get(0);
    String b = run.wallets.get(1);
    String c = run.wallets.get(2);
    Instant now = run.now();
    Snapshots.commit(pool, Run.snapshot(a, 1, now, null));
    Snapshots.commit(pool, Run.snapshot(b, 2, now, null));
    JobWrites.intake(pool, c, now);
    try (Connection conn = jdbc()) {
      assertThat(ReadModelRebuild.differences(conn)).isEmpty();
      try (Statement st = conn.createStatement()) {
        st.execute("UPDATE wallet_reads SET score = 1 WHERE address = '" + a + "'");
        st.execute("DELETE FROM wallet_reads WHERE address = '" + b + "'");
        st.execute("UPDATE wallet_reads SET in_flight = false WHERE address = '" + c + "'");
      }
      assertThat(ReadModelRebuild.differences(conn)).contains(a, b, c);

      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      assertThat(ReadModelRebuild.run(conn, List.of("check"), print(out), print(err))).isEqualTo(1);
      assertThat(out.toString(StandardCharsets.UTF_8)).contains(a).contains(b).contains("read-model rebuild");

      out.reset();
      assertThat(ReadModelRebuild.run(conn, List.of("rebuild"), print(out), print(err))).isZero();
      assertThat(out.toString(StandardCharsets.UTF_8)).contains("rows differed").contains(a);
      assertThat(ReadModelRebuild.differences(conn)).isEmpty();
      assertThat(ReadModelRebuild.run(conn, List.of("check"), print(out), print(err))).isZero();
      assertThat(await(new WalletReads(pool).read(a)).snapshot().orElseThrow().score())
          .isEqualTo(ScoreModel.score(Run.snapshot(a, 1, now, null).evidence()).score());
      assertThat(await(new WalletReads(pool).read(c)).jobInFlight()).isTrue();
    }
  }

  @Example
  void aRefusedClaimKeepsNeitherTheWalletNorItsRow() throws SQLException {
    Run run = new Run(TRIES.incrementAndGet());
    String holder = run.wallets.get(0);
    String late = run.wallets.get(1);
    String name = "u" + run.n + "taken.vouch";
    assertThat(IdentityWrites.claim(pool, holder, name, run.now())).isTrue();
    assertThat(IdentityWrites.claim(pool, late, name, run.now())).isFalse();
    try (Connection conn = jdbc(); Statement st = conn.createStatement()) {
      var rs = st.executeQuery("SELECT (SELECT count(*) FROM wallets WHERE address = '" + late + "'), "
          + "(SELECT count(*) FROM wallet_reads WHERE address = '" + late + "'), "
          + "(SELECT count(*) FROM wallets WHERE address = '" + holder + "')");
      rs.next();
      assertThat(List.of(rs.getInt(1), rs.getInt(2), rs.getInt(3))).containsExactly(0, 0, 1);
      assertThat(ReadModelRebuild.differences(conn)).isEmpty();
    }
  }

  /** The sequence a CI run drew: a claim refused on a wallet nothing else had written, then an attestation to it. */
  @Example
  void anAttestationIsNotDrawnForAWalletOnlyARefusedClaimTouched() throws SQLException {
    theMaintainedRowsEqualTheRowsRebuiltFromTheTables(List.of(new Op(Kind.USERNAME, 0, 0, 0),
        new Op(Kind.USERNAME, 1, 0, 0), new Op(Kind.COMMIT, 2, 0, 1), new Op(Kind.ATTEST, 2, 1, 0),
        new Op(Kind.ATTEST, 0, 2, 1)));
  }

  @Example
  void aWrongCommandPrintsTheUsageAndChangesNothing() throws SQLException {
    try (Connection conn = jdbc()) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      assertThat(ReadModelRebuild.run(conn, List.of(), print(new ByteArrayOutputStream()), print(err))).isEqualTo(2);
      assertThat(ReadModelRebuild.run(conn, List.of("rebuild", "now"), print(new ByteArrayOutputStream()), print(err)))
          .isEqualTo(2);
      assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: read-model rebuild");
    }
  }

  private static PrintStream print(ByteArrayOutputStream out) {
    return new PrintStream(out, true, StandardCharsets.UTF_8);
  }

  private static Connection jdbc() throws SQLException {
    return DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
  }
}
