package dev.vouch;

import dev.vouch.budget.Budgeting;
import dev.vouch.bus.Codecs;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import dev.vouch.decision.DecisionVerticle;
import dev.vouch.policy.Policies;
import dev.vouch.exposure.ExposureStore;
import dev.vouch.exposure.ExposureVerticle;
import dev.vouch.chain.ChainCheck;
import dev.vouch.transfer.TransferCompletionVerticle;
import dev.vouch.transfer.TransferVerticle;
import dev.vouch.transfer.Transfers;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import dev.vouch.decision.Decisions;
import dev.vouch.http.HttpVerticle;
import dev.vouch.identity.IdentityServices;
import dev.vouch.idempotency.IdempotencyStore;
import dev.vouch.idempotency.IdempotencySweeper;
import dev.vouch.indexing.CommitHook;
import dev.vouch.indexing.Indexing;
import dev.vouch.pathtrace.PathTraceHook;
import dev.vouch.pathtrace.PathTraceVerticle;
import dev.vouch.pathtrace.PathTracer;
import dev.vouch.interaction.Interaction;
import dev.vouch.interaction.model.Cursors;
import dev.vouch.monitoring.MonitorServices;
import dev.vouch.monitoring.DecisionWatch;
import dev.vouch.monitoring.Monitoring;
import dev.vouch.ops.Metrics;
import dev.vouch.ops.Tracing;
import dev.vouch.receipt.Receipts;
import dev.vouch.receipt.SigningKeys;
import dev.vouch.score.ScoreVerticle;
import dev.vouch.score.ReadModelCheck;
import dev.vouch.score.ReadStateCache;
import dev.vouch.bus.WalletsChanged;
import dev.vouch.score.WalletReads;
import dev.vouch.stats.StatsVerticle;
import dev.vouch.bus.Addresses;
import dev.vouch.screening.Screening;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.DatabaseWait;
import dev.vouch.store.EmbeddedDatabase;
import dev.vouch.store.Migrations;
import dev.vouch.store.Gateway;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Deployable;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.healthchecks.HealthChecks;
import io.vertx.ext.healthchecks.Status;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Logger;

/** Wires one Vouch process: store, migrations, Vert.x, and the verticles of its role. */
public final class VouchApp implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(VouchApp.class.getName());

  private final Vertx vertx;
  private final Gateway db;
  private final EmbeddedDatabase embedded;
  private final AppConfig config;
  private final DatabaseUrl databaseUrl;
  private final Budgeting budgets;
  private final SigningKeys receiptKeys;
  private final AutoCloseable jvmMetrics;
  private final Tracing tracing;
  private volatile String httpDeployment;
  /** Unregisters this process's read cache from WalletsChanged. */
  private volatile Runnable unhook = () -> { };
  private volatile Screening screening;
  private volatile Policies policies;
  private volatile ReadModelCheck readModelCheck;

  private VouchApp(Vertx vertx, Gateway db, EmbeddedDatabase embedded, AppConfig config, DatabaseUrl url,
      Budgeting budgets, SigningKeys receiptKeys, AutoCloseable jvmMetrics, Tracing tracing) {
    this.jvmMetrics = jvmMetrics;
    this.tracing = tracing;
    this.vertx = vertx;
    this.db = db;
    this.embedded = embedded;
    this.config = config;
    this.databaseUrl = url;
    this.budgets = budgets;
    this.receiptKeys = receiptKeys;
  }

  /** Database URL the config names, starting the embedded Postgres when it names none. */
  public static EmbeddedDatabase startEmbeddedIfNeeded(AppConfig config) {
    if (!config.database().embedded()) {
      return null;
    }
    return EmbeddedDatabase.start(Path.of(config.database().embeddedDataDir()).toAbsolutePath(), config.database().embeddedPort());
  }

  /**
   * For operator commands (keys, migrate): DATABASE_URL, else the embedded server a running
   * {@code serve} recorded, else an embedded server for the command's duration. Close it after.
   */
  public static EmbeddedDatabase embeddedForCommand(AppConfig config) {
    if (!config.database().embedded()) {
      return null;
    }
    return EmbeddedDatabase.attachOrStart(Path.of(config.database().embeddedDataDir()).toAbsolutePath(), config.database().embeddedPort());
  }

  /** Blocking start, for the main thread and tests; never call from an event loop. */
  public static VouchApp start(AppConfig config, Clock clock) throws Exception {
    return start(config, clock, Tracing.fromEnvironment(System.getenv()));
  }

  /** As {@link #start(AppConfig, Clock)} with the given tracing (closed with the app). */
  public static VouchApp start(AppConfig config, Clock clock, Tracing tracing) throws Exception {
    EmbeddedDatabase embedded = startEmbeddedIfNeeded(config);
    DatabaseUrl url = embedded != null ? embedded.url() : DatabaseUrl.parse(config.database().url());
    // A database that is late (a busy node, a Postgres still starting) delays the start, within a bound.
    Duration wait = Duration.ofSeconds(config.database().startupWaitSeconds());
    DatabaseWait.await(url, wait);
    Migrations.migrate(url);
    // File IO (and maybe key generation) here, on the main thread, before any event loop runs.
    SigningKeys receiptKeys = config.role().runsApi()
        ? SigningKeys.load(config.receipts().signingKey(), config.receipts().signingKeyFile()) : null;

    PrometheusMeterRegistry registry = Metrics.registry();
    Vertx vertx = Vertx.builder()
        .with(tracing.apply(Metrics.vertxOptions().setEventLoopPoolSize(config.http().eventLoopThreads())))
        .withMetrics(new MicrometerMetricsFactory(registry))
        .build();
    Metrics.attach(vertx, registry);
    Tracing.attach(vertx, tracing);
    AutoCloseable jvmMetrics = Metrics.bindJvm(registry);
    List<Class<?>> busTypes = new ArrayList<>(Indexing.BUS_TYPES);
    busTypes.addAll(DecisionVerticle.BUS_TYPES);
    busTypes.addAll(dev.vouch.exposure.ExposureVerticle.BUS_TYPES);
    busTypes.addAll(ScoreVerticle.BUS_TYPES);
    busTypes.addAll(Interaction.BUS_TYPES);
    busTypes.addAll(Receipts.BUS_TYPES);
    busTypes.addAll(dev.vouch.transfer.TransferVerticle.BUS_TYPES);
    Codecs.register(vertx, busTypes);
    Gateway db = Gateway.create(vertx, url, config.database(), registry);
    Budgeting budgets = Budgeting.create(vertx, db, config, clock, registry);
    VouchApp app = new VouchApp(vertx, db, embedded, config, url, budgets, receiptKeys, jvmMetrics, tracing);
    try {
      app.deploy(registry, clock).toCompletionStage().toCompletableFuture().get(wait.toSeconds() + 60, TimeUnit.SECONDS);
    } catch (Exception e) {
      app.close();
      throw e;
    }
    LOG.info(() -> "vouch started role=" + config.role() + " port=" + config.http().port()
        + " database=" + url.redacted());
    return app;
  }

  private Future<?> deploy(PrometheusMeterRegistry registry, Clock clock) {
    // tryComplete: the check's own timeout may have answered first.
    HealthChecks health = HealthChecks.create(vertx).register("postgres", 2000, promise ->
        // Ready while reads can be served: the primary or a replica answers (writes may be 503).
        db.ready(1900).onComplete(ar -> promise.tryComplete(ar.succeeded() && ar.result()
            ? (db.primaryUp() ? Status.OK() : Status.OK(new io.vertx.core.json.JsonObject().put("primary", "down")))
            : Status.KO())));
    budgets.registerHealth(health);
    // Registered in every role (its gauge at 0), run by workers only.
    readModelCheck = new ReadModelCheck(db, config.readModel().checkSample(), registry);
    if (config.role().runsWorker()) {
      readModelCheck.schedule(vertx, config.readModel().checkIntervalMinutes());
    }
    int instances = config.http().instances() > 0 ? config.http().instances()
        : Runtime.getRuntime().availableProcessors();
    Duration staleAfter = Duration.ofHours(config.models().staleAfterHours());
    String homeChain = config.chains().stream()
        .filter(c -> c.chainId() == config.models().homeChainId())
        .map(ChainConfig::name).findFirst().orElse("Arc Testnet");
    // The outbox hooks decide with the same home chain and staleness as the decision reads.
    DecisionWatch watch = new DecisionWatch(homeChain, staleAfter);
    WalletReads store = new WalletReads(db);
    int cacheMillis = config.database().readCacheMillis();
    ReadStateCache reads = new ReadStateCache(store, new WalletReads(db, !config.database().replicaUrls().isEmpty()),
        cacheMillis > 0 ? config.readModel().cacheEntries() : 0, config.readModel().cacheMegabytes() * 1024L * 1024L,
        Duration.ofMillis(Math.max(0, cacheMillis)),
        state -> !state.jobInFlight() && state.snapshot().map(s -> !s.staleAt(clock.instant(), staleAfter)).orElse(false))
        .bind(registry);
    // Kept true by the writers' announcements (V91); a wallet this instance changed is dropped by
    // its writer before it answers (WalletsChanged).
    vertx.eventBus().<String>consumer(Addresses.READS_ANNOUNCED, m -> reads.announced(m.body()));
    unhook = WalletsChanged.register(vertx, reads::invalidate);
    vertx.eventBus().consumer(Addresses.READS_LISTENING, m -> reads.listening());
    vertx.eventBus().<String>consumer(Addresses.READS_LOST,
        m -> reads.lost(Addresses.LOST_HEARTBEAT.equals(m.body())));

    // Customer policies (issue 32): the index is loaded when its channel is listened to and kept
    // by its announcements; while the connection is away keyed reads ask the database.
    Policies policies = new Policies(db);
    vertx.eventBus().consumer(Addresses.POLICIES_LISTENING, m -> policies.load());
    vertx.eventBus().<String>consumer(Addresses.POLICY_ANNOUNCED, m -> policies.announced(m.body()));
    vertx.eventBus().consumer(Addresses.READS_LOST, m -> policies.lost());
    this.policies = policies;
    AppConfig.Models models = config.models();
    Future<Screening> lists = Screening.start(vertx, db, databaseUrl, models.flaggedAddresses(),
        models.screeningRefreshMinutes(), models.listMaxBytes(), models.listMaxRows(), models.labelCacheEntries(),
        models.labelCheckMillis());
    lists.onSuccess(s -> screening = s);
    Future<?> chain = lists;
    Cursors[] cursors = new Cursors[1];
    Decisions[] decided = new Decisions[1];
    MonitorServices[] monitoring = new MonitorServices[1];
    // Hosted by every HTTP instance on its own event loop (bus/Colocation): no thread hop.
    List<Supplier<? extends Deployable>> colocated = new ArrayList<>();
    if (config.role().runsApi()) {
      chain = chain
          .compose(v -> {
            Decisions decisions = decided[0] = new Decisions(store, reads, clock, staleAfter, homeChain, lists.result());
            colocated.add(() -> new DecisionVerticle(decisions));
            colocated.add(() -> new ScoreVerticle(reads, clock, staleAfter));
            ExposureStore exposures = new ExposureStore(db, dev.vouch.exposure.ExposureStore.reach(config.exposure()));
            colocated.add(() -> new ExposureVerticle(exposures));
            colocated.add(Receipts.reader(db));
            Transfers transfers = new Transfers(db, new ChainCheck(vertx, transferClient(vertx, config),
                config.indexing()), config.chains(), store, decisions, lists.result(), budgets.metering(), receiptKeys,
                policies, clock);
            colocated.add(() -> new TransferVerticle(transfers));
            return vertx.deployVerticle(new TransferCompletionVerticle(transfers))
                .compose(x -> Receipts.deploy(vertx, db, decisions, receiptKeys, clock, instances));
          })
          .compose(v -> vertx.deployVerticle(new StatsVerticle(db, clock, config.chains())))
          .compose(v -> Interaction.cursors(db, config))
          .compose(c -> {
            colocated.add(Interaction.reader(db, config, clock, cursors[0] = c, reads, registry));
            return Future.succeededFuture();
          });
    }
    chain = chain.compose(v -> Indexing.deploy(vertx, db, config, clock, databaseUrl, instances, budgets.metering(),
        lists.result(), watch.reindexing(), config.pathTrace().enabled()
            ? (conn, job, now, calls) -> PathTraceHook.note(conn, job.id(), now, calls) : CommitHook.NONE));
    if (config.role().runsWorker() && config.pathTrace().enabled()) {
      chain = chain.compose(v -> vertx.deployVerticle(new PathTraceVerticle(
          new PathTracer(db, config.pathTrace(), staleAfter), clock, config.pathTrace().pollMs())));
    }
    chain = chain.compose(v -> Monitoring.deploy(vertx, db, config, clock, watch, budgets.metering(), decided[0])
        .onSuccess(m -> monitoring[0] = m));
    if (config.role().runsWorker() && config.monitoring().transferWatch().enabled()) {
      // Watched deposit addresses: one block scanner per chain (docs/transfers.md#watched-deposit-addresses).
      chain = chain.compose(v -> {
        Decisions decisions = decided[0] != null ? decided[0]
            : new Decisions(store, reads, clock, staleAfter, homeChain, lists.result());
        Transfers transfers = new Transfers(db, new ChainCheck(vertx, transferClient(vertx, config),
            config.indexing()), config.chains(), store, decisions, lists.result(), budgets.metering(), receiptKeys,
            policies, clock);
        return vertx.deployVerticle(new dev.vouch.transfer.TransferWatchVerticle(db, transfers, budgets.metering(),
            config.chains(), config.indexing(), config.monitoring().transferWatch(), clock));
      });
    }
    boolean apiRoutes = config.role().runsApi();
    IdentityServices identity = IdentityServices.create(vertx, db, config, clock, watch);
    AppConfig.Idempotency keys = config.http().idempotency();
    IdempotencyStore idempotency = apiRoutes ? new IdempotencyStore(db, clock, Duration.ofHours(keys.ttlHours()),
        Duration.ofSeconds(keys.pendingSeconds())) : null;
    if (apiRoutes) {
      chain = chain.compose(v -> vertx.deployVerticle(
          new IdempotencySweeper(idempotency, Duration.ofMinutes(keys.sweepMinutes()))));
    }
    return chain.compose(v -> vertx.deployVerticle(
            HttpVerticle.instances(config, registry, health, apiRoutes, budgets, clock, cursors[0], identity,
                idempotency, monitoring[0], colocated, apiRoutes ? policies : null),
            new DeploymentOptions().setInstances(apiRoutes ? instances : 1)))
        .onSuccess(id -> httpDeployment = id);
  }

  /**
   * The JSON-RPC client of transfer screening: as many connections per node as a chain's
   * concurrency allows (the default pool's 5 capped single screenings at about a third of what
   * the same reads reach with 16, bench/README.md "Transfer screening").
   */
  private static WebClient transferClient(Vertx vertx, AppConfig config) {
    int connections = config.chains().stream().mapToInt(ChainConfig::concurrency).max().orElse(8);
    return WebClient.create(vertx, new WebClientOptions().setFollowRedirects(false).setUserAgent("vouch-transfers")
        .setKeepAlive(true), new io.vertx.core.http.PoolOptions().setHttp1MaxSize(Math.max(1, connections)));
  }

  public Vertx vertx() {
    return vertx;
  }

  /** This process's customer policies (tests wait for the index before timing anything). */
  public Policies policies() {
    return policies;
  }

  /** This process's screening lists (tests reload them instead of waiting a refresh interval). */
  public Screening screening() {
    return screening;
  }

  /** The primary's pool (tests and commands that run SQL of their own). */
  public Pool pool() {
    return db.primaryPool();
  }

  /** The sampled read-model check (tests run a round instead of waiting an interval). */
  public ReadModelCheck readModelCheck() {
    return readModelCheck;
  }

  public AppConfig config() {
    return config;
  }

  public DatabaseUrl databaseUrl() {
    return databaseUrl;
  }

  /** Rate budgets, caps and key resolution, for capabilities that charge outside a route. */
  public Budgeting budgets() {
    return budgets;
  }

  /**
   * Graceful: the HTTP servers drain first while consumers and the pool still serve their
   * in-flight requests; only then do the other verticles, the pool and embedded Postgres stop.
   */
  @Override
  public void close() {
    long grace = config.http().shutdownGraceSeconds() + 5L;
    unhook.run();
    try {
      if (httpDeployment != null) {
        vertx.undeploy(httpDeployment).toCompletionStage().toCompletableFuture().get(grace, TimeUnit.SECONDS);
      }
      // Then consumers and workers, while the pool still answers (workers hand their jobs back).
      List<Future<Void>> rest = new ArrayList<>();
      for (String id : vertx.deploymentIDs()) {
        rest.add(vertx.undeploy(id));
      }
      Future.join(rest).toCompletionStage().toCompletableFuture().get(grace, TimeUnit.SECONDS);
    } catch (Exception e) {
      LOG.warning("undeploy: " + e.getMessage());
    }
    try {
      vertx.close().toCompletionStage().toCompletableFuture().get(grace, TimeUnit.SECONDS);
    } catch (Exception e) {
      LOG.warning("vertx close: " + e.getMessage());
    }
    tracing.close();
    try {
      jvmMetrics.close();
    } catch (Exception e) {
      LOG.warning("metrics close: " + e.getMessage());
    }
    if (embedded != null) {
      embedded.close();
    }
  }
}
