package dev.vouch.http;

import dev.vouch.budget.Budgeting;
import dev.vouch.budget.Meter;
import dev.vouch.budget.model.Operation;
import dev.vouch.budget.model.TrustedProxies;
import dev.vouch.bus.Addresses;
import dev.vouch.bus.Colocation;
import dev.vouch.config.AppConfig;
import dev.vouch.decision.DecisionQuery;
import dev.vouch.exposure.ExposureQuery;
import dev.vouch.exposure.model.ExposureReport;
import dev.vouch.decision.model.Decision;
import dev.vouch.identity.IdentityServices;
import dev.vouch.idempotency.IdempotencyStore;
import dev.vouch.interaction.model.Cursors;
import dev.vouch.monitoring.MonitorServices;
import dev.vouch.score.ScoreQuery;
import dev.vouch.score.model.ScoreReport;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Deployable;
import dev.vouch.policy.Policies;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.healthchecks.HealthChecks;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.micrometer.PrometheusScrapingHandler;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The edge: validates input, routes to event-bus consumers, writes the envelope. Stateless, so
 * one instance runs per core.
 */
public final class HttpVerticle extends VerticleBase {

  private final AppConfig config;
  private final PrometheusMeterRegistry registry;
  private final HealthChecks health;
  private final boolean apiRoutes;
  private final Budgeting budgets;
  private final Meter meter;
  private final IdentityServices identity;
  private final ConnectionCap connections;
  private final Cursors cursors;
  private final Clock clock;
  private final IdempotencyStore idempotency;
  private final IntakeEvents.Slots streamSlots;
  private final MonitorServices monitoring;
  private final List<Supplier<? extends Deployable>> colocated;
  private final List<Deployable> hosted = new ArrayList<>();
  private HttpServer server;
  private Routes routes;
  private IntakeEvents intakeEvents;

  private final AccessLog accessLog;
  /** Customer policies (issue 32): null in the worker role. */
  private final Policies policies;

  private HttpVerticle(AppConfig config, PrometheusMeterRegistry registry, HealthChecks health, boolean apiRoutes,
      Budgeting budgets, Clock clock, Cursors cursors, ConnectionCap connections,
      IdentityServices identity, IdempotencyStore idempotency, IntakeEvents.Slots streamSlots,
      MonitorServices monitoring, List<Supplier<? extends Deployable>> colocated, AccessLog accessLog,
      Policies policies) {
    this.accessLog = accessLog;
    this.policies = policies;
    this.monitoring = monitoring;
    this.colocated = colocated;
    this.config = config;
    this.idempotency = idempotency;
    this.streamSlots = streamSlots;
    this.registry = registry;
    this.health = health;
    this.apiRoutes = apiRoutes;
    this.budgets = budgets;
    this.meter = budgets.meter();
    this.cursors = cursors;
    this.clock = clock;
    this.identity = identity;
    this.connections = connections;
  }

  /**
   * Instances for one deployment, sharing the per-IP connection count. With apiRoutes false
   * (worker role) only health and metrics are served; cursors and idempotency are then null. Each
   * instance hosts one of each {@code colocated} consumer verticle on its own event loop and asks
   * those consumers only ({@link Colocation}): no request crosses threads between edge and consumer.
   */
  public static Supplier<HttpVerticle> instances(AppConfig config, PrometheusMeterRegistry registry,
      HealthChecks health, boolean apiRoutes, Budgeting budgets, Clock clock, Cursors cursors,
      IdentityServices identity, IdempotencyStore idempotency, MonitorServices monitoring,
      List<Supplier<? extends Deployable>> colocated, Policies policies) {
    ConnectionCap connections = new ConnectionCap(config.http().maxConnectionsPerIp(),
        TrustedProxies.parse(config.http().trustedProxies()));
    IntakeEvents.Slots streamSlots = new IntakeEvents.Slots(config.http().events().maxStreamsPerCaller());
    registry.gauge(IntakeEvents.OPEN_METER, streamSlots, IntakeEvents.Slots::total);
    // One access log per process: its line budget and 503 sampling are the process's, not each instance's.
    AccessLog accessLog = new AccessLog(config.http().accessLogPerSecond());
    return () -> new HttpVerticle(config, registry, health, apiRoutes, budgets, clock, cursors, connections, identity,
        idempotency, streamSlots, monitoring, colocated, accessLog, policies);
  }

  @Override
  public Future<?> start() throws Exception {
    Colocation here = Colocation.host(context);
    List<Future<?>> consumers = new ArrayList<>();
    for (Supplier<? extends Deployable> consumer : colocated) {
      Deployable d = consumer.get();
      hosted.add(d);
      consumers.add(d.deploy(context));
    }
    return Future.all(consumers).compose(v -> listen(here));
  }

  private Future<?> listen(Colocation here) {
    Router router = Router.router(vertx);
    routes = new Routes(vertx, router, config.http().bodyLimitBytes(), config.http().requestTimeoutMs(),
        budgets.authenticator(), idempotency == null ? null : new Idempotency(idempotency, registry), here::address);
    router.route().handler(Edge.begin(accessLog)).handler(connections);
    if (!config.http().corsOrigins().isEmpty()) {
      router.route().handler(Cors.handler(config.http().corsOrigins()));
    }

    if (apiRoutes) {
      routes.add(HttpMethod.GET, "/api/v1/decision/:wallet", this::decision);
      routes.add(HttpMethod.GET, "/api/v1/score/:wallet", this::score);
      routes.add(HttpMethod.GET, "/api/v1/exposure/:wallet", this::exposure);
      routes.add(HttpMethod.GET, "/api/v1/stats", this::stats);
      ScanRoutes.install(routes);
      intakeEvents = IntakeEvents.install(vertx, routes, meter, config.http().events(), streamSlots);
      InteractionRoutes.install(routes, meter, cursors);
      BatchRoutes.install(routes, meter, config.models().usernameSuffix(), policies);
      ReceiptRoutes.install(routes, meter, config.models().usernameSuffix(), policies);
      PolicyRoutes.install(routes, meter, policies);
      IdentityRoutes.install(routes, identity, meter);
      PageRoutes.install(routes, meter, clock, config.models().usernameSuffix(), identity, config.chains());
      MonitoringRoutes.install(routes, meter, monitoring);
      TransferRoutes.install(routes, meter, policies);
    }

    routes.addOpen(HttpMethod.GET, "/openapi.yaml", ctx -> ctx.response()
        .putHeader("Content-Type", "application/yaml").sendFile("openapi.yaml"));
    ApiReference.install(routes);
    routes.addOpen(HttpMethod.GET, "/health/live", ctx -> Edge.sendRaw(ctx, 200, "{\"status\":\"UP\"}"));
    routes.addOpen(HttpMethod.GET, "/health/ready", this::ready);
    routes.addOpen(HttpMethod.GET, "/metrics", PrometheusScrapingHandler.create(registry));

    routes.installErrorHandlers();
    server = vertx.createHttpServer(new HttpServerOptions()
        .setHost(config.http().host())
        .setPort(config.http().port())
        .setMaxHeaderSize(config.http().maxHeaderBytes())
        .setMaxInitialLineLength(config.http().maxUriBytes())
        .setIdleTimeout(60)
        .setIdleTimeoutUnit(TimeUnit.SECONDS));
    return server.requestHandler(router)
        .invalidRequestHandler(Edge::invalidRequest)
        .connectionHandler(c -> {
          Versions.install(c);
          connections.opened(c);
        })
        .exceptionHandler(Edge::connectionFailed)
        .listen();
  }

  @Override
  public Future<?> stop() {
    // Graceful: stop accepting, let in-flight requests finish within the grace period; progress
    // streams end at once (their clients reconnect), or they would hold the drain to its end;
    // only then do the hosted consumers stop.
    if (intakeEvents != null) {
      intakeEvents.closeAll();
    }
    Future<?> drained = server == null ? Future.succeededFuture()
        : server.shutdown(config.http().shutdownGraceSeconds(), TimeUnit.SECONDS);
    return drained.eventually(() -> {
      List<Future<?>> stopped = new ArrayList<>();
      for (Deployable d : hosted) {
        try {
          stopped.add(d.undeploy(context));
        } catch (Exception e) {
          stopped.add(Future.failedFuture(e));
        }
      }
      return Future.join(stopped);
    });
  }

  private void decision(RoutingContext ctx) {
    Future.succeededFuture()
        .map(v -> new DecisionQuery(Inputs.wallet(ctx.pathParam("wallet")),
            Inputs.useCase(ctx.queryParams().get("useCase"))))
        .compose(q -> PolicyRoutes.of(ctx, policies).map(p -> p.ref() == null ? q : q.with(p.policy(), p.ref())))
        .compose(q -> meter.chargingWhile(ctx, Operation.decisionRead,
            () -> routes.<Decision>ask(Addresses.DECISION_READ, q)))
        .onSuccess(decision -> Edge.sendEncoded(ctx, 200, Answers.decision(decision)))
        .onFailure(t -> Edge.fail(ctx, t));
  }

  private void score(RoutingContext ctx) {
    Future.succeededFuture()
        .map(v -> new ScoreQuery(Inputs.wallet(ctx.pathParam("wallet")), Edge.clientIp(ctx)))
        .compose(meter.charging(ctx, Operation.scoreRead))
        .compose(q -> routes.<ScoreReport>ask(Addresses.SCORE_READ, q))
        .onSuccess(report -> Edge.sendEncoded(ctx, 200, Answers.score(report)))
        .onFailure(t -> Edge.fail(ctx, t));
  }

  private void exposure(RoutingContext ctx) {
    Future.succeededFuture()
        .map(v -> new ExposureQuery(Inputs.wallet(ctx.pathParam("wallet"))))
        .compose(meter.charging(ctx, Operation.exposureRead))
        .compose(q -> routes.<ExposureReport>ask(Addresses.EXPOSURE_READ, q))
        .onSuccess(report -> Edge.ok(ctx, 200, report))
        .onFailure(t -> Edge.fail(ctx, t));
  }

  /** Figures may be a minute old (the consumer keeps them that long), so clients may too. */
  private void stats(RoutingContext ctx) {
    Future.succeededFuture((Object) null)
        .compose(meter.charging(ctx, Operation.statsRead))
        .compose(q -> vertx.eventBus().request(Addresses.STATS_READ, null))
        .onSuccess(reply -> {
          ctx.response().putHeader("Cache-Control", "max-age=60");
          Edge.ok(ctx, 200, Json.tree((io.vertx.core.json.JsonObject) reply.body()));
        })
        .onFailure(t -> Edge.fail(ctx, t));
  }

  private void ready(RoutingContext ctx) {
    health.checkStatus().onComplete(ar -> {
      boolean up = ar.succeeded() && ar.result().getUp();
      String body = ar.succeeded() ? ar.result().toJson().encode() : "{\"status\":\"DOWN\"}";
      Edge.sendRaw(ctx, up ? 200 : 503, body);
    });
  }
}
