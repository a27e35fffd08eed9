package dev.vouch.identity;

import static dev.vouch.support.Backdated.GENESIS;
import static dev.vouch.support.Backdated.NOW;

import dev.vouch.identity.Adversary.Label;
import dev.vouch.identity.Adversary.Member;
import dev.vouch.identity.Adversary.Tx;
import dev.vouch.identity.Adversary.Vouch;
import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.Erc20;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Runs an {@link Adversary} plan through the real service: every transfer mined on an Anvil home
 * chain at its backdated time, every wallet claimed with an EIP-4361 signature and indexed by the
 * worker, every attestation made and accepted with EIP-712 signatures through the API, then one
 * decision read (payment) per wallet. The outcome table is what docs/models.md keeps.
 */
final class AdversarialRun implements AutoCloseable {

  /** Reasons that mean the trust or history model held the wallet back (rather than missing evidence). */
  static final Set<String> FLAGS = Set.of("TRUST_ANOMALY", "TRUST_ANOMALY_HIGH", "TRUST_GRAPH_SUSPICIOUS",
      "HISTORY_UNSEASONED", "TRUST_PEERS_UNSEASONED");
  /** Reasons only the current models give: an honest wallet holding one lost an allow the older model gave. */
  static final Set<String> NEW_IN_THIS_MODEL = Set.of("HISTORY_UNSEASONED", "TRUST_PEERS_UNSEASONED");

  record Outcome(Member member, String verdict, int limit, int score, List<String> reasons) {

    boolean allow() {
      return verdict.equals("allow");
    }

    boolean flagged() {
      return reasons.stream().anyMatch(FLAGS::contains);
    }

    /** Held back from allow by a reason the previous model versions never gave. */
    boolean lostToNewModel() {
      return !allow() && reasons.stream().anyMatch(NEW_IN_THIS_MODEL::contains)
          && reasons.stream().allMatch(r -> NEW_IN_THIS_MODEL.contains(r) || r.equals("SCORE_BELOW_MINIMUM"));
    }
  }

  final Adversary plan;
  final List<Outcome> outcomes = new ArrayList<>();
  final Map<String, Long> millis = new java.util.LinkedHashMap<>();
  private final Anvil arc;
  /** The registered stablecoin (USDC, 6 decimals, valued at 1.00) the plan's token transfers move. */
  private Erc20 usdc;
  private TestApp app;

  private AdversarialRun(Adversary plan) {
    this.plan = plan;
    this.arc = Anvil.start(IdentityFixture.HOME, GENESIS);
  }

  static AdversarialRun run(Adversary plan) {
    AdversarialRun r = new AdversarialRun(plan);
    try {
      r.execute();
      return r;
    } catch (RuntimeException | Error e) {
      r.close();
      throw e;
    }
  }

  private void execute() {
    long t0 = System.nanoTime();
    mine();
    long t1 = lap("mine", t0);
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    Path chains = ChainsFile.write(List.of(Entry.history("Arc Testnet", IdentityFixture.HOME, "USDC", arc.url)));
    try {
      // The one chain's token registry: the plan's stablecoin (issue 24).
      Files.writeString(chains, "    tokens:\n      - { address: \"" + usdc.address
          + "\", symbol: USDC, decimals: 6, usd: true }\n", java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    env.put("CHAINS_FILE", chains.toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    app = TestApp.start(env);
    IdentityFixture ids = new IdentityFixture(app);
    for (Member m : plan.members) {
      ids.claim(m.wallet(), m.name);
    }
    awaitIndexed();
    long t2 = lap("claim+index", t1);
    for (Vouch v : plan.vouches) {
      JsonObject a = ids.vouch(v.attester().wallet(), v.subject().wallet(), v.tx().hash);
      if (v.back()) {
        ids.vouch(v.subject().wallet(), v.attester().wallet(), v.tx().hash);
      }
      if (v.remake() != null) {
        var revoked = ids.decide(v.attester().wallet(), "revoke", a);
        if (revoked.statusCode() != 201) {
          throw new IllegalStateException("revoke: " + revoked.bodyAsString());
        }
        // Re-made acceptances an hour apart: a churned ring avoids the burst rule that way.
        app.clock.advance(Duration.ofMinutes(61));
        ids.vouch(v.attester().wallet(), v.subject().wallet(), v.remake().hash);
      }
    }
    awaitIndexed();
    long t3 = lap("attest+index", t2);
    for (Member m : plan.members) {
      JsonObject d = TestApp.data(app.get("/api/v1/decision/" + m.address()));
      List<String> reasons = new ArrayList<>();
      d.getJsonArray("reasons").forEach(o -> reasons.add(((JsonObject) o).getString("code")));
      outcomes.add(new Outcome(m, d.getString("decision"), d.getJsonObject("recommendedLimit").getInteger("amountUsdc"),
          d.getInteger("score"), List.copyOf(reasons)));
    }
    lap("decide", t3);
  }

  private long lap(String what, long since) {
    long now = System.nanoTime();
    millis.put(what, (now - since) / 1_000_000);
    return now;
  }

  /**
   * Transfers in time order, each block one JSON-RPC batch: one block per 30 days of planned time
   * older than 120 days, per day back to 5 days, per 6 hours after (few blocks: history reads
   * scan them). The plan keeps a wallet's funding at least 31 days (1.5 days when fresh) before
   * its other transfers, so no block holds both and the funder stays the first counterparty.
   */
  private void mine() {
    List<String> addresses = new ArrayList<>(plan.senders);
    for (String a : addresses) {
      arc.fund(a);
    }
    // The stablecoin, deployed and minted to every token sender an hour after genesis, before the
    // plan's first transfer (mints come from the zero address: no counterparty, no evidence).
    Instant at = GENESIS.plus(Duration.ofHours(1));
    usdc = Erc20.deployAt(arc, at, Anvil.randomAddress(), "USD Coin", "USDC", 6);
    for (String a : plan.tokenSenders) {
      at = at.plusSeconds(1);
      usdc.mintAt(at, a, java.math.BigInteger.valueOf(Adversary.USD).multiply(java.math.BigInteger.TEN.pow(9)));
    }
    List<Tx> ordered = new ArrayList<>(plan.txs);
    ordered.sort((x, y) -> x.at.compareTo(y.at));
    Map<String, Long> nonces = new HashMap<>();
    int i = 0;
    while (i < ordered.size()) {
      long bucket = bucket(ordered.get(i).at);
      int j = i;
      long gas = 0;
      while (j < ordered.size() && j - i < 400 && bucket(ordered.get(j).at) == bucket
          && (gas += ordered.get(j).token ? TOKEN_GAS : 21_000) <= BLOCK_GAS) {
        j++;
      }
      List<Tx> group = ordered.subList(i, j);
      List<String> hashes = group.stream().anyMatch(t -> t.token) ? mixedBlock(ordered.get(j - 1).at, group, nonces)
          : arc.block(ordered.get(j - 1).at,
          group.stream().map(t -> new Anvil.Transfer(t.from, t.to, t.value)).toList(), nonces);
      for (int k = 0; k < group.size(); k++) {
        group.get(k).hash = hashes.get(k);
      }
      i = j;
    }
    arc.mineAt(NOW.minus(Duration.ofMinutes(10)));
  }

  /** Gas limit of one stablecoin transfer, and what one block may hold (Anvil's default limit is 30 M). */
  private static final long TOKEN_GAS = 100_000;
  private static final long BLOCK_GAS = 28_000_000;
  private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

  /**
   * A block holding stablecoin transfers (calls of transfer(address,uint256) on the token) and
   * native ones: automine off, each sent with its nonce from {@code nonces}, then one block at
   * {@code at}; the hashes in order. Every call must succeed (the plan mints enough).
   */
  private List<String> mixedBlock(Instant at, List<Tx> group, Map<String, Long> nonces) {
    arc.rpc("evm_setAutomine", false);
    List<String> hashes = new ArrayList<>();
    try {
      for (Tx t : group) {
        long nonce = nonces.merge(t.from, 1L, Long::sum) - 1;
        var tx = JSON.createObjectNode().put("from", t.from).put("nonce", "0x" + Long.toHexString(nonce));
        if (t.token) {
          String value = t.value.toString(16);
          tx.put("to", usdc.address).put("value", "0x0").put("gas", "0x" + Long.toHexString(TOKEN_GAS))
              .put("data", "0xa9059cbb" + "0".repeat(24) + t.to.substring(2) + "0".repeat(64 - value.length()) + value);
        } else {
          tx.put("to", t.to).put("value", Anvil.hex(t.value)).put("gas", "0x5208");
        }
        hashes.add(arc.rpc("eth_sendTransaction", tx).asText());
      }
      arc.setNextTimestamp(at);
      arc.rpc("evm_mine");
    } finally {
      arc.rpc("evm_setAutomine", true);
    }
    for (String h : hashes) {
      var receipt = arc.receipt(h);
      if (receipt == null || receipt.isNull() || !"0x1".equals(receipt.get("status").asText())) {
        throw new IllegalStateException("planned transfer " + h + " was not mined or reverted: " + receipt);
      }
    }
    return hashes;
  }

  private static long bucket(Instant at) {
    long age = Duration.between(at, NOW).toDays();
    long day = at.getEpochSecond() / 86_400;
    return age > 120 ? -(day / 30) - 1_000_000 : age > 5 ? -day : at.getEpochSecond() / (6 * 3600);
  }

  private void awaitIndexed() {
    Sql.await("every wallet indexed and no job left", 600_000, () -> Sql.count(app.database,
        "SELECT count(*) FROM identities i JOIN wallets w ON w.address = i.wallet WHERE w.latest_snapshot_id IS NOT NULL")
        == plan.members.size()
        && Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE state IN ('queued', 'running')") == 0);
  }

  /** A count from the service's database (the run's own). */
  long count(String sql) {
    return Sql.count(app.database, sql);
  }

  /** One row of the table. */
  record Row(String shape, int farm, int farmAllow, int farmCaution, int farmBlock, long allowLimit, long allLimit,
      int honest, int honestAllow, int honestFlagged, int honestLost, long usdSent) {

    double farmAllowShare() {
      return farm == 0 ? 0 : (double) farmAllow / farm;
    }
  }

  /** Per shape: its farm wallets, and the honest wallets it touched (all of them for "honest"). */
  List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    for (String shape : plan.shapes) {
      Set<Member> touched = new java.util.HashSet<>();
      for (Vouch v : plan.vouches) {
        if (v.attester().shape.equals(shape) || v.subject().shape.equals(shape)) {
          touched.add(v.attester());
          touched.add(v.subject());
        }
      }
      int farm = 0, fa = 0, fc = 0, fb = 0, h = 0, ha = 0, hf = 0, hl = 0;
      long allowLimit = 0, allLimit = 0;
      for (Outcome o : outcomes) {
        Member m = o.member();
        if (m.label == Label.farm && m.shape.equals(shape)) {
          farm++;
          fa += o.allow() ? 1 : 0;
          fc += o.verdict().equals("caution") ? 1 : 0;
          fb += o.verdict().equals("block") ? 1 : 0;
          allowLimit += o.allow() ? o.limit() : 0;
          allLimit += o.limit();
        } else if (m.label == Label.honest && (shape.equals("honest") || touched.contains(m))) {
          h++;
          ha += o.allow() ? 1 : 0;
          hf += o.flagged() ? 1 : 0;
          hl += o.lostToNewModel() ? 1 : 0;
        }
      }
      // Stablecoins the shape's own wallets sent (all wallets for "honest"), in whole dollars.
      Set<String> own = new java.util.HashSet<>();
      plan.members.stream().filter(m -> m.shape.equals(shape)).forEach(m -> own.add(m.address()));
      long usd = plan.txs.stream().filter(t -> t.token && own.contains(t.from))
          .map(t -> t.value).reduce(java.math.BigInteger.ZERO, java.math.BigInteger::add)
          .divide(java.math.BigInteger.valueOf(Adversary.USD)).longValueExact();
      rows.add(new Row(shape, farm, fa, fc, fb, allowLimit, allLimit, h, ha, hf, hl, usd));
    }
    return rows;
  }

  /** The Markdown table docs/models.md keeps. */
  String table() {
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
        "seed %d, %d wallets (%d honest), %d transfers, %d attestation pairs%n%n", plan.seed, plan.members.size(),
        plan.scale.honest(), plan.txs.size(), plan.vouches.size()));
    s.append("| Shape | Farm wallets | allow / caution / block | Farm allow share | Σ limit at allow | Σ limit, all farm "
        + "| Honest wallets | at allow | flagged | lost allow to this model | USD sent |\n");
    s.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows()) {
      s.append(String.format(Locale.ROOT, "| %s | %d | %d / %d / %d | %.0f %% | %,d | %,d | %d | %d | %d | %d | %,d |%n",
          r.shape(), r.farm(), r.farmAllow(), r.farmCaution(), r.farmBlock(), 100 * r.farmAllowShare(), r.allowLimit(),
          r.allLimit(), r.honest(), r.honestAllow(), r.honestFlagged(), r.honestLost(), r.usdSent()));
    }
    return s.toString();
  }

  /** One line per wallet (label, shape, verdict, limit, score, reasons), to compare model versions. */
  Path write(Path dir) {
    StringBuilder s = new StringBuilder("name\tlabel\tshape\tverdict\tlimit\tscore\treasons\n");
    for (Outcome o : outcomes) {
      s.append(o.member().name).append('\t').append(o.member().label).append('\t').append(o.member().shape).append('\t')
          .append(o.verdict()).append('\t').append(o.limit()).append('\t').append(o.score()).append('\t')
          .append(String.join(",", o.reasons())).append('\n');
    }
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve("adversarial-" + plan.seed + "-" + plan.members.size() + ".tsv");
      Files.writeString(file, s);
      Files.writeString(dir.resolve("adversarial-" + plan.seed + "-" + plan.members.size() + ".md"), table());
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    if (app != null) {
      app.close();
    }
    arc.close();
  }
}
