package dev.vouch.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.bus.Codecs;
import dev.vouch.chain.ChainReaders;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The chain reader tests' fixture: a Vert.x instance with the chain read codec, on whose context
 * readers are deployed, read and closed as the index worker does. The bound only limits how long
 * a broken read hangs a test; it is no timing claim.
 */
public final class ChainReading implements AutoCloseable {

  public final Vertx vertx;
  private final Duration bound;

  public ChainReading(Duration bound) {
    this.vertx = Vertx.vertx();
    this.bound = bound;
    Codecs.register(vertx, List.of(ChainRead.class));
  }

  /** Runs the work on a Vert.x context and waits for its result. */
  public <T> T onContext(Supplier<Future<T>> work) {
    Promise<T> p = Promise.promise();
    vertx.getOrCreateContext().runOnContext(v -> work.get().onComplete(p));
    try {
      return p.future().toCompletionStage().toCompletableFuture().get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Each chain's read of each wallet, the wallets read in parallel by one set of readers. */
  public List<List<ChainRead>> readAll(List<ChainConfig> chains, AppConfig.Indexing ix, List<String> wallets) {
    ChainReaders readers = onContext(() -> ChainReaders.deploy(vertx, chains, ix, false));
    try {
      return onContext(() -> {
        List<Future<List<ChainRead>>> all = new ArrayList<>();
        wallets.forEach(w -> all.add(readers.read(w)));
        return Future.all(all).map(f -> f.<List<ChainRead>>list());
      });
    } finally {
      onContext(readers::close);
    }
  }

  /** The one chain's read of the wallet, by readers deployed for it alone. */
  public ChainRead read(ChainConfig chain, AppConfig.Indexing ix, String wallet) {
    List<ChainRead> reads = readAll(List.of(chain), ix, List.of(wallet)).get(0);
    assertThat(reads).hasSize(1);
    return reads.get(0);
  }

  @Override
  public void close() {
    vertx.close();
  }
}
