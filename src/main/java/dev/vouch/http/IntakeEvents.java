package dev.vouch.http;

import dev.vouch.budget.Authenticator;
import dev.vouch.budget.Meter;
import dev.vouch.budget.RateLimited;
import dev.vouch.budget.model.Operation;
import dev.vouch.bus.Addresses;
import dev.vouch.config.AppConfig;
import dev.vouch.error.ApiError;
import dev.vouch.indexing.RunState;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * GET /api/v1/intake/{wallet}/events: a run's progress as Server-Sent Events (queued, one chain
 * event per chain read, then committed or failed, which ends the stream). Driven by Postgres
 * NOTIFY through {@link dev.vouch.indexing.SnapshotNotifications}, so any API instance streams a
 * run whichever worker runs it. One instance per HTTP verticle: its streams live on its event
 * loop; the per-caller stream count is shared by the process ({@link Slots}).
 */
final class IntakeEvents {

  private static final Logger LOG = Logger.getLogger(IntakeEvents.class.getName());
  static final String PATH = "/api/v1/intake/:wallet/events";
  /** Progress streams open in this process. */
  static final String OPEN_METER = "vouch.progress.streams.open";
  /** Milliseconds an EventSource waits before reconnecting after a stream ends. */
  private static final int RECONNECT_MS = 3000;

  /** Open streams per caller, shared by the HTTP verticle instances of a process. */
  static final class Slots {
    private final int max;
    private final ConcurrentHashMap<String, Integer> open = new ConcurrentHashMap<>();

    Slots(int max) {
      this.max = max;
    }

    boolean take(String owner) {
      boolean[] taken = {false};
      open.compute(owner, (k, n) -> {
        int now = n == null ? 0 : n;
        if (now >= max) {
          return n;
        }
        taken[0] = true;
        return now + 1;
      });
      return taken[0];
    }

    void give(String owner) {
      open.computeIfPresent(owner, (k, n) -> n <= 1 ? null : n - 1);
    }

    double total() {
      return open.values().stream().mapToInt(Integer::intValue).sum();
    }
  }

  private final Vertx vertx;
  private final Routes routes;
  private final Meter meter;
  private final AppConfig.Events config;
  private final Slots slots;
  /** This instance's open streams by wallet; touched only on this verticle's event loop. */
  private final Map<String, List<Stream>> streams = new HashMap<>();

  private IntakeEvents(Vertx vertx, Routes routes, Meter meter, AppConfig.Events config, Slots slots) {
    this.vertx = vertx;
    this.routes = routes;
    this.meter = meter;
    this.config = config;
    this.slots = slots;
  }

  /** Registers the route and, on this verticle's context, the consumers that feed its streams. */
  static IntakeEvents install(Vertx vertx, Routes routes, Meter meter, AppConfig.Events config, Slots slots) {
    IntakeEvents events = new IntakeEvents(vertx, routes, meter, config, slots);
    routes.add(HttpMethod.GET, PATH, events::open);
    vertx.eventBus().<String>localConsumer(Addresses.RUN_PROGRESS, m -> events.progress(m.body()));
    vertx.eventBus().<String>localConsumer(Addresses.SNAPSHOT_COMMITTED, m -> events.each(m.body(), Stream::committed));
    vertx.eventBus().localConsumer(Addresses.NOTIFICATIONS_RESUMED,
        m -> events.all().forEach(Stream::recheck));
    return events;
  }

  /** On shutdown: every stream ends (clients reconnect elsewhere) so the server can drain. */
  void closeAll() {
    all().forEach(s -> s.end(": server stopping; reconnect\n\n"));
  }

  private List<Stream> all() {
    List<Stream> all = new ArrayList<>();
    streams.values().forEach(all::addAll);
    return all;
  }

  private void open(RoutingContext ctx) {
    String wallet;
    try {
      wallet = Inputs.wallet(ctx.pathParam("wallet"));
    } catch (ApiError e) {
      Edge.error(ctx, e);
      return;
    }
    String owner = Idempotency.owner(Authenticator.caller(ctx));
    if (!slots.take(owner)) {
      Edge.fail(ctx, new RateLimited("You have " + config.maxStreamsPerCaller() + " progress streams open, the most "
          + "one caller may hold; close one, then retry.", 10));
      return;
    }
    Stream s = new Stream(ctx, wallet, owner);
    streams.computeIfAbsent(wallet, w -> new ArrayList<>()).add(s);
    // Listening before the state is read: nothing that happens in between is lost.
    meter.charge(ctx, Operation.intakeEventsRead, 1)
        .compose(a -> routes.<RunState>ask(Addresses.RUN_STATE, wallet))
        .onSuccess(s::start)
        .onFailure(t -> {
          s.close();
          Edge.fail(ctx, t);
        });
  }

  private void progress(String json) {
    JsonObject p;
    try {
      p = new JsonObject(json);
    } catch (DecodeException e) {
      LOG.warning(() -> "unreadable progress notification ignored");
      return;
    }
    String wallet = p.getString("wallet");
    if ("chain".equals(p.getString("event"))) {
      each(wallet, s -> s.chain(p));
    } else if ("failed".equals(p.getString("event"))) {
      each(wallet, s -> s.failed(p.getLong("job")));
    }
  }

  private void each(String wallet, java.util.function.Consumer<Stream> action) {
    List<Stream> of = streams.get(wallet);
    if (of != null) {
      List.copyOf(of).forEach(action);
    }
  }

  /** One client's stream of one wallet. */
  private final class Stream {
    private final RoutingContext ctx;
    private final String wallet;
    private final String owner;
    /** Events that arrived before the opening state was read, replayed after it. */
    private final List<Runnable> early = new ArrayList<>();
    private boolean started;
    private boolean closed;
    private long heartbeat = -1;
    private long deadline = -1;

    Stream(RoutingContext ctx, String wallet, String owner) {
      this.ctx = ctx;
      this.wallet = wallet;
      this.owner = owner;
      ctx.response().closeHandler(v -> close());
    }

    void start(RunState state) {
      if (closed) {
        return;
      }
      if (state.nothing()) {
        close();
        Edge.error(ctx, ApiError.notFound("Nothing is indexing for this wallet and it was never indexed: POST "
            + "/api/v1/intake/" + wallet + " to start a run, then open this stream."));
        return;
      }
      HttpServerResponse response = ctx.response().setStatusCode(200).setChunked(true)
          .putHeader(HttpHeaders.CONTENT_TYPE, "text/event-stream; charset=utf-8")
          .putHeader("X-Accel-Buffering", "no");
      if (!response.headers().contains(HttpHeaders.CACHE_CONTROL)) {
        response.putHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
      }
      if (ctx.request().method() == HttpMethod.HEAD) {
        close();
        response.end();
        return;
      }
      started = true;
      write("retry: " + RECONNECT_MS + "\n\n");
      if (!state.inFlight()) {
        finish(state);
        return;
      }
      JsonObject queued = new JsonObject().put("wallet", wallet).put("job", state.job()).put("state", state.state())
          .put("queuedAt", text(state.queuedAt()));
      if (state.startedAt() != null) {
        queued.put("startedAt", text(state.startedAt()));
      }
      event("queued", queued);
      heartbeat = vertx.setPeriodic(config.heartbeatSeconds() * 1000L, id -> {
        write(": heartbeat\n\n");
        recheck();
      });
      deadline = vertx.setTimer(config.maxStreamSeconds() * 1000L,
          id -> end(": stream time limit reached; reconnect to follow the run\n\n"));
      List<Runnable> arrived = List.copyOf(early);
      early.clear();
      arrived.forEach(Runnable::run);
    }

    void chain(JsonObject p) {
      if (!started) {
        early.add(() -> chain(p));
        return;
      }
      event("chain", new JsonObject().put("wallet", wallet).put("job", p.getLong("job"))
          .put("chainId", p.getLong("chainId")).put("chain", p.getString("chain"))
          .put("outcome", p.getString("outcome")).put("done", p.getInteger("done")).put("total", p.getInteger("total")));
    }

    void failed(Long job) {
      if (!started) {
        early.add(() -> failed(job));
        return;
      }
      event("failed", failure(job));
      end("");
    }

    /** A snapshot of the wallet committed: the run is done; its time is read back. */
    void committed() {
      if (!started) {
        early.add(this::committed);
        return;
      }
      routes.<RunState>ask(Addresses.RUN_STATE, wallet)
          .onSuccess(state -> {
            event("committed", new JsonObject().put("wallet", wallet).put("lastIndexedAt", text(state.lastIndexedAt())));
            end("");
          })
          .onFailure(t -> LOG.fine(() -> "state after a commit not read: " + t.getMessage()));
    }

    /** A notification may have been missed: the state read again ends the stream if the run is over. */
    void recheck() {
      if (!started || closed) {
        return;
      }
      routes.<RunState>ask(Addresses.RUN_STATE, wallet)
          .onSuccess(state -> {
            if (!state.inFlight()) {
              finish(state);
            }
          })
          .onFailure(t -> LOG.fine(() -> "state of a stream not re-read: " + t.getMessage()));
    }

    /** The final event of a run that is over: failed when its latest job failed, else committed. */
    private void finish(RunState state) {
      if (state.failed()) {
        event("failed", failure(state.job()));
      } else {
        event("committed", new JsonObject().put("wallet", wallet).put("lastIndexedAt", text(state.lastIndexedAt())));
      }
      end("");
    }

    private JsonObject failure(Long job) {
      return new JsonObject().put("wallet", wallet).put("job", job).put("message", "The indexing run failed. Start "
          + "another with POST /api/v1/intake/" + wallet + " after the cooldown (10 minutes after the failure).");
    }

    private void event(String name, JsonObject data) {
      write("event: " + name + "\ndata: " + data.encode() + "\n\n");
    }

    private void write(String text) {
      if (!closed) {
        ctx.response().write(text);
      }
    }

    void end(String last) {
      if (closed) {
        return;
      }
      if (!last.isEmpty()) {
        write(last);
      }
      close();
      ctx.response().end();
    }

    /** Once: timers off, out of the registry, the caller's slot given back. */
    void close() {
      if (closed) {
        return;
      }
      closed = true;
      vertx.cancelTimer(heartbeat);
      vertx.cancelTimer(deadline);
      List<Stream> of = streams.get(wallet);
      if (of != null) {
        of.remove(this);
        if (of.isEmpty()) {
          streams.remove(wallet);
        }
      }
      slots.give(owner);
    }
  }

  private static String text(Instant at) {
    return at == null ? null : at.toString();
  }
}
