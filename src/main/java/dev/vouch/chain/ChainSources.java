package dev.vouch.chain;

import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import io.vertx.core.Vertx;
import io.vertx.core.http.PoolOptions;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.util.ArrayList;
import java.util.List;

/** Builds a chain's history sources, in the catalogue's order of preference. */
final class ChainSources {

  private ChainSources() {}

  static WebClient webClient(Vertx vertx, ChainConfig chain) {
    return WebClient.create(vertx,
        new WebClientOptions()
            .setFollowRedirects(false)
            .setUserAgent("vouch-indexer")
            .setKeepAlive(true)
            .setConnectTimeout(chain.timeoutMs()),
        new PoolOptions().setHttp1MaxSize(chain.concurrency()));
  }

  static List<HistorySource> history(Vertx vertx, WebClient web, ChainConfig chain, RpcClient rpc,
      AppConfig.Indexing ix, ChainTraffic traffic) {
    List<HistorySource> out = new ArrayList<>();
    for (ChainConfig.Source s : chain.sources()) {
      out.add(switch (s.type()) {
        case otterscan -> otterscan(rpc, chain, chain.pageSize());
        case etherscan -> new EtherscanReader(explorer(vertx, web, chain, s, ix, traffic));
        case blockscout -> new BlockscoutReader(explorer(vertx, web, chain, s, ix, traffic));
      });
    }
    return out;
  }

  static ExplorerClient explorer(Vertx vertx, WebClient web, ChainConfig chain, ChainConfig.Source s,
      AppConfig.Indexing ix, ChainTraffic traffic) {
    return new ExplorerClient(vertx, web, chain, s, ix.rpcRetries(), ix.rpcBackoffMs(), ix.maxResponseBytes(), traffic);
  }

  /** Otterscan's ots_searchTransactionsBefore over the chain's rpcUrls, one session per read. */
  static HistorySource otterscan(RpcClient rpc, ChainConfig chain, int pageSize) {
    return new HistorySource() {
      @Override
      public String name() {
        return ChainConfig.SourceType.otterscan.name();
      }

      @Override
      public io.vertx.core.Future<dev.vouch.chain.model.ChainOutcome.History> history(String wallet, int cap) {
        return HistoryReader.read(rpc.session(wallet), wallet, pageSize, cap);
      }

      @Override
      public io.vertx.core.Future<dev.vouch.chain.model.TokenOutcome> tokens(String wallet, int cap) {
        return TransferLogReader.read(rpc.session(wallet), chain, wallet, cap);
      }
    };
  }
}
