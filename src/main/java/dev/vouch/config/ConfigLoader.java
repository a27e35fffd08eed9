package dev.vouch.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads config/application.yaml (or the bundled copy) and the chain catalogue, then applies
 * environment overrides. Runs once on the main thread before Vert.x starts, so plain file IO is fine.
 */
public final class ConfigLoader {

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

  /** Short names operators expect, mapped to their configuration path. */
  private static final Map<String, String> ALIASES =
      Map.of(
          "PORT", "http.port",
          "DATABASE_URL", "database.url",
          "DATABASE_REPLICA_URLS", "database.replicaUrls",
          "REDIS_URL", "redis.url",
          "VOUCH_ROLE", "role",
          "CHAINS_FILE", "chainsFile");

  private ConfigLoader() {}

  public static AppConfig load(Map<String, String> env) {
    Path file = Path.of(env.getOrDefault("VOUCH_CONFIG", "config/application.yaml"));
    ObjectNode tree = readTree(file, "/application.yaml");
    applyOverrides(tree, "", env);
    ALIASES.forEach((name, path) -> {
      String value = env.get(name);
      if (value != null) {
        set(tree, path, value);
      }
    });
    addList(tree, "LOCAL", "csv", env.get(SCREENING_FILE));
    addList(tree, "LABELS", "labels", env.get(LABELS_FILE));
    derivePublicUrl(tree);
    String chainsFile = tree.path("chainsFile").asText("config/chains.yaml");
    ObjectNode chains = readTree(Path.of(chainsFile), "/chains.yaml");
    tree.set("chains", chains.path("chains"));
    refuseKeysInFile(chains.path("chains"));
    try {
      AppConfig read = YAML.treeToValue(tree, AppConfig.class);
      validate(read);
      requireSealingKey(read, env);
      return read.withChains(read.chains().stream().map(c -> c.withKeys(env)).toList());
    } catch (JsonMappingException e) {
      throw new IllegalArgumentException(describe(e, file, chainsFile), e);
    } catch (IOException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** A local screening list (address,label rows) without copying application.yaml: development and tests. */
  public static final String SCREENING_FILE = "VOUCH_SCREENING_FILE";

  /** A local label list (address,chain,category,name,source rows): the devnet's exposure scenario, tests. */
  public static final String LABELS_FILE = "VOUCH_LABELS_FILE";

  /**
   * VOUCH_SCREENING_FILE=path adds {name: LOCAL, type: csv, path} to models.flaggedAddresses;
   * VOUCH_LABELS_FILE=path adds {name: LABELS, type: labels, path}.
   */
  private static void addList(ObjectNode tree, String name, String type, String path) {
    if (path == null || path.isBlank()) {
      return;
    }
    ObjectNode models = tree.get("models") instanceof ObjectNode o ? o : tree.putObject("models");
    ArrayNode lists = models.get("flaggedAddresses") instanceof ArrayNode a ? a : models.putArray("flaggedAddresses");
    lists.addObject().put("name", name).put("type", type).put("path", path.trim());
  }

  /**
   * identity.uri is the public URL of the service (what a person's wallet sees in a Sign-In with
   * Ethereum message); empty means http://localhost at the configured port. identity.domain,
   * when empty, is that URL's host and port.
   */
  private static void derivePublicUrl(ObjectNode tree) {
    ObjectNode identity = tree.get("identity") instanceof ObjectNode o ? o : tree.putObject("identity");
    String uri = identity.path("uri").asText("").trim();
    if (!tree.path("http").path("port").asText("8080").matches("\\d{1,5}")) {
      return; // the typed read names the bad port
    }
    if (uri.isEmpty()) {
      uri = "http://localhost:" + tree.path("http").path("port").asText("8080");
      identity.put("uri", uri);
    }
    if (identity.path("domain").asText("").isBlank()) {
      URI parsed;
      try {
        parsed = URI.create(uri);
      } catch (IllegalArgumentException e) {
        parsed = null;
      }
      if (parsed == null || parsed.getHost() == null || !("http".equals(parsed.getScheme()) || "https".equals(parsed.getScheme()))) {
        throw new IllegalArgumentException(setting("identity.uri") + ": '" + uri
            + "' is not the service's public URL; expected an http(s) URL with a host, e.g. https://vouch.example");
      }
      identity.put("domain", parsed.getHost() + (parsed.getPort() > 0 ? ":" + parsed.getPort() : ""));
    }
  }

  /** A setting and the variables that set it: "http.port (PORT or VOUCH_HTTP_PORT)". */
  public static String setting(String path) {
    String alias = ALIASES.entrySet().stream().filter(a -> a.getValue().equals(path)).map(Map.Entry::getKey)
        .filter(a -> !a.equals(envName(path))).findFirst().map(a -> a + " or ").orElse("");
    return path + " (" + alias + envName(path) + ")";
  }

  /** Which setting a typed read refused, what it held and what it takes, in the operator's words. */
  static String describe(JsonMappingException e, Path file, String chainsFile) {
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference r : e.getPath()) {
      if (r.getFieldName() != null) {
        path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
      } else if (r.getIndex() >= 0) {
        path.append('[').append(r.getIndex()).append(']');
      }
    }
    String p = path.toString();
    String where = p.startsWith("chains") ? "the chain catalogue " + chainsFile + ": " + p : setting(p);
    if (e instanceof UnrecognizedPropertyException u) {
      return "unknown setting " + p + " (in " + (p.startsWith("chains") ? chainsFile : file)
          + " or the environment); known at that level: " + u.getKnownPropertyIds();
    }
    if (e instanceof InvalidFormatException f) {
      return where + ": '" + f.getValue() + "' is not " + expected(f.getTargetType());
    }
    if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
      return where + ": expected " + expected(m.getTargetType());
    }
    return where + ": " + e.getOriginalMessage();
  }

  private static String expected(Class<?> type) {
    if (type == null) {
      return "a valid value";
    }
    if (type.isEnum()) {
      return "one of " + Arrays.toString(type.getEnumConstants());
    }
    return switch (type.getSimpleName()) {
      case "int", "Integer", "long", "Long" -> "a whole number";
      case "double", "Double" -> "a number";
      case "boolean", "Boolean" -> "true or false";
      case "List" -> "a list (comma-separated in an environment variable)";
      default -> "a " + type.getSimpleName();
    };
  }

  /** How a production deployment says so: the only place the service tells environments apart. */
  static final String ENVIRONMENT = "VOUCH_ENV";

  /**
   * The webhook sealing key: 64 hex characters when set; and set in production ({@code
   * VOUCH_ENV=production}), where the fallback key kept in the same database would let one copy
   * of the database open every endpoint's signing secret.
   */
  private static void requireSealingKey(AppConfig config, Map<String, String> env) {
    String key = config.monitoring().webhooks().secretKey() == null ? "" : config.monitoring().webhooks().secretKey().trim();
    if (!key.isEmpty() && !key.matches("[0-9a-fA-F]{64}")) {
      throw new IllegalArgumentException(setting("monitoring.webhooks.secretKey") + " must be 64 hex characters (32 bytes)");
    }
    if (key.isEmpty() && "production".equalsIgnoreCase(env.getOrDefault(ENVIRONMENT, "").trim())) {
      throw new IllegalArgumentException(ENVIRONMENT + "=production: " + setting("monitoring.webhooks.secretKey")
          + " must be set (64 hex characters from a secret store); the key kept in the database is for development only");
    }
  }

  private static void validate(AppConfig config) {
    if (config.exposure().maxHops() > AppConfig.Exposure.MAX_HOPS) {
      throw new IllegalArgumentException(setting("exposure.maxHops") + " must be 1.."
          + AppConfig.Exposure.MAX_HOPS + ", not " + config.exposure().maxHops());
    }
    if (config.http().port() < 0 || config.http().port() > 65535) {
      throw new IllegalArgumentException(setting("http.port") + " must be 0..65535, not " + config.http().port());
    }
    if (config.http().bodyLimitBytes() < 1024) {
      throw new IllegalArgumentException(setting("http.bodyLimitBytes") + " must be at least 1024");
    }
    AppConfig.Http http = config.http();
    if (http.maxHeaderBytes() < 1024 || http.maxUriBytes() < 256 || http.maxConnectionsPerIp() < 1
        || http.requestTimeoutMs() < 1 || http.corsOrigins() == null) {
      throw new IllegalArgumentException(
          "http: maxHeaderBytes (>= 1024), maxUriBytes (>= 256), maxConnectionsPerIp, requestTimeoutMs and corsOrigins are required");
    }
    AppConfig.Idempotency idem = http.idempotency();
    if (idem.ttlHours() < 1 || idem.sweepMinutes() < 1 || idem.pendingSeconds() * 1000L <= http.requestTimeoutMs()) {
      throw new IllegalArgumentException("http.idempotency: ttlHours and sweepMinutes must be positive and "
          + "pendingSeconds longer than http.requestTimeoutMs (a request still running must not lose its key)");
    }
    AppConfig.Events events = http.events();
    if (events.maxStreamsPerCaller() < 1 || events.maxStreamSeconds() < 1 || events.heartbeatSeconds() < 1) {
      throw new IllegalArgumentException("http.events: maxStreamsPerCaller, maxStreamSeconds and heartbeatSeconds must be positive");
    }
    AppConfig.Database db = config.database();
    if (db.acquireTimeoutMs() < 1 || db.waitQueueSize() < 1 || db.statementTimeoutMs() < 1) {
      throw new IllegalArgumentException("database: acquireTimeoutMs, waitQueueSize and statementTimeoutMs are required");
    }
    if (db.acquireTimeoutMs() + db.statementTimeoutMs() >= http.requestTimeoutMs()) {
      throw new IllegalArgumentException("database.acquireTimeoutMs + database.statementTimeoutMs must stay under "
          + "http.requestTimeoutMs, so a slow database answers 503 with what it knows before the edge gives up");
    }
    for (ChainConfig chain : config.chains()) {
      if (chain.mode() == null || chain.historyCap() < 1 || chain.timeoutMs() < 1 || chain.concurrency() < 1) {
        throw new IllegalArgumentException("chain " + chain.name() + ": mode, historyCap, timeoutMs and concurrency are required");
      }
      for (String url : chain.rpcUrls()) {
        requireHttpUrl(url, "chain " + chain.name() + ": rpcUrls must be http(s) URLs with a host");
      }
      validateSources(chain);
      TokenRegistry.validate(chain);
    }
    if (config.models().screeningRefreshMinutes() < 0) {
      throw new IllegalArgumentException(setting("models.screeningRefreshMinutes") + " must be 0 or more");
    }
    if (config.models().listMaxBytes() < 1 || config.models().listMaxRows() < 1 || config.models().labelCacheEntries() < 1
        || config.models().labelCheckMillis() < 1) {
      throw new IllegalArgumentException("models.listMaxBytes, listMaxRows, labelCacheEntries and labelCheckMillis must be 1 or more");
    }
    config.models().flaggedAddresses().forEach(ScreeningSource::validate);
    AppConfig.Webhooks hooks = config.monitoring().webhooks();
    String sealKey = hooks.secretKey() == null ? "" : hooks.secretKey().trim();
    if (!sealKey.isEmpty() && !sealKey.matches("^[0-9a-fA-F]{64}$")) {
      throw new IllegalArgumentException("monitoring.webhooks.secretKey must be empty or 64 hex characters (32 bytes)");
    }
    if (hooks.leaseSeconds() * 1000L <= hooks.timeoutMs() + hooks.connectTimeoutMs() || hooks.pollMs() < 1
        || hooks.concurrency() < 1 || hooks.retryBaseSeconds() < 1 || hooks.retryMaxSeconds() < hooks.retryBaseSeconds()
        || hooks.giveUpHours() < 24 || hooks.maxResponseBytes() < 1 || config.monitoring().maxWalletsPerRequest() < 1
        || config.monitoring().screeningCheckMillis() < 1) {
      throw new IllegalArgumentException("monitoring.webhooks: leaseSeconds must outlast connectTimeoutMs + timeoutMs, "
          + "giveUpHours must be at least 24, and every setting positive");
    }
    AppConfig.Retention keep = config.monitoring().retention();
    if (keep.eventDays() < 1 || keep.deliveryDays() < 1 || keep.everyMinutes() < 1 || keep.batchSize() < 1) {
      throw new IllegalArgumentException("monitoring.retention: eventDays, deliveryDays, everyMinutes and batchSize"
          + " must be positive");
    }
    AppConfig.Indexing ix = config.indexing();
    if (ix == null || ix.pollMs() < 1 || ix.leaseSeconds() < 1 || ix.maxConcurrentJobs() < 1
        || ix.maxAttempts() < 1 || ix.rpcRetries() < 0 || ix.rpcBackoffMs() < 1
        || ix.maxResponseBytes() < 1024 || ix.cooldownMinutes() < 0 || ix.freshMinutes() < 0
        || ix.reindexEveryMinutes() < 1 || ix.reindexBatch() < 1
        || ix.breakerFailures() < 1 || ix.breakerCoolOffMs() < 1 || ix.retryBudgetPercent() < 0
        || ix.retryBudgetWindowSeconds() < 1 || ix.retryBaseSeconds() < 1 || ix.retryRounds() < 0) {
      throw new IllegalArgumentException("indexing: every setting is required and positive");
    }
    if (ix.maxInFlightBytes() < ix.maxResponseBytes()) {
      throw new IllegalArgumentException("indexing.maxInFlightBytes must be at least indexing.maxResponseBytes:"
          + " every exchange reserves the largest body it may receive");
    }
    AppConfig.PathTrace trace = config.pathTrace();
    if (trace.maxDepth() < 1 || trace.maxDepth() > 3 || trace.perWallet() < 1 || trace.perRootJobs() < 0
        || trace.jobsPerMinute() < 0 || trace.rpcCallsPerMinute() < 0 || trace.maxConcurrentJobs() < 1
        || trace.maxConcurrentJobs() > ix.maxConcurrentJobs() || trace.pollMs() < 1) {
      throw new IllegalArgumentException("pathTrace: maxDepth 1 to 3, perWallet, maxConcurrentJobs and pollMs positive,"
          + " budgets 0 or more, maxConcurrentJobs at most indexing.maxConcurrentJobs");
    }
    AppConfig.Graph graph = config.graph();
    if (graph.retentionHours() < 1 || graph.pruneBatch() < 1) {
      throw new IllegalArgumentException("graph: retentionHours and pruneBatch must be positive");
    }
    String key = graph.cursorKey() == null ? "" : graph.cursorKey();
    if (!key.isEmpty() && !key.matches("^([0-9a-fA-F]{2}){32,}$")) {
      throw new IllegalArgumentException(setting("graph.cursorKey") + " must be empty or at least 32 bytes of hex");
    }
  }

  /** A key in a file ends up in backups and repositories; only its variable's name belongs there. */
  private static void refuseKeysInFile(JsonNode chains) {
    for (JsonNode chain : chains) {
      for (JsonNode source : chain.path("sources")) {
        if (source.has("apiKey")) {
          throw new IllegalArgumentException("chain " + chain.path("name").asText() + ": API keys never go in the"
              + " catalogue; name the environment variable that holds it in apiKeyEnv");
        }
      }
    }
  }

  private static void validateSources(ChainConfig chain) {
    String where = "chain " + chain.name();
    if (chain.mode() == ChainConfig.EvidenceMode.aggregate && chain.rpcUrls().isEmpty() && !chain.sources().isEmpty()) {
      throw new IllegalArgumentException(where + ": aggregate mode reads rpcUrls; set them");
    }
    for (ChainConfig.Source s : chain.sources()) {
      if (s.type() == null) {
        throw new IllegalArgumentException(where + ": every source needs a type (otterscan, etherscan, blockscout)");
      }
      if (s.type() == ChainConfig.SourceType.otterscan) {
        if (chain.rpcUrls().isEmpty()) {
          throw new IllegalArgumentException(where + ": source otterscan reads rpcUrls; set them");
        }
      } else {
        requireHttpUrl(s.url(), where + ": source " + s.name() + " needs an http(s) url with a host");
        if (URI.create(s.url()).getRawQuery() != null) {
          throw new IllegalArgumentException(where + ": source " + s.name()
              + " url must not carry a query (API keys go in apiKeyEnv)");
        }
      }
      if (s.callsPerSecond() < 0 || s.pageSize() < 1 || s.resultWindow() < s.pageSize()) {
        throw new IllegalArgumentException(where + ": source " + s.name()
            + ": callsPerSecond >= 0, pageSize >= 1 and resultWindow >= pageSize");
      }
    }
  }

  private static void requireHttpUrl(String url, String message) {
    URI uri;
    try {
      uri = url == null ? null : URI.create(url);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(message);
    }
    if (uri == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
      throw new IllegalArgumentException(message);
    }
  }

  private static ObjectNode readTree(Path file, String bundled) {
    try {
      if (Files.isRegularFile(file)) {
        return (ObjectNode) YAML.readTree(file.toFile());
      }
      try (InputStream in = ConfigLoader.class.getResourceAsStream(bundled)) {
        if (in == null) {
          throw new IllegalStateException("No configuration at " + file + " and none bundled");
        }
        return (ObjectNode) YAML.readTree(in);
      }
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(file + " is not valid YAML: " + e.getOriginalMessage()
          + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"), e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file, e);
    }
  }

  /** Walks every leaf and replaces it with VOUCH_<PATH> when that variable is set. */
  private static void applyOverrides(ObjectNode node, String prefix, Map<String, String> env) {
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    List<String[]> updates = new ArrayList<>();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      String path = prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey();
      if (field.getValue().isObject()) {
        applyOverrides((ObjectNode) field.getValue(), path, env);
      } else {
        String value = env.get(envName(path));
        if (value != null) {
          updates.add(new String[] {field.getKey(), value});
        }
      }
    }
    for (String[] update : updates) {
      set(node, update[0], update[1]);
    }
  }

  /** http.bodyLimitBytes -> VOUCH_HTTP_BODY_LIMIT_BYTES */
  public static String envName(String path) {
    StringBuilder out = new StringBuilder("VOUCH_");
    for (char c : path.toCharArray()) {
      if (c == '.') {
        out.append('_');
      } else if (Character.isUpperCase(c)) {
        out.append('_').append(c);
      } else {
        out.append(Character.toUpperCase(c));
      }
    }
    return out.toString();
  }

  private static void set(ObjectNode root, String path, String value) {
    String[] parts = path.split("\\.");
    ObjectNode node = root;
    for (int i = 0; i < parts.length - 1; i++) {
      JsonNode child = node.get(parts[i]);
      if (!(child instanceof ObjectNode)) {
        child = node.putObject(parts[i]);
      }
      node = (ObjectNode) child;
    }
    String leaf = parts[parts.length - 1];
    JsonNode current = node.get(leaf);
    if (current != null && current.isArray()) {
      ArrayNode array = JsonNodeFactory.instance.arrayNode();
      for (String item : value.split(",")) {
        if (!item.isBlank()) {
          array.add(item.trim());
        }
      }
      node.set(leaf, array);
    } else {
      node.set(leaf, TextNode.valueOf(value));
    }
  }
}
