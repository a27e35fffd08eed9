package dev.vouch.chain;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.ext.web.client.WebClient;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Reads wallets on one chain, on its own event loop: a wallet's pages on different chains are
 * fetched and parsed in parallel. Answers {@code ChainReaders.address(chainId)} with the wallet
 * (String) and replies a {@link ChainRead} that is never a failure: a chain's failure is its outcome.
 * A history chain tries its sources in order; a failed one hands over to the next in the same run.
 */
final class ChainReaderVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(ChainReaderVerticle.class.getName());

  private final ChainConfig chain;
  private final AppConfig.Indexing ix;
  private WebClient web;
  private RpcClient client;
  private List<HistorySource> sources;
  private volatile boolean stopping;

  private final boolean checkAtStart;

  ChainReaderVerticle(ChainConfig chain, AppConfig.Indexing ix, boolean checkAtStart) {
    this.chain = chain;
    this.ix = ix;
    this.checkAtStart = checkAtStart;
  }

  @Override
  public Future<?> start() {
    web = ChainSources.webClient(vertx, chain);
    ChainTraffic traffic = ChainTraffic.of(vertx, ix);
    client = new RpcClient(vertx, web, chain, ix.rpcRetries(), ix.rpcBackoffMs(), ix.maxResponseBytes(), traffic);
    sources = ChainSources.history(vertx, web, chain, client, ix, traffic);
    if (checkAtStart && !chain.rpcUrls().isEmpty()) {
      checkChainIds();
    }
    // A reader that is stopping never answers: its failures would be shutdown, not evidence, and
    // the job must stay with its lease for another worker.
    return vertx.eventBus().<String>localConsumer(ChainReaders.address(chain.chainId()),
        msg -> read(msg.body()).onSuccess(r -> {
          long calls = client.takeCalls(msg.body());
          if (!stopping) {
            msg.reply(r, new io.vertx.core.eventbus.DeliveryOptions().addHeader(ChainReaders.RPC_CALLS, Long.toString(calls)));
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
    if (chain.mode() == ChainConfig.EvidenceMode.aggregate) {
      return AggregateReader.read(client.session(wallet), wallet, false)
          .<ChainOutcome>map(a -> a)
          .recover(t -> Future.succeededFuture(failed(ChainRead.RPC, t)))
          .map(o -> new ChainRead(chain.chainId(), chain.name(), chain.mode().name(), o, ChainRead.RPC, List.of()));
    }
    return tryFrom(0, wallet, new ArrayList<>(), new ArrayList<>());
  }

  /** Source i, then the next on any failure; the last failure decides the chain's outcome. */
  private Future<ChainRead> tryFrom(int i, String wallet, List<String> tried, List<Throwable> failures) {
    HistorySource source = sources.get(i);
    // Token transfers come from the same provider, so one answer is one provider's view; a failed
    // token read fails the source like a failed history read (never native evidence without them).
    // Both reads start at once: the token read's round trips hide behind the history pages
    // (the chain's concurrency bound and the byte budget still apply to every exchange).
    Future<ChainOutcome.History> history = source.history(wallet, chain.historyCap());
    Future<dev.vouch.chain.model.TokenOutcome> tokens = chain.tokens().isEmpty()
        ? Future.succeededFuture(null) : source.tokens(wallet, chain.historyCap());
    return Future.all(history, tokens)
        .map(v -> read(history.result(), tokens.result(), source.name(), tried))
        .recover(t -> {
          ChainOutcome.Failed f = failed(source.name(), t);
          tried.add(source.name());
          failures.add(t);
          if (i + 1 < sources.size()) {
            LOG.warning(() -> "chain " + chain.name() + ": source " + source.name() + " failed, trying "
                + sources.get(i + 1).name());
            return tryFrom(i + 1, wallet, tried, failures);
          }
          if (failures.stream().anyMatch(ChainReaderVerticle::unsupported)) {
            // No source gave history and a node lacks the Otterscan methods: standard figures are still evidence.
            return AggregateReader.read(client.session(wallet), wallet, true)
                .<ChainOutcome>map(a -> a)
                .recover(x -> Future.succeededFuture(failed(ChainRead.RPC, x)))
                .map(o -> new ChainRead(chain.chainId(), chain.name(), chain.mode().name(), o, ChainRead.RPC, tried));
          }
          boolean standing = failures.stream().allMatch(x -> x instanceof RpcException e && e.standing());
          List<String> earlier = tried.subList(0, tried.size() - 1);
          return Future.succeededFuture(new ChainRead(chain.chainId(), chain.name(), chain.mode().name(),
              new ChainOutcome.Failed(standing, f.reason()), source.name(), earlier));
        });
  }

  private ChainRead read(ChainOutcome.History h, dev.vouch.chain.model.TokenOutcome tokens, String source,
      List<String> tried) {
    return new ChainRead(chain.chainId(), chain.name(), chain.mode().name(), h, source, tried, tokens);
  }

  private static boolean unsupported(Throwable t) {
    return t instanceof RpcException e && e.kind() == RpcException.Kind.UNSUPPORTED;
  }

  private ChainOutcome.Failed failed(String source, Throwable t) {
    if (t instanceof RpcException e) {
      LOG.warning(() -> "chain " + chain.name() + " source " + source + " failed (" + e.kind() + "): " + e.getMessage());
      return new ChainOutcome.Failed(e.standing(), e.kind() + ": " + e.getMessage());
    }
    LOG.log(Level.SEVERE, "chain " + chain.name() + " source " + source + " read failed unexpectedly", t);
    return new ChainOutcome.Failed(false, "unexpected: " + t.getClass().getSimpleName());
  }

  /**
   * Startup check: each URL answers the catalogue's chain id. Mismatches and silence are logged;
   * runs check again and never read from a mismatched URL.
   */
  private void checkChainIds() {
    for (int i = 0; i < chain.rpcUrls().size(); i++) {
      int url = i;
      client.send(url, List.of(RpcCall.of("eth_chainId")))
          .map(r -> client.chainIdMatches(r.get(0)))
          .onComplete(ar -> {
            String where = "chain " + chain.name() + " URL " + (url + 1);
            if (ar.failed()) {
              LOG.warning(() -> where + " did not answer eth_chainId: " + ar.cause().getMessage());
            } else if (!ar.result()) {
              LOG.severe(() -> where + " serves another chain than " + chain.chainId() + "; it will not be read from");
            }
          });
    }
  }
}
