package dev.vouch.http;

import dev.vouch.budget.Authenticator;
import dev.vouch.budget.Meter;
import dev.vouch.budget.RateLimited;
import dev.vouch.budget.model.Operation;
import dev.vouch.bus.Addresses;
import dev.vouch.config.AppConfig;
import dev.vouch.error.ApiError;
import dev.vouch.transfer.TransferRecord;
import dev.vouch.transfer.TransferRequests;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;

/**
 * GET /api/v1/transfers/{id}/events: a screening's state as Server-Sent Events, the pattern of
 * {@link IntakeEvents}: {@code pending} (the screening as GET answers it) at once and again when
 * its confirmations or reasons change, then {@code screened} with the verdict, which ends the
 * stream. A screening already screened answers its {@code screened} event and ends. Driven by the
 * counterparty's snapshot commit (Postgres NOTIFY, any instance) and re-read on every heartbeat,
 * which is also what moves an unconfirmed transfer on: the read decides a pending screening
 * again against the chain's head. One instance per HTTP verticle; the per-caller stream count is
 * the progress streams' ({@link IntakeEvents.Slots}).
 */
final class TransferEvents {

  private static final Logger LOG = Logger.getLogger(TransferEvents.class.getName());
  static final String PATH = "/api/v1/transfers/:id/events";
  private static final int RECONNECT_MS = 3000;

  private final Vertx vertx;
  private final Routes routes;
  private final Meter meter;
  private final AppConfig.Events config;
  private final IntakeEvents.Slots slots;
  /** Open streams by counterparty; touched only on this verticle's event loop. */
  private final Map<String, List<Stream>> streams = new HashMap<>();

  private TransferEvents(Vertx vertx, Routes routes, Meter meter, AppConfig.Events config, IntakeEvents.Slots slots) {
    this.vertx = vertx;
    this.routes = routes;
    this.meter = meter;
    this.config = config;
    this.slots = slots;
  }

  static TransferEvents install(Vertx vertx, Routes routes, Meter meter, AppConfig.Events config,
      IntakeEvents.Slots slots) {
    TransferEvents events = new TransferEvents(vertx, routes, meter, config, slots);
    routes.add(HttpMethod.GET, PATH, events::open);
    vertx.eventBus().<String>localConsumer(Addresses.SNAPSHOT_COMMITTED, m -> {
      List<Stream> of = events.streams.get(m.body());
      if (of != null) {
        List.copyOf(of).forEach(Stream::recheck);
      }
    });
    vertx.eventBus().localConsumer(Addresses.NOTIFICATIONS_RESUMED, m -> events.all().forEach(Stream::recheck));
    return events;
  }

  void closeAll() {
    all().forEach(s -> s.end(": server stopping; reconnect\n\n"));
  }

  private List<Stream> all() {
    List<Stream> all = new ArrayList<>();
    streams.values().forEach(all::addAll);
    return all;
  }

  private void open(RoutingContext ctx) {
    long id;
    try {
      id = TransferRoutes.id(ctx.pathParam("id"));
    } catch (ApiError e) {
      Edge.error(ctx, e);
      return;
    }
    String owner = Idempotency.owner(Authenticator.caller(ctx));
    if (!slots.take(owner)) {
      Edge.fail(ctx, new RateLimited("You have " + config.maxStreamsPerCaller() + " event streams open, the most "
          + "one caller may hold; close one, then retry.", 10));
      return;
    }
    Stream s = new Stream(ctx, id, owner);
    meter.charge(ctx, Operation.transferEventsRead, 1)
        .compose(a -> routes.<TransferRequests.Answer>ask(Addresses.TRANSFER_READ, new TransferRequests.Read(id)))
        .onSuccess(a -> s.start(a.data()))
        .onFailure(t -> {
          s.close();
          Edge.fail(ctx, t);
        });
  }

  /** One client's stream of one screening. */
  private final class Stream {
    private final RoutingContext ctx;
    private final long id;
    private final String owner;
    private String counterparty;
    private TransferRecord last;
    private boolean closed;
    private boolean reading;
    private long heartbeat = -1;
    private long deadline = -1;

    Stream(RoutingContext ctx, long id, String owner) {
      this.ctx = ctx;
      this.id = id;
      this.owner = owner;
      ctx.response().closeHandler(v -> close());
    }

    void start(TransferRecord t) {
      if (closed) {
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
      write("retry: " + RECONNECT_MS + "\n\n");
      counterparty = t.counterparty();
      streams.computeIfAbsent(counterparty, c -> new ArrayList<>()).add(this);
      heartbeat = vertx.setPeriodic(config.heartbeatSeconds() * 1000L, x -> {
        write(": heartbeat\n\n");
        recheck();
      });
      deadline = vertx.setTimer(config.maxStreamSeconds() * 1000L,
          x -> end(": stream time limit reached; reconnect to follow the screening\n\n"));
      show(t);
      // Registered after the first read: a commit in between is caught by this second read.
      if (!closed) {
        recheck();
      }
    }

    /** The screening read again (a pending one decided again); its new state shown. */
    void recheck() {
      if (closed || reading) {
        return;
      }
      reading = true;
      routes.<TransferRequests.Answer>ask(Addresses.TRANSFER_READ, new TransferRequests.Read(id))
          .onComplete(ar -> {
            reading = false;
            if (ar.succeeded()) {
              show(ar.result().data());
            } else {
              LOG.fine(() -> "screening " + id + " not re-read: " + ar.cause().getMessage());
            }
          });
    }

    private void show(TransferRecord t) {
      if (closed) {
        return;
      }
      if ("screened".equals(t.status())) {
        event("screened", t);
        end("");
      } else if (last == null || last.confirmations() != t.confirmations() || !last.reasons().equals(t.reasons())
          || !last.warnings().equals(t.warnings())) {
        event("pending", t);
      }
      last = t;
    }

    private void event(String name, TransferRecord t) {
      write("event: " + name + "\ndata: " + Json.encode(t).toString(StandardCharsets.UTF_8) + "\n\n");
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

    void close() {
      if (closed) {
        return;
      }
      closed = true;
      vertx.cancelTimer(heartbeat);
      vertx.cancelTimer(deadline);
      if (counterparty != null) {
        List<Stream> of = streams.get(counterparty);
        if (of != null) {
          of.remove(this);
          if (of.isEmpty()) {
            streams.remove(counterparty);
          }
        }
      }
      slots.give(owner);
    }
  }
}
