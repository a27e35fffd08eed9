package dev.vouch.chain;

import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import dev.vouch.ops.Metrics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What a process's calls to chain providers share, whichever chain, source or run makes them:
 * one byte budget for response bodies in flight (indexing.maxInFlightBytes), and per provider a
 * circuit breaker and a retry budget. One per Vert.x instance (process) and settings.
 */
public final class ChainTraffic {

  /** Response bytes reserved by exchanges in flight (each reserves indexing.maxResponseBytes). */
  public static final String INFLIGHT_BYTES = "vouch.provider.inflight.bytes";
  /** The byte budget: indexing.maxInFlightBytes. */
  public static final String INFLIGHT_BYTES_MAX = "vouch.provider.inflight.bytes.max";
  /** Exchanges waiting for the byte budget. */
  public static final String INFLIGHT_WAITING = "vouch.provider.inflight.waiting";
  /** Breaker state by provider: 0 closed, 1 half-open (probe out), 2 open. */
  public static final String BREAKER_STATE = "vouch.provider.breaker.state";
  /** Times a provider's breaker opened. */
  public static final String BREAKER_OPENED = "vouch.provider.breaker.opened";
  /** Calls failed at once, unsent, because the provider's breaker was open. */
  public static final String BREAKER_REFUSED = "vouch.provider.breaker.refused";
  /** Retries by provider and result: allowed, or denied by the retry budget. */
  public static final String RETRIES = "vouch.provider.retries";

  /** The settings that shape the traffic; instances with other settings are separate (tests). */
  record Limits(long maxInFlightBytes, int breakerFailures, int breakerCoolOffMs, int retryBudgetPercent,
      int retryBudgetWindowSeconds, int retryFloor) {

    static Limits of(AppConfig.Indexing ix) {
      return new Limits(ix.maxInFlightBytes(), ix.breakerFailures(), ix.breakerCoolOffMs(), ix.retryBudgetPercent(),
          ix.retryBudgetWindowSeconds(), ix.rpcRetries());
    }
  }

  private static final Map<Vertx, Map<Limits, ChainTraffic>> BY_VERTX = new WeakHashMap<>();

  private final Limits limits;
  private final MeterRegistry registry;
  private final LongSupplier nanoTime;
  private final ByteBudget bytes;
  private final Map<String, ProviderGuard> guards = new ConcurrentHashMap<>();

  ChainTraffic(Limits limits, MeterRegistry registry, LongSupplier nanoTime) {
    this.limits = limits;
    this.registry = registry;
    this.nanoTime = nanoTime;
    this.bytes = new ByteBudget(limits.maxInFlightBytes());
    Gauge.builder(INFLIGHT_BYTES, bytes, ByteBudget::reserved).register(registry);
    Gauge.builder(INFLIGHT_BYTES_MAX, bytes, ByteBudget::capacity).register(registry);
    Gauge.builder(INFLIGHT_WAITING, bytes, ByteBudget::waiting).register(registry);
  }

  /** The process's traffic under these settings. */
  public static synchronized ChainTraffic of(Vertx vertx, AppConfig.Indexing ix) {
    Limits limits = Limits.of(ix);
    return BY_VERTX.computeIfAbsent(vertx, v -> new HashMap<>())
        .computeIfAbsent(limits, l -> new ChainTraffic(l, Metrics.of(vertx), System::nanoTime));
  }

  ByteBudget bytes() {
    return bytes;
  }

  /** The guard of a chain's RPC URL; labelled by chain, position and host (URLs may hold keys). */
  ProviderGuard rpc(ChainConfig chain, int url) {
    String target = chain.rpcUrls().get(url);
    return guard("rpc " + target, () -> chain.name() + "/rpc" + (url + 1) + "/" + host(target));
  }

  /** The guard of an explorer source: its URL and key, as explorers count per key across chains. */
  ProviderGuard explorer(ChainConfig.Source source) {
    return guard("explorer " + source.url() + "|" + source.apiKeyEnv(),
        () -> source.type().name() + "/" + host(source.url()));
  }

  private ProviderGuard guard(String key, Supplier<String> label) {
    return guards.computeIfAbsent(key, k -> new ProviderGuard(label.get(),
        new CircuitBreaker(limits.breakerFailures(), limits.breakerCoolOffMs(), nanoTime),
        new RetryBudget(limits.retryBudgetPercent() / 100.0, limits.retryFloor(),
            limits.retryBudgetWindowSeconds() * 1000L, nanoTime),
        registry));
  }

  private static String host(String url) {
    URI uri = URI.create(url);
    return uri.getPort() < 0 ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
  }
}
