package dev.vouch.support;

import dev.vouch.score.NewSnapshot;
import dev.vouch.score.SnapshotCommits;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import io.vertx.sqlclient.Pool;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Commits snapshots through the production repository, as the indexer does. */
public final class Snapshots {

  public static final String ARC = "Arc Testnet";

  private Snapshots() {}

  /** Full history on Arc and Ethereum, aggregate on Polygon. */
  public static List<NewSnapshot.ChainRow> healthyCoverage(Instant at) {
    return List.of(
        new NewSnapshot.ChainRow(5042002, ARC, "indexed", false, false, false, true, "history", 10, 3, at),
        new NewSnapshot.ChainRow(1, "Ethereum Mainnet", "indexed", false, false, false, true, "history", 5, 2, at),
        new NewSnapshot.ChainRow(137, "Polygon", "limited", false, true, null, null, "aggregate", 2, 0, at));
  }

  public static NewSnapshot of(String wallet, Evidence e, Instant committedAt, List<NewSnapshot.ChainRow> chains) {
    List<String> active = new ArrayList<>();
    for (int i = 0; i < e.activeChains(); i++) {
      active.add(i < chains.size() ? chains.get(i).chain() : "Chain " + i);
    }
    return new NewSnapshot(wallet, committedAt, ScoreModel.score(e), e,
        committedAt.minus(Duration.ofDays(e.walletAgeDays())), active, chains,
        List.of(new NewSnapshot.CounterpartyRow("0x" + "1".repeat(40), 5042002, true, 2, 1,
            committedAt.minus(Duration.ofDays(3)), committedAt.minus(Duration.ofDays(1)),
            BigInteger.TEN.pow(18), BigInteger.ONE)),
        null);
  }

  public static long commit(Pool pool, NewSnapshot s) {
    try {
      return new SnapshotCommits(pool).commit(s).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** A well-established wallet: old, active on several chains and on Arc. */
  public static Evidence strong() {
    return new Evidence(900, 4, 1200, 40, 30, 0, 0, 8, 8, 500);
  }
}
