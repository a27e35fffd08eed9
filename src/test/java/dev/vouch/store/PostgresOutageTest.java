package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.OwnPostgres;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import dev.vouch.support.TestKeys;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL stopped and started again under mixed load (issue 12, fault suite): while it is down
 * every answer is 503 UNAVAILABLE with Retry-After (a refused or closed connection is never a
 * 500), the service recovers alone, an intake told "nothing was created" has no job, an accepted
 * intake's job exists, and every receipt minted reads back unchanged.
 */
@Tag("fault")
class PostgresOutageTest {

  static final int LOAD_THREADS = 4;
  static final int KINDS = 9;
  static final java.util.concurrent.atomic.AtomicInteger turn = new java.util.concurrent.atomic.AtomicInteger();

  record Answer(String op, String wallet, boolean dbDown, int status, String code, String message,
      String retryAfter, JsonObject data) {}

  @Test
  void postgresStoppedUnderLoadAnswers503WithRetryAfterNever500AndNothingAcceptedIsLost() throws Exception {
    try (OwnPostgres pg = OwnPostgres.start()) {
      TestDatabase.exec(pg.url(), "CREATE DATABASE vouch");
      DatabaseUrl db = pg.url().withDatabase("vouch");
      Migrations.migrate(db);
      Map<String, String> env = Map.of(
          "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000000000",
          "VOUCH_BUDGETS_ANONYMOUS_DAILY_SCANS", "1000000",
          "VOUCH_BUDGETS_RECEIPTS_PER_MINUTE", "1000000",
          // Short enough that an outage answers within the client's patience on a loaded machine.
          "VOUCH_DATABASE_ACQUIRE_TIMEOUT_MS", "3000",
          "VOUCH_HTTP_REQUEST_TIMEOUT_MS", "15000",
          // Every keyed request looks its key up in the database, outage included.
          "VOUCH_BUDGETS_KEY_CACHE_SECONDS", "0");
      Queue<Answer> answers = new ConcurrentLinkedQueue<>();
      Queue<Throwable> broken = new ConcurrentLinkedQueue<>();
      AtomicBoolean dbDown = new AtomicBoolean();
      AtomicBoolean running = new AtomicBoolean(true);
      ExecutorService load = Executors.newFixedThreadPool(LOAD_THREADS);
      try (TestApp app = TestApp.startOn(db, env)) {
        TestKeys.Key key = TestKeys.create(app.app.config(), "partner");
        for (int t = 0; t < LOAD_THREADS; t++) {
          int first = t;
          load.submit(() -> {
            while (running.get()) {
              try {
                answers.add(request(app, key, (first + turn.getAndIncrement()) % KINDS, dbDown.get()));
              } catch (Throwable e) {
                broken.add(e); // a transport failure or an answer outside the published contract
              }
            }
          });
        }
        // A receipt minted before the first outage too: a mint is a write, slower than the reads, and
        // at load none had been answered 201 in a run's short up phases (the check below needs one).
        Sql.await("answers while the database is up, a receipt minted among them", 60_000,
            () -> count(answers, 200, false) + count(answers, 201, false) >= 12
                && answers.stream().anyMatch(a -> a.op().equals("mint") && a.status() == 201));

        // Twice: a fast shutdown (sessions terminated, then connections refused), then a crash
        // (SIGKILL: connections reset mid-exchange, crash recovery at the next start).
        for (boolean crash : new boolean[] {false, true}) {
          long down = count(answers, 503, true);
          dbDown.set(true);
          if (crash) {
            pg.crash();
          } else {
            pg.stop();
          }
          Sql.await("503 answers while the database is down", 60_000, () -> count(answers, 503, true) >= down + 12);
          pg.startAgain();
          dbDown.set(false);
          int before = answers.size();
          Sql.await("the service to answer from the database again", 90_000,
              () -> answers.stream().skip(before).filter(a -> !a.dbDown() && a.status() == 200).count() >= 8);
        }
        running.set(false);
        load.shutdown();
        assertThat(load.awaitTermination(60, TimeUnit.SECONDS)).isTrue();

        assertThat(broken).as("transport failures or answers outside the contract").isEmpty();
        List<Answer> wrong = answers.stream().filter(a -> a.status() >= 500 && a.status() != 503).toList();
        assertThat(wrong).as("5xx other than 503").isEmpty();
        List<Answer> unavailable = answers.stream().filter(a -> a.status() == 503).toList();
        assertThat(unavailable).isNotEmpty().allSatisfy(a -> {
          assertThat(a.code()).isEqualTo("UNAVAILABLE");
          assertThat(a.retryAfter()).isEqualTo("5");
        });

        // A write told "nothing was created" left nothing behind; an accepted intake has its job.
        for (Answer a : answers) {
          if (!a.op().equals("intake")) {
            continue;
          }
          long jobs = Sql.count(db, "SELECT count(*) FROM index_jobs WHERE wallet = ?", a.wallet());
          if (a.status() == 503 && a.message().contains("nothing was")) {
            assertThat(jobs).as("intake answered '" + a.message() + "'").isZero();
          } else if (a.status() == 202) {
            assertThat(jobs).as("accepted intake of " + a.wallet()).isPositive();
          }
        }
        // Every receipt minted reads back with the hash it was minted with.
        List<Answer> minted = new ArrayList<>(answers.stream().filter(a -> a.op().equals("mint") && a.status() == 201).toList());
        assertThat(minted).isNotEmpty();
        for (Answer a : minted) {
          JsonObject receipt = a.data().getJsonObject("receipt");
          var read = app.get("/api/v1/decision-receipts/" + receipt.getString("id"));
          assertThat(read.statusCode()).as("receipt " + receipt.getString("id") + " answered 201, read after the outages")
              .isEqualTo(200);
          assertThat(TestApp.data(read).getJsonObject("receipt").getString("payloadHash"))
              .isEqualTo(receipt.getString("payloadHash"));
        }
        assertThat(app.get("/health/ready").statusCode()).isEqualTo(200);
      } finally {
        running.set(false);
        load.shutdownNow();
      }
    }
  }

  private static long count(Queue<Answer> answers, int status, boolean dbDown) {
    return answers.stream().filter(a -> a.status() == status && a.dbDown() == dbDown).count();
  }

  /** One request of a mix of reads and writes; every answer is checked against the OpenAPI document by TestApp. */
  private static Answer request(TestApp app, TestKeys.Key key, int kind, boolean dbDown) {
    String wallet = Anvil.randomAddress();
    Map<String, String> json = Map.of("Content-Type", "application/json");
    HttpResponse<Buffer> r;
    String op;
    switch (kind) {
      case 0 -> {
        op = "decision";
        r = app.get("/api/v1/decision/" + wallet);
      }
      case 1 -> {
        op = "intake";
        r = app.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of());
      }
      case 2 -> {
        op = "mint";
        r = app.send(HttpMethod.POST, "/api/v1/decision-receipts", new JsonObject().put("wallet", wallet).toBuffer(), json);
      }
      case 3 -> {
        op = "score";
        r = app.get("/api/v1/score/" + wallet);
      }
      case 4 -> {
        op = "keyed-decision";
        r = app.send(HttpMethod.GET, "/api/v1/decision/" + wallet, null, Map.of("Authorization", key.bearer()));
      }
      case 5 -> {
        op = "batch";
        r = app.send(HttpMethod.POST, "/api/v1/decision/batch", new JsonObject()
            .put("inputs", new io.vertx.core.json.JsonArray().add(wallet).add(Anvil.randomAddress()).add("nobody.vouch"))
            .toBuffer(), json);
      }
      case 6 -> {
        op = "graph";
        r = app.get("/api/v1/interaction-graph/" + wallet);
      }
      case 7 -> {
        op = "receipt-read";
        r = app.get("/api/v1/decision-receipts/rcp_" + wallet.substring(2, 18));
      }
      default -> {
        op = "stats";
        r = app.get("/api/v1/stats");
      }
    }
    JsonObject body = r.bodyAsJsonObject();
    JsonObject error = body.getJsonObject("error");
    return new Answer(op, wallet, dbDown, r.statusCode(), error == null ? null : error.getString("code"),
        error == null ? "" : error.getString("message"), r.getHeader("Retry-After"), body.getJsonObject("data"));
  }
}
