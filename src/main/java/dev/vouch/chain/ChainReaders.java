package dev.vouch.chain;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.PoolOptions;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Reads one wallet on every indexed chain of the catalogue in parallel. Lives on one context. */
public final class ChainReaders implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(ChainReaders.class.getName());

  private final WebClient web;
  private final List<RpcClient> clients = new ArrayList<>();

  public ChainReaders(Vertx vertx, List<ChainConfig> chains, AppConfig.Indexing ix) {
    int connections = chains.stream().mapToInt(ChainConfig::concurrency).max().orElse(1);
    this.web = WebClient.create(vertx,
        new WebClientOptions()
            .setFollowRedirects(false)
            .setUserAgent("vouch-indexer")
            .setKeepAlive(true)
            .setConnectTimeout(chains.stream().mapToInt(ChainConfig::timeoutMs).max().orElse(5000)),
        new PoolOptions().setHttp1MaxSize(connections));
    for (ChainConfig chain : chains) {
      if (chain.indexed()) {
        clients.add(new RpcClient(vertx, web, chain, ix.rpcRetries(), ix.rpcBackoffMs(), ix.maxResponseBytes()));
      }
    }
  }

  /** Chains a run covers: the catalogue entries that have RPC URLs. */
  public List<ChainConfig> chains() {
    return clients.stream().map(RpcClient::chain).toList();
  }

  /** Every indexed chain's outcome, in catalogue order; never fails, a chain's failure is its outcome. */
  public Future<List<ChainRead>> read(String wallet) {
    List<Future<ChainRead>> reads = new ArrayList<>(clients.size());
    for (RpcClient client : clients) {
      reads.add(read(client, wallet));
    }
    return Future.join(reads).transform(ar -> {
      List<ChainRead> out = new ArrayList<>(reads.size());
      for (Future<ChainRead> f : reads) {
        out.add(f.result());
      }
      return Future.succeededFuture(out);
    });
  }

  private static Future<ChainRead> read(RpcClient client, String wallet) {
    ChainConfig chain = client.chain();
    RpcSession session = client.session();
    Future<ChainOutcome> outcome = chain.mode() == ChainConfig.EvidenceMode.aggregate
        ? AggregateReader.read(session, wallet, false).map(a -> a)
        : HistoryReader.read(session, wallet, chain.pageSize(), chain.historyCap())
            .<ChainOutcome>map(h -> h)
            .recover(t -> t instanceof RpcException e && e.kind() == RpcException.Kind.UNSUPPORTED
                // The node has no Otterscan methods: standard figures are still evidence.
                ? AggregateReader.read(session, wallet, true).map(a -> a)
                : Future.failedFuture(t));
    return outcome
        .recover(t -> Future.succeededFuture(failed(chain, t)))
        .map(o -> new ChainRead(chain.chainId(), chain.name(), chain.mode().name(), o));
  }

  private static ChainOutcome failed(ChainConfig chain, Throwable t) {
    if (t instanceof RpcException e) {
      LOG.warning(() -> "chain " + chain.name() + " failed (" + e.kind() + "): " + e.getMessage());
      return new ChainOutcome.Failed(e.standing(), e.kind() + ": " + e.getMessage());
    }
    LOG.log(Level.SEVERE, "chain " + chain.name() + " read failed unexpectedly", t);
    return new ChainOutcome.Failed(false, "unexpected: " + t.getClass().getSimpleName());
  }

  /**
   * Startup check: each URL answers the catalogue's chain id. Mismatches and silence are logged;
   * runs check again and never read from a mismatched URL.
   */
  public Future<Void> checkChainIds() {
    List<Future<?>> checks = new ArrayList<>();
    for (RpcClient client : clients) {
      for (int i = 0; i < client.chain().rpcUrls().size(); i++) {
        int url = i;
        checks.add(client.send(url, List.of(RpcCall.of("eth_chainId")))
            .map(r -> client.chainIdMatches(r.get(0)))
            .onComplete(ar -> {
              String where = "chain " + client.chain().name() + " URL " + (url + 1);
              if (ar.failed()) {
                LOG.warning(() -> where + " did not answer eth_chainId: " + ar.cause().getMessage());
              } else if (!ar.result()) {
                LOG.severe(() -> where + " serves another chain than " + client.chain().chainId()
                    + "; it will not be read from");
              }
            }));
      }
    }
    return Future.join(checks).<Void>mapEmpty().otherwiseEmpty();
  }

  @Override
  public void close() {
    web.close();
  }
}
