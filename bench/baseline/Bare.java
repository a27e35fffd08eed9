import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
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
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.net.URI;

/**
 * The bare server, bench/perf.sh's primary baseline (issue 17): the least a Vert.x server can do
 * per decision. One table (bench_bare, seeded by bench/seed-bare.sql), one prepared primary-key
 * lookup returning a pre-rendered ~1.2 KB JSON text that is written to the response as is; its
 * batch form reads every wallet of the body with one "= ANY($1)" and writes the same texts in
 * one array. One HTTP verticle per core, one shared pool, no router, no metrics, no budgets.
 * Run from bench/perf.sh: java -cp CLASSPATH bench/baseline/Bare.java PORT DATABASE_URL
 */
public final class Bare extends VerticleBase {

  static final String SINGLE = "SELECT body FROM bench_bare WHERE address = $1";
  static final String MANY = "SELECT body FROM bench_bare WHERE address = ANY($1)";
  static final CharSequence JSON = HttpHeaders.createOptimized("application/json");
  static final Buffer NOT_FOUND = Buffer.buffer("{\"ok\":true,\"version\":\"v1\",\"data\":null}");
  static final Buffer OPEN = Buffer.buffer("{\"ok\":true,\"version\":\"v1\",\"data\":[");

  private final Pool pool;
  private final int port;

  Bare(Pool pool, int port) {
    this.pool = pool;
    this.port = port;
  }

  public static void main(String[] args) {
    int port = Integer.parseInt(args[0]);
    URI db = URI.create(args[1]);
    String[] user = (db.getUserInfo() == null ? "postgres" : db.getUserInfo()).split(":", 2);
    int cores = Runtime.getRuntime().availableProcessors();
    Vertx vertx = Vertx.builder().with(new io.vertx.core.VertxOptions().setEventLoopPoolSize(cores)).build();
    Pool pool = PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(16).setShared(true).setName("bare"))
        .connectingTo(new PgConnectOptions().setHost(db.getHost()).setPort(db.getPort() < 0 ? 5432 : db.getPort())
            .setDatabase(db.getPath().substring(1)).setUser(user[0]).setPassword(user.length > 1 ? user[1] : "")
            .setCachePreparedStatements(true).addProperty("application_name", "bench-bare"))
        .using(vertx).build();
    vertx.deployVerticle(() -> new Bare(pool, port), new DeploymentOptions().setInstances(cores))
        .onSuccess(id -> System.out.println("bare server listening on " + port))
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
          .onSuccess(rows -> req.response().putHeader(HttpHeaders.CONTENT_TYPE, JSON)
              .end(rows.size() == 0 ? NOT_FOUND : Buffer.buffer(rows.iterator().next().getString(0))))
          .onFailure(t -> req.response().setStatusCode(500).end());
    } else if (req.method() == HttpMethod.POST && path.equals("/batch")) {
      req.body().onSuccess(buf -> {
        JsonArray inputs = buf.toJsonObject().getJsonArray("inputs");
        String[] wallets = new String[inputs.size()];
        for (int i = 0; i < wallets.length; i++) {
          wallets[i] = inputs.getString(i).trim().toLowerCase();
        }
        pool.preparedQuery(MANY).execute(Tuple.of(wallets))
            .onSuccess(rows -> req.response().putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(array(rows)))
            .onFailure(t -> req.response().setStatusCode(500).end());
      });
    } else {
      req.response().setStatusCode(404).end();
    }
  }

  /** The rows' texts in one array, in a buffer sized once. */
  private static Buffer array(RowSet<Row> rows) {
    int size = OPEN.length() + 2;
    for (Row r : rows) {
      size += r.getString(0).length() + 1;
    }
    Buffer out = Buffer.buffer(size).appendBuffer(OPEN);
    boolean first = true;
    for (Row r : rows) {
      if (!first) {
        out.appendByte((byte) ',');
      }
      out.appendString(r.getString(0));
      first = false;
    }
    return out.appendString("]}");
  }
}
