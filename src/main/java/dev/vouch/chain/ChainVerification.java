package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainTx;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClient;
import java.io.PrintWriter;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What {@code chains verify} reports: asks every configured source of every indexed chain once
 * and records, per chain, the chain id, the head block, which methods work with their latency, and
 * whether the sources agree on a sample wallet's recent history. Hosts are reported, never full
 * URLs (RPC URLs often carry a key in their path). The command line prints the report as text or
 * JSON; it passes when every indexed chain has a working history source.
 */
public final class ChainVerification {

  /** Recent history compared between sources. */
  static final int SAMPLE = 25;

  /** One probe: an RPC URL, the aggregate reads, or one history source. */
  public record Check(String name, boolean ok, String detail) {}

  /** agree, differ or not_checked, and the sentence that says so. */
  public record Agreement(String status, String text) {}

  public record ChainReport(String name, long chainId, String mode, List<Check> checks, Agreement agreement,
      boolean working) {}

  /** Every indexed chain; {@code problem} says why there is nothing to verify. */
  public record Report(List<ChainReport> chains, String problem) {
    public boolean ok() {
      return problem == null && chains.stream().allMatch(ChainReport::working);
    }

    /** The text form: a header line per chain, then one line per check and the agreement. */
    public void print(PrintWriter out) {
      if (problem != null) {
        out.println(problem);
      }
      for (ChainReport c : chains) {
        out.println(c.name() + " (chain id " + c.chainId() + ", mode " + c.mode() + ")");
        c.checks().forEach(k -> out.println("  " + k.name() + ": " + k.detail()));
        out.println("  " + c.agreement().text());
      }
    }
  }

  private final Vertx vertx;
  private final AppConfig config;

  private ChainVerification(Vertx vertx, AppConfig config) {
    this.vertx = vertx;
    this.config = config;
  }

  /** Blocking: runs on its own Vert.x instance, for the command line's main thread. */
  public static Report run(AppConfig config, String wallet) throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      ChainVerification v = new ChainVerification(vertx, config);
      Promise<Report> done = Promise.promise();
      vertx.runOnContext(x -> v.verifyAll(wallet == null ? null : wallet.toLowerCase(Locale.ROOT)).onComplete(done));
      return done.future().toCompletionStage().toCompletableFuture().get(10, TimeUnit.MINUTES);
    } finally {
      vertx.close();
    }
  }

  private Future<Report> verifyAll(String wallet) {
    List<ChainConfig> chains = config.chains().stream().filter(ChainConfig::indexed).toList();
    if (chains.isEmpty()) {
      return Future.succeededFuture(new Report(List.of(), "no chain of the catalogue has rpcUrls or sources: nothing is indexed"));
    }
    List<ChainReport> reports = new ArrayList<>();
    Future<Void> all = Future.succeededFuture();
    for (ChainConfig chain : chains) {
      all = all.compose(x -> verify(chain, wallet).map(r -> {
        reports.add(r);
        return null;
      }));
    }
    return all.map(x -> new Report(List.copyOf(reports), null));
  }

  /** One chain; working when a history source works. */
  private Future<ChainReport> verify(ChainConfig chain, String wallet) {
    WebClient web = ChainSources.webClient(vertx, chain);
    AppConfig.Indexing ix = config.indexing();
    RpcClient rpc = new RpcClient(vertx, web, chain, 0, ix.rpcBackoffMs(), ix.maxResponseBytes(),
        ChainTraffic.of(vertx, ix));
    List<Check> lines = new ArrayList<>();
    Future<String> sample = wallet != null ? Future.succeededFuture(wallet) : sampleWallet(rpc, chain);
    Future<Void> rpcs = Future.succeededFuture();
    for (int i = 0; i < chain.rpcUrls().size(); i++) {
      int url = i;
      rpcs = rpcs.compose(v -> timed(() -> rpc.send(url, List.of(RpcCall.of("eth_chainId"), RpcCall.of("eth_blockNumber"))))
          .transform(ar -> {
            String where = "rpc " + (url + 1) + " " + host(chain.rpcUrls().get(url));
            if (ar.failed()) {
              lines.add(new Check(where, false, "FAILED " + ar.cause().getMessage()));
            } else {
              List<JsonNode> r = ar.result().value;
              boolean match = rpc.chainIdMatches(r.get(0));
              lines.add(new Check(where, match, "eth_chainId " + (match ? "ok" : "WRONG CHAIN " + RpcShapes.clip(r.get(0).toString()))
                  + ", head " + RpcShapes.smallQuantity(r.get(1), "eth_blockNumber") + ", " + ar.result().ms + " ms"));
            }
            return Future.succeededFuture();
          }));
    }
    Map<String, ChainOutcome.History> histories = new LinkedHashMap<>();
    boolean[] working = {false};
    return rpcs.compose(v -> sample).recover(t -> Future.succeededFuture(null)).compose(who -> {
      Future<Void> each = Future.succeededFuture();
      if (chain.mode() == ChainConfig.EvidenceMode.aggregate) {
        String probe = who != null ? who : "0x" + "0".repeat(40);
        each = timed(() -> AggregateReader.read(rpc.session(), probe, false)).transform(ar -> {
          lines.add(new Check("aggregate (eth_getTransactionCount, eth_getBalance, eth_getCode)", ar.succeeded(),
              ar.succeeded() ? "ok, " + ar.result().ms + " ms" : "FAILED " + ar.cause().getMessage()));
          working[0] |= ar.succeeded();
          return Future.succeededFuture();
        });
      } else {
        for (ChainConfig.Source s : chain.sources()) {
          each = each.compose(x -> source(chain, s, web, rpc, who, lines, histories, working));
        }
      }
      return each.map(x -> who);
    }).map(who -> {
      web.close();
      return new ChainReport(chain.name(), chain.chainId(), chain.mode().name(), List.copyOf(lines),
          agreement(who, histories), working[0]);
    });
  }

  private Future<Void> source(ChainConfig chain, ChainConfig.Source s, WebClient web, RpcClient rpc, String who,
      List<Check> lines, Map<String, ChainOutcome.History> histories, boolean[] working) {
    String probe = who != null ? who : "0x" + "0".repeat(40);
    List<String> parts = new ArrayList<>();
    Future<Void> methods;
    HistorySource history;
    if (s.type() == ChainConfig.SourceType.otterscan) {
      history = ChainSources.otterscan(rpc, chain, 1);
      methods = Future.succeededFuture();
    } else {
      ExplorerClient client = new ExplorerClient(vertx, web, chain, s, 0, config.indexing().rpcBackoffMs(),
          config.indexing().maxResponseBytes(), ChainTraffic.of(vertx, config.indexing()));
      history = s.type() == ChainConfig.SourceType.etherscan ? new EtherscanReader(client) : new BlockscoutReader(client);
      methods = s.type() == ChainConfig.SourceType.etherscan ? etherscanMethods(client, probe, parts) : blockscoutHead(client, parts);
    }
    return methods.compose(v -> timed(() -> history.history(probe, SAMPLE))).transform(ar -> {
      String what = s.type() == ChainConfig.SourceType.otterscan ? "ots_searchTransactionsBefore"
          : s.type() == ChainConfig.SourceType.etherscan ? "txlist+txlistinternal" : "addresses/{address}/transactions";
      boolean ok = ar.succeeded();
      if (ok) {
        parts.add(what + " ok " + ar.result().ms + " ms");
        working[0] = true;
        if (who != null) {
          histories.put(s.name(), ar.result().value);
        }
      } else {
        parts.add(what + " FAILED " + ar.cause().getMessage());
      }
      lines.add(new Check(s.name() + (s.url() == null ? "" : " " + host(s.url())), ok, String.join(" | ", parts)));
      return Future.succeededFuture();
    });
  }

  private Future<Void> etherscanMethods(ExplorerClient client, String probe, List<String> parts) {
    Map<String, String> q = new LinkedHashMap<>();
    q.put("chainid", Long.toString(client.chain().chainId()));
    q.put("module", "proxy");
    q.put("action", "eth_blockNumber");
    return timed(() -> client.get("", q, r -> RpcShapes.smallQuantity(r.body().get("result"), "eth_blockNumber")))
        .transform(ar -> {
          parts.add(ar.succeeded() ? "head " + ar.result().value + " (proxy eth_blockNumber " + ar.result().ms + " ms)"
              : "proxy eth_blockNumber FAILED " + ar.cause().getMessage());
          return Future.succeededFuture();
        });
  }

  private Future<Void> blockscoutHead(ExplorerClient client, List<String> parts) {
    return timed(() -> client.get("/api/v2/main-page/blocks", Map.of(), r -> {
      JsonNode first = r.body().isArray() && r.body().size() > 0 ? r.body().get(0) : null;
      if (first == null || !first.path("height").canConvertToLong()) {
        throw RpcShapes.malformed("main-page/blocks without a height");
      }
      return first.get("height").asLong();
    })).transform(ar -> {
      parts.add(ar.succeeded() ? "head " + ar.result().value + " (main-page/blocks " + ar.result().ms + " ms)"
          : "main-page/blocks FAILED " + ar.cause().getMessage());
      return Future.succeededFuture();
    });
  }

  /**
   * Whether the sources list the same transactions of the wallet (sent or received at top level)
   * in the block range every one of them covered.
   */
  static Agreement agreement(String wallet, Map<String, ChainOutcome.History> histories) {
    if (wallet == null) {
      return new Agreement("not_checked", "agreement: not checked (no sample wallet; pass --wallet 0x...)");
    }
    if (histories.size() < 2) {
      return new Agreement("not_checked",
          "agreement: not checked on " + wallet + " ("
              + (histories.isEmpty() ? "no source answered" : "only one source answered") + "; two are needed)");
    }
    long from = 0;
    for (ChainOutcome.History h : histories.values()) {
      if (h.capped() && !h.txs().isEmpty()) {
        from = Math.max(from, h.txs().get(h.txs().size() - 1).blockNumber());
      }
    }
    Map<String, Set<String>> hashes = new LinkedHashMap<>();
    for (Map.Entry<String, ChainOutcome.History> e : histories.entrySet()) {
      Set<String> set = new TreeSet<>();
      for (ChainTx t : e.getValue().txs()) {
        if (t.blockNumber() >= from && (wallet.equals(t.from()) || wallet.equals(t.to()))) {
          set.add(t.hash());
        }
      }
      hashes.put(e.getKey(), set);
    }
    String first = hashes.keySet().iterator().next();
    Set<String> reference = hashes.get(first);
    List<String> differ = new ArrayList<>();
    hashes.forEach((name, set) -> {
      if (!set.equals(reference)) {
        Set<String> missing = new TreeSet<>(reference);
        missing.removeAll(set);
        Set<String> extra = new TreeSet<>(set);
        extra.removeAll(reference);
        differ.add(name + " (" + missing.size() + " missing, " + extra.size() + " extra against " + first + ")");
      }
    });
    String scope = "on " + wallet + " from block " + from + ", " + reference.size() + " transactions";
    return differ.isEmpty() ? new Agreement("agree", "agreement: " + String.join(", ", hashes.keySet()) + " agree " + scope)
        : new Agreement("differ", "agreement: DIFFER " + scope + ": " + String.join("; ", differ));
  }

  /** Without --wallet: the sender of the newest transaction in the last blocks, when RPC is configured. */
  private static Future<String> sampleWallet(RpcClient rpc, ChainConfig chain) {
    if (chain.rpcUrls().isEmpty()) {
      return Future.succeededFuture(null);
    }
    return rpc.session().call("eth_getBlockByNumber", "latest", true).map(block -> {
      JsonNode txs = block == null ? null : block.get("transactions");
      if (txs == null || !txs.isArray() || txs.isEmpty()) {
        return null;
      }
      return RpcShapes.address(txs.get(txs.size() - 1).get("from"), "from");
    });
  }

  private record Timed<T>(T value, long ms) {}

  private static <T> Future<Timed<T>> timed(Supplier<Future<T>> call) {
    long start = System.nanoTime();
    return call.get().map(v -> new Timed<>(v, (System.nanoTime() - start) / 1_000_000));
  }

  private static String host(String url) {
    URI u = URI.create(url);
    return u.getScheme() + "://" + u.getHost() + (u.getPort() > 0 ? ":" + u.getPort() : "");
  }
}
