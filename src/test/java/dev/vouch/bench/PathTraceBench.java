package dev.vouch.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.support.Devnet;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.http.HttpMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Tracing's cost per root wallet (issue 33 item 2): on the devnet (tools/devnet: six chains, the
 * token scenario on the four history chains), each scenario wallet is taken in turn by a fresh
 * service on a fresh database (cold: nothing indexed before), a caller's intake of it alone, and
 * the trace left to settle (the stored summary's trace no longer pending). Figures: traced jobs,
 * the JSON-RPC calls their runs sent (path_trace_roots.rpc_calls), and for scale the root's own
 * run's calls (a service with tracing off: the delta of its vouch_rpc_calls_total around the
 * intake), and the trace status. Not a test: bench/path-trace.sh [depth=2] [perWallet=5].
 */
public final class PathTraceBench {

  public static void main(String[] args) throws Exception {
    String depth = args.length > 0 ? args[0] : "2";
    String perWallet = args.length > 1 ? args[1] : "5";
    Path dir = Files.createTempDirectory("vouch-trace-bench");
    try (Devnet devnet = Devnet.start(dir)) {
      JsonNode scenario = new ObjectMapper().readTree(dir.resolve("truth.json").toFile()).get("scenario");
      Path labels = dir.resolve("labels.csv");
      Files.writeString(labels, "address,chain,category,name,source\n"
          + scenario.get("sanctioned").asText() + ",,sanctioned,Devnet SDN entry,OFAC\n"
          + scenario.get("mixer").asText() + ",,mixer,Devnet mixer,TRM\n");
      Path config = dir.resolve("application.yaml");
      Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
          "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + labels + "}\n"));
      Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
      env.put("VOUCH_CONFIG", config.toString());
      env.put("CHAINS_FILE", dir.resolve("chains.yaml").toString());
      env.put("VOUCH_INDEXING_POLL_MS", "100");
      env.put("VOUCH_PATH_TRACE_POLL_MS", "100");
      env.put("VOUCH_PATH_TRACE_ENABLED", "true");
      env.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "100");
      env.put("VOUCH_PATH_TRACE_MAX_DEPTH", depth);
      env.put("VOUCH_PATH_TRACE_PER_WALLET", perWallet);
      System.out.printf("depth %s, perWallet %s%n", depth, perWallet);
      System.out.println("| root | root's own RPC calls | traced jobs | traced RPC calls | wanted | indexed | skipped | unreached | status | settled in |");
      System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|");
      for (String role : List.of("indirectClient", "intermediary", "honest", "mixerFunded", "mixerPayer", "victim",
          "sanctionedPayer")) {
        String root = scenario.get(role).asText();
        long own;
        Map<String, String> off = new HashMap<>(env);
        off.put("VOUCH_PATH_TRACE_ENABLED", "false");
        try (TestApp app = TestApp.start(off)) {
          long before = rpcCalls(app);
          intake(app, root);
          own = rpcCalls(app) - before;
        }
        try (TestApp app = TestApp.start(env)) {
          long start = System.nanoTime();
          intake(app, root);
          Sql.await("trace of " + role, 600_000, () -> {
            Object s = Sql.one(app.database, "SELECT s.exposure->'trace'->>'status' AS s FROM wallets w"
                + " JOIN snapshots s ON s.id = w.latest_snapshot_id WHERE w.address = ?", root).get("s");
            return s != null && !"pending".equals(s);
          });
          double seconds = (System.nanoTime() - start) / 1e9;
          Map<String, Object> r = Sql.one(app.database, "SELECT r.rpc_calls, s.exposure->'trace' AS t FROM path_trace_roots r"
              + " JOIN wallets w ON w.address = r.root JOIN snapshots s ON s.id = w.latest_snapshot_id WHERE r.root = ?", root);
          JsonNode t = new ObjectMapper().readTree(r.get("t").toString());
          long jobs = Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE kind = 'trace'");
          System.out.printf("| %s | %d | %d | %s | %d | %d | %d | %d | %s | %.1f s |%n", role, own, jobs, r.get("rpc_calls"),
              t.get("wanted").asInt(), t.get("indexed").asInt(), t.get("skippedByBudget").asInt(),
              t.get("unreached").asInt(), t.get("status").asText(), seconds);
        }
      }
    }
  }

  private static void intake(TestApp app, String wallet) {
    if (app.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of()).statusCode() != 202) {
      throw new IllegalStateException("intake of " + wallet + " did not start");
    }
    Sql.await("commit of " + wallet, 300_000, () -> Sql.count(app.database,
        "SELECT count(*) FROM wallets WHERE address = ? AND latest_snapshot_id IS NOT NULL", wallet) == 1);
  }

  /** The service's JSON-RPC calls so far, every chain and method (its /metrics). */
  private static long rpcCalls(TestApp app) {
    long sum = 0;
    for (String line : app.get("/metrics").bodyAsString().split("\n")) {
      if (line.startsWith("vouch_rpc_calls_total{")) {
        sum += (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return sum;
  }
}
