package dev.vouch.chain;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Reads one wallet on every indexed chain of the catalogue in parallel: one
 * {@link ChainReaderVerticle} per chain (its own event loop, client and concurrency bound),
 * asked over the local event bus.
 */
public final class ChainReaders {

  /** Each RPC call has its own deadline; this only bounds a reader that stopped answering at all. */
  private static final DeliveryOptions ASK = new DeliveryOptions().setSendTimeout(TimeUnit.MINUTES.toMillis(15));

  private final Vertx vertx;
  private final List<ChainConfig> chains;
  private final List<String> deployments;
  private final String tokenRegistryHash;

  private ChainReaders(Vertx vertx, List<ChainConfig> chains, List<String> deployments, String tokenRegistryHash) {
    this.vertx = vertx;
    this.chains = chains;
    this.deployments = deployments;
    this.tokenRegistryHash = tokenRegistryHash;
  }

  /** The hash of the catalogue's token registry (recorded on every snapshot), null when it is empty. */
  public String tokenRegistryHash() {
    return tokenRegistryHash;
  }

  /** Event-bus address of one chain's reader. */
  public static String address(long chainId) {
    return "vouch.chain.read." + chainId;
  }

  /**
   * Deploys a reader per catalogue entry that has RPC URLs; with checkAtStart each logs whether its
   * URLs answer the catalogue's chain id (runs check again either way).
   */
  public static Future<ChainReaders> deploy(Vertx vertx, List<ChainConfig> catalogue, AppConfig.Indexing ix,
      boolean checkAtStart) {
    // Token evidence off: the readers see no registry, so they read no Transfer logs and every
    // snapshot records none (null hash), exactly as a catalogue without tokens.
    List<ChainConfig> chains = ix.tokenEvidence() ? catalogue
        : catalogue.stream().map(c -> c.withTokens(List.of())).toList();
    List<ChainConfig> indexed = chains.stream().filter(ChainConfig::indexed).toList();
    List<Future<String>> deployed = new ArrayList<>();
    for (ChainConfig chain : indexed) {
      deployed.add(vertx.deployVerticle(new ChainReaderVerticle(chain, ix, checkAtStart)));
    }
    String registry = dev.vouch.config.TokenRegistry.hash(chains);
    return Future.all(deployed).map(all -> new ChainReaders(vertx, indexed, all.list(), registry));
  }

  /** Chains a run covers: the catalogue entries that have RPC URLs. */
  public List<ChainConfig> chains() {
    return chains;
  }

  /** Every indexed chain's outcome, in catalogue order; never fails, a chain's failure is its outcome. */
  public Future<List<ChainRead>> read(String wallet) {
    return read(wallet, r -> { });
  }

  /** As {@link #read(String)}, telling {@code each} about every chain as soon as it is read (progress). */
  public Future<List<ChainRead>> read(String wallet, Consumer<ChainRead> each) {
    return read(wallet, each, n -> { });
  }

  /** Header of a reader's reply: the JSON-RPC calls its read sent. */
  static final String RPC_CALLS = "rpc-calls";

  /** As above, adding each chain's JSON-RPC calls to {@code rpcCalls} (explorer requests are not JSON-RPC). */
  public Future<List<ChainRead>> read(String wallet, Consumer<ChainRead> each, java.util.function.LongConsumer rpcCalls) {
    List<Future<ChainRead>> reads = new ArrayList<>(chains.size());
    for (ChainConfig chain : chains) {
      reads.add(vertx.eventBus().<ChainRead>request(address(chain.chainId()), wallet, ASK)
          .map(m -> {
            String calls = m.headers().get(RPC_CALLS);
            if (calls != null) {
              rpcCalls.accept(Long.parseLong(calls));
            }
            return m.body();
          })
          .otherwise(t -> new ChainRead(chain.chainId(), chain.name(), chain.mode().name(),
              new ChainOutcome.Failed(false, "reader did not answer: " + t.getMessage())))
          .onSuccess(each::accept));
    }
    return Future.all(reads).map(all -> all.<ChainRead>list());
  }

  /** Undeploys the readers (their HTTP clients close with them). */
  public Future<Void> close() {
    List<Future<Void>> undeployed = new ArrayList<>();
    for (String id : deployments) {
      undeployed.add(vertx.undeploy(id));
    }
    return Future.join(undeployed).mapEmpty();
  }
}
