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
    ReadModel readModel,
    PathTrace pathTrace,
    Exposure exposure) {

  public AppConfig {
    pathTrace = pathTrace == null ? PathTrace.DEFAULTS : pathTrace;
    exposure = exposure == null ? Exposure.DEFAULTS : exposure;
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

  /** Before tracing existed: its defaults. */
  public AppConfig(Role role, Http http, Database database, Redis redis, Models models, String chainsFile,
      List<ChainConfig> chains, BudgetConfig budgets, Indexing indexing, Receipts receipts, Graph graph,
      Identity identity, Monitoring monitoring, ReadModel readModel) {
    this(role, http, database, redis, models, chainsFile, chains, budgets, indexing, receipts, graph, identity,
        monitoring, readModel, null, null);
  }

  /**
   * Tracing of intermediaries (issue 33 item 2; docs/models.md "Tracing"): after a wallet's
   * snapshot commits, the counterparties on its valued paths that Vouch has not indexed (or whose
   * snapshot is stale) are queued as low-priority jobs charged to no caller.
   *
   * @param enabled false: no commit is traced and nothing is queued
   * @param maxDepth hops from the root wallet traced (1 = its counterparties, 2 = theirs too)
   * @param perWallet most counterparties, by USD, traced from one wallet
   * @param perRootJobs most jobs one root's trace queues (a re-plan at the root's next commit starts again)
   * @param jobsPerMinute most traced jobs queued per minute over every worker
   * @param rpcCallsPerMinute no traced job is queued in a minute whose traced runs made this many JSON-RPC calls
   * @param maxConcurrentJobs traced jobs one worker process runs at once (the rest of
   *     indexing.maxConcurrentJobs stays free for callers' jobs)
   * @param pollMs how often a worker looks for commits to trace (a commit's notification wakes it sooner)
   */
  public record PathTrace(boolean enabled, int maxDepth, int perWallet, int perRootJobs, int jobsPerMinute,
      long rpcCallsPerMinute, int maxConcurrentJobs, int pollMs) {
    public static final PathTrace DEFAULTS = new PathTrace(true, 2, 5, 30, 60, 20_000, 1, 1000);

    /** Tracing off. */
    public static final PathTrace OFF = new PathTrace(false, 2, 5, 30, 60, 20_000, 1, 1000);
  }

  /**
   * Indirect exposure's reach (issue 33, docs/models.md "Hops and hubs"). Every process must run
   * the same figures: a stored summary is a function of the stored flows and these.
   *
   * @param maxHops intermediaries an indirect path may pass through, 1 to 3; 0 or absent = 3
   * @param hubCounterparties an intermediary with more counterparties is a hub and stops paths
   *     (as does a label exchange or bridge); 0 or absent = 500
   * @param perHop beyond the first hop, intermediaries kept per direction and hop count (the most
   *     value reaching them); 0 or absent = 100
   */
  public record Exposure(int maxHops, int hubCounterparties, int perHop) {
    public static final Exposure DEFAULTS = new Exposure(3, 500, 100);
    /** The model's bound (exposure.model.Reach.MAX_HOPS_LIMIT). */
    public static final int MAX_HOPS = 3;

    public Exposure {
      maxHops = maxHops > 0 ? maxHops : 3;
      hubCounterparties = hubCounterparties > 0 ? hubCounterparties : 500;
      perHop = perHop > 0 ? perHop : 100;
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
   * @param labelCacheEntries addresses whose labels and listings a process keeps for decisions and transfer screenings (default 100,000)
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
      long bodyLimitBytes, int screeningCheckMillis, Webhooks webhooks, Retention retention,
      TransferWatch transferWatch) {
    public static final Monitoring DEFAULTS = new Monitoring(
        Map.of("developer", 10_000, "plus", 25_000, "pro", 100_000, "partner", 1_000_000),
        20, 10_000, 1L << 20, 1000, Webhooks.DEFAULTS, Retention.DEFAULTS, TransferWatch.DEFAULTS);

    public Monitoring {
      maxWallets = maxWallets == null ? DEFAULTS.maxWallets() : Map.copyOf(maxWallets);
      webhooks = webhooks == null ? Webhooks.DEFAULTS : webhooks;
      retention = retention == null ? Retention.DEFAULTS : retention;
      transferWatch = transferWatch == null ? TransferWatch.DEFAULTS : transferWatch;
    }

    public int maxWallets(String plan) {
      return maxWallets.getOrDefault(plan, 0);
    }
  }

  /**
   * Watched deposit addresses (docs/transfers.md#watched-deposit-addresses): the block scanner of
   * worker roles, one per chain with rpcUrls.
   *
   * @param enabled false: this process runs no scanner (another worker does); absent = true
   * @param pollMillis pause between steps once a chain's scanner has reached its safe head; 0 or absent = 1,000
   * @param maxBlocks most blocks one step reads and commits (one transaction); 0 or absent = 50
   * @param maxTopicAddresses watched wallets up to which eth_getLogs names them in topic filters;
   *     above it a step reads every registered-token Transfer of its range and matches in memory;
   *     0 or absent = 200
   */
  public record TransferWatch(Boolean enabled, int pollMillis, int maxBlocks, int maxTopicAddresses) {
    public static final TransferWatch DEFAULTS = new TransferWatch(true, 1000, 50, 200);

    public TransferWatch {
      enabled = enabled == null || enabled;
      pollMillis = pollMillis <= 0 ? 1000 : pollMillis;
      maxBlocks = maxBlocks <= 0 ? 50 : maxBlocks;
      maxTopicAddresses = maxTopicAddresses <= 0 ? 200 : maxTopicAddresses;
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
        redis, models, chainsFile, chains, budgets, indexing, receipts, graph, identity, monitoring, readModel, pathTrace, exposure);
  }

  public AppConfig withHttpPort(int port) {
    return new AppConfig(
        role,
        new Http(http.host(), port, http.instances(), http.bodyLimitBytes(),
            http.shutdownGraceSeconds(), http.trustedProxies(), http.maxHeaderBytes(), http.maxUriBytes(),
            http.maxConnectionsPerIp(), http.requestTimeoutMs(), http.corsOrigins(), http.accessLogPerSecond(),
            http.eventLoops(), http.idempotency(), http.events()),
        database, redis, models, chainsFile, chains, budgets, indexing, receipts, graph, identity, monitoring, readModel, pathTrace, exposure);
  }

  public AppConfig withRole(Role newRole) {
    return new AppConfig(newRole, http, database, redis, models, chainsFile, chains, budgets, indexing, receipts, graph, identity, monitoring, readModel, pathTrace, exposure);
  }

  public AppConfig withChains(List<ChainConfig> newChains) {
    return new AppConfig(role, http, database, redis, models, chainsFile, newChains, budgets, indexing, receipts, graph, identity, monitoring, readModel, pathTrace, exposure);
  }
}
