package dev.vouch.chain;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.PoolOptions;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Reads wallets on one chain, on its own event loop: a wallet's pages on different chains are
 * fetched and parsed in parallel. Answers {@code ChainReaders.address(chainId)} with the wallet
 * (String) and replies a {@link ChainRead} that is never a failure: a chain's failure is its outcome.
 */
final class ChainReaderVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(ChainReaderVerticle.class.getName());

  private final ChainConfig chain;
  private final AppConfig.Indexing ix;
  private WebClient web;
  private RpcClient client;
  private volatile boolean stopping;

  private final boolean checkAtStart;

  ChainReaderVerticle(ChainConfig chain, AppConfig.Indexing ix, boolean checkAtStart) {
    this.chain = chain;
    this.ix = ix;
    this.checkAtStart = checkAtStart;
  }

  @Override
  public Future<?> start() {
    web = WebClient.create(vertx,
        new WebClientOptions()
            .setFollowRedirects(false)
            .setUserAgent("vouch-indexer")
            .setKeepAlive(true)
            .setConnectTimeout(chain.timeoutMs()),
        new PoolOptions().setHttp1MaxSize(chain.concurrency()));
    client = new RpcClient(vertx, web, chain, ix.rpcRetries(), ix.rpcBackoffMs(), ix.maxResponseBytes());
    if (checkAtStart) {
      checkChainIds();
    }
    // A reader that is stopping never answers: its failures would be shutdown, not evidence, and
    // the job must stay with its lease for another worker.
    return vertx.eventBus().<String>localConsumer(ChainReaders.address(chain.chainId()),
        msg -> read(msg.body()).onSuccess(r -> {
          if (!stopping) {
            msg.reply(r);
          }
        })).completion();
  }

  @Override
  public Future<?> stop() {
    stopping = true;
    web.close();
    return Future.succeededFuture();
  }

  Future<ChainRead> read(String wallet) {
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
        .recover(t -> Future.succeededFuture(failed(t)))
        .map(o -> new ChainRead(chain.chainId(), chain.name(), chain.mode().name(), o));
  }

  private ChainOutcome failed(Throwable t) {
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
  private void checkChainIds() {
    List<Future<?>> checks = new ArrayList<>();
    for (int i = 0; i < chain.rpcUrls().size(); i++) {
      int url = i;
      checks.add(client.send(url, List.of(RpcCall.of("eth_chainId")))
          .map(r -> client.chainIdMatches(r.get(0)))
          .onComplete(ar -> {
            String where = "chain " + chain.name() + " URL " + (url + 1);
            if (ar.failed()) {
              LOG.warning(() -> where + " did not answer eth_chainId: " + ar.cause().getMessage());
            } else if (!ar.result()) {
              LOG.severe(() -> where + " serves another chain than " + chain.chainId() + "; it will not be read from");
            }
          }));
    }
  }
}
