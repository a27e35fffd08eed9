import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonArray;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.net.URI;

/**
 * The bare baseline of bench/perf.sh: the least a Vert.x server must do to answer the same reads
 * (TechEmpower "single query" shape). One HTTP verticle per core, one shared pool, one prepared
 * statement per request: GET /single/{wallet} reads one committed row; POST /batch reads all the
 * body's wallets with one "= ANY($1)" statement. No routing library, no metrics, no budgets.
 * Run from bench/perf.sh: java -cp CLASSPATH bench/baseline/Baseline.java PORT DATABASE_URL
 */
public final class Baseline extends VerticleBase {

  static final String SINGLE = "SELECT w.address, s.score, s.committed_at, s.total_tx_count FROM wallets w"
      + " JOIN snapshots s ON s.id = w.latest_snapshot_id WHERE w.address = $1";
  static final String MANY = "SELECT w.address, s.score, s.committed_at, s.total_tx_count FROM wallets w"
      + " JOIN snapshots s ON s.id = w.latest_snapshot_id WHERE w.address = ANY($1)";
  static final CharSequence JSON = HttpHeaders.createOptimized("application/json");

  private final Pool pool;
  private final int port;

  Baseline(Pool pool, int port) {
    this.pool = pool;
    this.port = port;
  }

  public static void main(String[] args) {
    int port = Integer.parseInt(args[0]);
    URI db = URI.create(args[1]);
    String[] user = (db.getUserInfo() == null ? "postgres" : db.getUserInfo()).split(":", 2);
    Vertx vertx = Vertx.vertx();
    Pool pool = PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(16).setShared(true).setName("baseline"))
        .connectingTo(new PgConnectOptions().setHost(db.getHost()).setPort(db.getPort() < 0 ? 5432 : db.getPort())
            .setDatabase(db.getPath().substring(1)).setUser(user[0]).setPassword(user.length > 1 ? user[1] : "")
            .setCachePreparedStatements(true).setPipeliningLimit(256))
        .using(vertx).build();
    int cores = Runtime.getRuntime().availableProcessors();
    vertx.deployVerticle(() -> new Baseline(pool, port), new DeploymentOptions().setInstances(cores))
        .onSuccess(id -> System.out.println("baseline listening on " + port))
        .onFailure(t -> { t.printStackTrace(); System.exit(1); });
  }

  @Override
  public Future<?> start() {
    return vertx.createHttpServer().requestHandler(this::handle).listen(port);
  }

  private void handle(HttpServerRequest req) {
    String path = req.path();
    if (req.method() == HttpMethod.GET && path.startsWith("/single/")) {
      pool.preparedQuery(SINGLE).execute(Tuple.of(path.substring(8).toLowerCase()))
          .onSuccess(rows -> {
            Row r = rows.size() == 0 ? null : rows.iterator().next();
            String body = r == null ? "{\"ok\":true,\"data\":null}"
                : "{\"ok\":true,\"data\":{\"wallet\":\"" + r.getString(0) + "\",\"score\":" + r.getInteger(1)
                    + ",\"committedAt\":\"" + r.getOffsetDateTime(2) + "\",\"totalTxCount\":" + r.getLong(3) + "}}";
            req.response().putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(body);
          })
          .onFailure(t -> req.response().setStatusCode(500).end());
    } else if (req.method() == HttpMethod.POST && path.equals("/batch")) {
      req.body().onSuccess(buf -> {
        JsonArray inputs = buf.toJsonObject().getJsonArray("inputs");
        String[] wallets = new String[inputs.size()];
        for (int i = 0; i < wallets.length; i++) {
          wallets[i] = inputs.getString(i).trim().toLowerCase();
        }
        pool.preparedQuery(MANY).execute(Tuple.of(wallets)).onSuccess(rows -> {
          StringBuilder sb = new StringBuilder(wallets.length * 100).append("{\"ok\":true,\"data\":[");
          boolean first = true;
          for (Row r : rows) {
            sb.append(first ? "" : ",").append("{\"wallet\":\"").append(r.getString(0)).append("\",\"score\":")
                .append(r.getInteger(1)).append(",\"committedAt\":\"").append(r.getOffsetDateTime(2))
                .append("\",\"totalTxCount\":").append(r.getLong(3)).append('}');
            first = false;
          }
          req.response().putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(Buffer.buffer(sb.append("]}").toString()));
        }).onFailure(t -> req.response().setStatusCode(500).end());
      });
    } else {
      req.response().setStatusCode(404).end();
    }
  }
}
