package dev.vouch.config;

import java.util.List;
import java.util.Map;

/** Typed view of config/application.yaml after environment overrides. */
public record AppConfig(
    Role role,
    Http http,
    Database database,
    Redis redis,
    Models models,
    String chainsFile,
    List<ChainConfig> chains,
    BudgetConfig budgets,
    Indexing indexing,
    Receipts receipts,
    Graph graph,
    Identity identity,
    Monitoring monitoring,
    ReadModel readModel) {

  public AppConfig {
    graph = graph == null ? Graph.DEFAULTS : graph;
    monitoring = monitoring == null ? Monitoring.DEFAULTS : monitoring;
    readModel = readModel == null ? ReadModel.DEFAULTS : readModel;
  }

  /**
   * Upkeep of the read model wallet_reads (docs/operations.md "Read model drift").
   *
   * @param checkIntervalMinutes how often one worker compares a sample with its rebuild (0 = never)
   * @param checkSample wallets one check compares
   * @param cacheEntries read-model rows an API process keeps in memory at most (score/ReadStateCache;
   *     {@code database.readCacheMillis} 0 turns the cache off); 0 or absent = 200,000
   * @param cacheMegabytes the estimated heap of those rows at most; 0 or absent = 256
   * @param graphCacheEntries interaction graph first pages (per wallet, order and page size) an API
   *     process keeps in memory at most (interaction/GraphPageCache; kept true and turned off with
   *     the row cache); 0 or absent = 10,000
   * @param graphCacheMegabytes the estimated heap of those pages at most; 0 or absent = 64
   * @param heartbeatMillis how often each process NOTIFYs itself on its listening connection's
   *     channel (indexing/SnapshotNotifications); 0 or absent = 1,000
   * @param heartbeatTimeoutMillis a heartbeat not back within this drops the read cache, reads go
   *     through and the listening connection is replaced; 0 or absent = 3,000
   */
  public record ReadModel(int checkIntervalMinutes, int checkSample, int cacheEntries, int cacheMegabytes,
      int graphCacheEntries, int graphCacheMegabytes, int heartbeatMillis, int heartbeatTimeoutMillis) {
    public static final ReadModel DEFAULTS = new ReadModel(10, 200, 200_000, 256, 10_000, 64, 1000, 3000);

    public ReadModel {
      cacheEntries = cacheEntries > 0 ? cacheEntries : 200_000;
      cacheMegabytes = cacheMegabytes > 0 ? cacheMegabytes : 256;
      graphCacheEntries = graphCacheEntries > 0 ? graphCacheEntries : 10_000;
      graphCacheMegabytes = graphCacheMegabytes > 0 ? graphCacheMegabytes : 64;
      heartbeatMillis = heartbeatMillis > 0 ? heartbeatMillis : 1000;
      heartbeatTimeoutMillis = heartbeatTimeoutMillis > 0 ? heartbeatTimeoutMillis : 3000;
    }
  }

  public enum Role {
    api, worker, all;

    public boolean runsApi() {
      return this != worker;
    }

    public boolean runsWorker() {
      return this != api;
    }
  }

  /**
   * The HTTP edge.
   *
   * @param maxHeaderBytes largest header block accepted (431 beyond)
   * @param maxUriBytes largest request line accepted (414 beyond)
   * @param maxConnectionsPerIp open connections one direct peer may hold (trusted proxies exempt)
   * @param requestTimeoutMs how long the edge waits for a consumer's answer before 503
   * @param corsOrigins browser origins allowed to call the API ("*" for any); empty = no CORS
   * @param eventLoops event-loop threads of the process; 0 = one per core
   * @param idempotency Idempotency-Key records of POST writes (defaults when absent)
   * @param events Server-Sent Event streams of intake progress (defaults when absent)
   */
  public record Http(
      String host,
      int port,
      int instances,
      long bodyLimitBytes,
      int shutdownGraceSeconds,
      List<String> trustedProxies,
      int maxHeaderBytes,
      int maxUriBytes,
      int maxConnectionsPerIp,
      int requestTimeoutMs,
      List<String> corsOrigins,
      int accessLogPerSecond,
      int eventLoops,
      Idempotency idempotency,
      Events events) {

    public Http {
      idempotency = idempotency == null ? Idempotency.DEFAULTS : idempotency;
      events = events == null ? Events.DEFAULTS : events;
    }

    /** Event-loop threads: the configured count, or one per core (bench/README.md measured two per core as slower). */
    public int eventLoopThreads() {
      return eventLoops > 0 ? eventLoops : Runtime.getRuntime().availableProcessors();
    }
  }

  /**
   * Idempotency-Key handling of POST writes (docs/architecture.md "Idempotent writes").
   *
   * @param ttlHours how long a key's answer is kept and replayed
   * @param pendingSeconds how long a key stays "in flight" when its request never finished (a
   *     crashed instance); after that a retry runs the request again. Above http.requestTimeoutMs.
   * @param sweepMinutes how often an API process deletes expired keys
   */
  public record Idempotency(int ttlHours, int pendingSeconds, int sweepMinutes) {
    public static final Idempotency DEFAULTS = new Idempotency(24, 120, 10);
  }

  /**
   * GET /api/v1/intake/{wallet}/events (Server-Sent Events).
   *
   * @param maxStreamsPerCaller open streams one caller (key, or anonymous IP) may hold per process
   * @param maxStreamSeconds a stream ends after this long (the client reconnects)
   * @param heartbeatSeconds a comment line this often keeps proxies from closing an idle stream;
   *     each heartbeat also re-reads the run's state (a notification missed while reconnecting)
   */
  public record Events(int maxStreamsPerCaller, int maxStreamSeconds, int heartbeatSeconds) {
    public static final Events DEFAULTS = new Events(4, 900, 15);
  }

  /**
   * Postgres. The deadlines keep a hung database from hanging the API: together they stay under
   * {@code http.requestTimeoutMs}, so a consumer normally answers before the edge gives up.
   *
   * @param acquireTimeoutMs wait for a pooled connection, including connecting to a server that
   *     does not answer
   * @param waitQueueSize requests that may wait for a pooled connection; more fail at once
   * @param statementTimeoutMs server-side statement_timeout: a blocked statement is cancelled
   * @param readCacheMillis longest an API process keeps a wallet's read-model row in memory (0 = no
   *     cache; see ReadStateCache: the writers' announcements drop a row at once)
   * @param pipeliningLimit statements the read client sends on one connection before the first
   *     answers (Pools.reads); 0 or absent = 4
   * @param readConnections connections of the read client (Pools.reads); 0 or absent = poolSize:
   *     a backend runs one statement at a time, so reads that wait on disk need as many backends
   *     as the pool has (bench/README.md, "Ten million wallets")
   * @param readDeadlineMs the gateway fails a read not answered by then (store/Gateway)
   * @param writeDeadlineMs the gateway fails a write or transaction not answered by then
   * @param breakerFailures deadline misses or connection failures in a row that open a server's breaker
   * @param probeIntervalMs how often an open breaker probes its server, and replicas report their lag
   * @param replicaUrls streaming standbys that serve reads while their replay lag is under the bound
   * @param replicaMaxLagMs the bound: a replica further behind is skipped until it catches up
   * @param startupWaitSeconds how long a start waits, retrying, for the database to answer
   */
  public record Database(String url, int poolSize, String embeddedDataDir, int embeddedPort,
      int acquireTimeoutMs, int waitQueueSize, int statementTimeoutMs, int readCacheMillis, int pipeliningLimit,
      int readConnections, int readDeadlineMs, int writeDeadlineMs, int breakerFailures, int probeIntervalMs,
      List<String> replicaUrls, int replicaMaxLagMs, int startupWaitSeconds) {

    /** Settings a configuration file of an older release lacks take their defaults. */
    public Database {
      readConnections = readConnections > 0 ? readConnections : Math.max(1, poolSize);
      readDeadlineMs = readDeadlineMs > 0 ? readDeadlineMs : 1500;
      writeDeadlineMs = writeDeadlineMs > 0 ? writeDeadlineMs : 1500;
      breakerFailures = breakerFailures > 0 ? breakerFailures : 3;
      probeIntervalMs = probeIntervalMs > 0 ? probeIntervalMs : 250;
      replicaUrls = replicaUrls == null ? List.of()
          : replicaUrls.stream().filter(u -> u != null && !u.isBlank()).map(String::trim).toList();
      replicaMaxLagMs = replicaMaxLagMs > 0 ? replicaMaxLagMs : 1000;
      startupWaitSeconds = startupWaitSeconds > 0 ? startupWaitSeconds : 60;
    }

    public boolean embedded() {
      return url == null || url.isBlank();
    }

    public int readPipelining() {
      return pipeliningLimit > 0 ? pipeliningLimit : 4;
    }
  }

  public record Redis(String url) {
    public boolean configured() {
      return url != null && !url.isBlank();
    }
  }

  /**
   * @param flaggedAddresses screening lists (docs/models.md): files or URLs, plus inline addresses
   * @param screeningRefreshMinutes how often the lists are read again (0 = only at start)
   * @param listMaxBytes a list longer than this is refused (default 256 MiB)
   * @param listMaxRows a list with more rows than this is refused (default 50,000,000)
   * @param labelCacheEntries wallets whose listings a process keeps for its decisions (default 100,000)
   * @param labelCheckMillis how often a process reads the stored labels version (default 5,000)
   */
  public record Models(
      int staleAfterHours, String usernameSuffix, long homeChainId, List<ScreeningSource> flaggedAddresses,
      int screeningRefreshMinutes, long listMaxBytes, long listMaxRows, int labelCacheEntries, long labelCheckMillis) {

    public static final long LIST_MAX_BYTES = 256L << 20;
    public static final long LIST_MAX_ROWS = 50_000_000L;

    public Models {
      flaggedAddresses = flaggedAddresses == null ? List.of() : List.copyOf(flaggedAddresses);
      listMaxBytes = listMaxBytes == 0 ? LIST_MAX_BYTES : listMaxBytes;
      listMaxRows = listMaxRows == 0 ? LIST_MAX_ROWS : listMaxRows;
      labelCacheEntries = labelCacheEntries == 0 ? 100_000 : labelCacheEntries;
      labelCheckMillis = labelCheckMillis == 0 ? 5_000 : labelCheckMillis;
    }
  }

  /**
   * Indexing jobs and the JSON-RPC client (issue 4).
   *
   * @param pollMs how often an idle worker looks for queued jobs (a NOTIFY also wakes it)
   * @param leaseSeconds how long a claimed job stays with its worker without a renewal
   * @param maxConcurrentJobs jobs one worker process runs at once
   * @param maxAttempts claims of one job before it counts as failed (crashed workers)
   * @param rpcRetries retries of one JSON-RPC exchange after the first try
   * @param rpcBackoffMs base of the jittered exponential backoff between retries
   * @param maxResponseBytes largest JSON-RPC or explorer response body accepted
   * @param cooldownMinutes one indexing attempt per wallet per this many minutes
   * @param freshMinutes a keyed refresh within this window of the last snapshot answers fresh
   * @param reindexEveryMinutes how often the worker sweeps registered wallets for the daily re-index
   * @param reindexBatch most wallets one sweep queues
   * @param maxInFlightBytes response bytes one process may buffer at once, over every chain and
   *     source: each exchange reserves maxResponseBytes, so this / maxResponseBytes exchanges run at once
   * @param breakerFailures transient failures in a row that open a provider's circuit breaker
   * @param breakerCoolOffMs how long an open breaker refuses calls before one probe goes out
   * @param retryBudgetPercent retries a provider may get, as a percentage of its first tries
   *     (plus rpcRetries, so a lone call keeps its retries)
   * @param retryBudgetWindowSeconds the sliding window the retry budget counts over
   * @param retryBaseSeconds wait before the worker's first retry of transiently failed chains;
   *     each further retry waits twice as long (at most an hour)
   * @param retryRounds retries of one outage before the worker leaves it to the next request
   * @param tokenEvidence read registered-token Transfer evidence (issue 24); off, chains read
   *     native history only and snapshots record no registry (default on)
   */
  public record Indexing(
      int pollMs, int leaseSeconds, int maxConcurrentJobs, int maxAttempts, int rpcRetries,
      int rpcBackoffMs, int maxResponseBytes, int cooldownMinutes, int freshMinutes,
      int reindexEveryMinutes, int reindexBatch, long maxInFlightBytes, int breakerFailures,
      int breakerCoolOffMs, int retryBudgetPercent, int retryBudgetWindowSeconds, int retryBaseSeconds,
      int retryRounds, Boolean tokenEvidence) {

    public Indexing {
      tokenEvidence = tokenEvidence == null || tokenEvidence;
    }

    /** With token evidence on. */
    public Indexing(int pollMs, int leaseSeconds, int maxConcurrentJobs, int maxAttempts, int rpcRetries,
        int rpcBackoffMs, int maxResponseBytes, int cooldownMinutes, int freshMinutes,
        int reindexEveryMinutes, int reindexBatch, long maxInFlightBytes, int breakerFailures,
        int breakerCoolOffMs, int retryBudgetPercent, int retryBudgetWindowSeconds, int retryBaseSeconds,
        int retryRounds) {
      this(pollMs, leaseSeconds, maxConcurrentJobs, maxAttempts, rpcRetries, rpcBackoffMs, maxResponseBytes,
          cooldownMinutes, freshMinutes, reindexEveryMinutes, reindexBatch, maxInFlightBytes, breakerFailures,
          breakerCoolOffMs, retryBudgetPercent, retryBudgetWindowSeconds, retryBaseSeconds, retryRounds, true);
    }

    /** The defaults of the provider traffic limits (config/application.yaml). */
    public static final long DEFAULT_MAX_IN_FLIGHT_BYTES = 128L << 20;

    /** Without the provider traffic and worker retry settings: their defaults. */
    public Indexing(int pollMs, int leaseSeconds, int maxConcurrentJobs, int maxAttempts, int rpcRetries,
        int rpcBackoffMs, int maxResponseBytes, int cooldownMinutes, int freshMinutes,
        int reindexEveryMinutes, int reindexBatch) {
      this(pollMs, leaseSeconds, maxConcurrentJobs, maxAttempts, rpcRetries, rpcBackoffMs, maxResponseBytes,
          cooldownMinutes, freshMinutes, reindexEveryMinutes, reindexBatch,
          Math.max(DEFAULT_MAX_IN_FLIGHT_BYTES, maxResponseBytes), 5, 30_000, 20, 10, 60, 5);
    }

    /** The same settings with other provider traffic limits. */
    public Indexing withTraffic(long maxInFlightBytes, int breakerFailures, int breakerCoolOffMs,
        int retryBudgetPercent, int retryBudgetWindowSeconds) {
      return new Indexing(pollMs, leaseSeconds, maxConcurrentJobs, maxAttempts, rpcRetries, rpcBackoffMs,
          maxResponseBytes, cooldownMinutes, freshMinutes, reindexEveryMinutes, reindexBatch, maxInFlightBytes,
          breakerFailures, breakerCoolOffMs, retryBudgetPercent, retryBudgetWindowSeconds, retryBaseSeconds,
          retryRounds, tokenEvidence);
    }

    /** The same settings with token evidence on or off. */
    public Indexing withTokenEvidence(boolean on) {
      return new Indexing(pollMs, leaseSeconds, maxConcurrentJobs, maxAttempts, rpcRetries, rpcBackoffMs,
          maxResponseBytes, cooldownMinutes, freshMinutes, reindexEveryMinutes, reindexBatch, maxInFlightBytes,
          breakerFailures, breakerCoolOffMs, retryBudgetPercent, retryBudgetWindowSeconds, retryBaseSeconds,
          retryRounds, on);
    }
  }

  /**
   * Username claims and attestations (issue 9).
   *
   * @param domain the host (and port) named in Sign-In with Ethereum messages
   * @param uri the URI named in them
   * @param challengeTtlSeconds how long a claim challenge can be signed and posted
   * @param maxDeadlineSeconds furthest an attestation signature's deadline may lie ahead
   */
  public record Identity(String domain, String uri, int challengeTtlSeconds, int maxDeadlineSeconds) {}

  /**
   * Receipt signing (issue 7).
   *
   * @param signingKey a private Ed25519 JWK or JWK set in JSON (e.g. from a secret); wins over the file
   * @param signingKeyFile a JWK set file: the first key signs, all are published; generated when absent
   */
  public record Receipts(String signingKey, String signingKeyFile) {}

  /**
   * Interaction graph read and the retention of counterparty rows (issue 8).
   *
   * @param cursorKey HMAC key of page cursors, hex (at least 32 bytes); empty = the key the V4
   *     migration generated in the database, shared by every instance
   * @param retentionHours counterparty rows of a snapshot are kept this long after a newer snapshot
   *     of the wallet commits (the latest snapshot's rows always stay); also how long a cursor works
   * @param pruneBatch snapshots whose rows one prune statement deletes (the worker repeats)
   */
  public record Graph(String cursorKey, int retentionHours, int pruneBatch) {
    public static final Graph DEFAULTS = new Graph("", 24, 100);
  }

  /**
   * Watchlists, decision-change events and webhooks (issue 19, docs/monitoring.md).
   *
   * @param maxWallets wallets one key may watch over all its lists, per plan name (config names
   *     plans by string, as budgets do, so this package depends on no capability)
   * @param maxLists watchlists per key
   * @param maxWalletsPerRequest wallets one add or remove may carry
   * @param bodyLimitBytes body limit of the add and remove routes only (others keep http.bodyLimitBytes)
   * @param screeningCheckMillis how often a worker looks for a reloaded screening list to announce
   */
  public record Monitoring(Map<String, Integer> maxWallets, int maxLists, int maxWalletsPerRequest,
      long bodyLimitBytes, int screeningCheckMillis, Webhooks webhooks, Retention retention) {
    public static final Monitoring DEFAULTS = new Monitoring(
        Map.of("developer", 10_000, "plus", 25_000, "pro", 100_000, "partner", 1_000_000),
        20, 10_000, 1L << 20, 1000, Webhooks.DEFAULTS, Retention.DEFAULTS);

    public Monitoring {
      maxWallets = maxWallets == null ? DEFAULTS.maxWallets() : Map.copyOf(maxWallets);
      webhooks = webhooks == null ? Webhooks.DEFAULTS : webhooks;
      retention = retention == null ? Retention.DEFAULTS : retention;
    }

    public int maxWallets(String plan) {
      return maxWallets.getOrDefault(plan, 0);
    }
  }

  /**
   * Pruning of the outbox (worker roles): finished deliveries and the events no delivery waits on.
   *
   * @param eventDays events older than this (by their time) are deleted once no delivery refers to them
   * @param deliveryDays delivered and failed deliveries of events older than this are deleted;
   *     pending and running ones never are
   * @param everyMinutes how often a worker prunes
   * @param batchSize rows one delete statement removes (short transactions, bounded locks)
   */
  public record Retention(int eventDays, int deliveryDays, int everyMinutes, int batchSize) {
    public static final Retention DEFAULTS = new Retention(30, 30, 60, 5000);
  }

  /**
   * Webhook delivery.
   *
   * @param secretKey hex AES-256 key sealing the stored signing secrets; empty = the key the V30
   *     migration generated in the database (protects a leaked endpoints table only)
   * @param allowPrivateAddresses deliver to loopback, private and link-local addresses (tests only)
   * @param allowHttp accept plain http URLs (local receivers); false: https only
   * @param maxResponseBytes response bytes read from a receiver before the attempt counts as failed
   * @param giveUpHours a delivery still failing this long after its event is marked failed
   * @param disableAfterFailures consecutive failed attempts that, together with disableAfterHours of
   *     failing, disable an endpoint
   */
  public record Webhooks(String secretKey, boolean allowPrivateAddresses, int connectTimeoutMs, int timeoutMs,
      int maxResponseBytes, int pollMs, int leaseSeconds, int concurrency, int retryBaseSeconds,
      int retryMaxSeconds, int giveUpHours, int disableAfterFailures, int disableAfterHours, int maxEndpoints,
      boolean allowHttp) {
    public static final Webhooks DEFAULTS = new Webhooks("", false, 5000, 10000, 65536, 1000, 60, 8, 5, 3600,
        26, 50, 24, 10, false);
  }

  public AppConfig withDatabaseUrl(String url) {
    return new AppConfig(
        role, http,
        new Database(url, database.poolSize(), database.embeddedDataDir(), database.embeddedPort(),
            database.acquireTimeoutMs(), database.waitQueueSize(), database.statementTimeoutMs(),
            database.readCacheMillis(), database.pipeliningLimit(), database.readConnections(), database.readDeadlineMs(), database.writeDeadlineMs(),
            database.breakerFailures(), database.probeIntervalMs(), database.replicaUrls(), database.replicaMaxLagMs(),
            database.startupWaitSeconds()),
        redis, models, chainsFile, chains, budgets, indexing, receipts, graph, identity, monitoring, readModel);
  }

  public AppConfig withHttpPort(int port) {
    return new AppConfig(
        role,
        new Http(http.host(), port, http.instances(), http.bodyLimitBytes(),
            http.shutdownGraceSeconds(), http.trustedProxies(), http.maxHeaderBytes(), http.maxUriBytes(),
            http.maxConnectionsPerIp(), http.requestTimeoutMs(), http.corsOrigins(), http.accessLogPerSecond(),
            http.eventLoops(), http.idempotency(), http.events()),
        database, redis, models, chainsFile, chains, budgets, indexing, receipts, graph, identity, monitoring, readModel);
  }

  public AppConfig withRole(Role newRole) {
    return new AppConfig(newRole, http, database, redis, models, chainsFile, chains, budgets, indexing, receipts, graph, identity, monitoring, readModel);
  }

  public AppConfig withChains(List<ChainConfig> newChains) {
    return new AppConfig(role, http, database, redis, models, chainsFile, newChains, budgets, indexing, receipts, graph, identity, monitoring, readModel);
  }
}
