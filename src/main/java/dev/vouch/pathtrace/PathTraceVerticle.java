package dev.vouch.pathtrace;

import dev.vouch.bus.Addresses;
import dev.vouch.ops.ThrottledLog;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Clock;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * Drains the noted commits (roles worker and all): wakes on every snapshot commit and on a timer,
 * traces one commit per transaction until none is left. One drain at a time per process; several
 * processes skip each other's rows.
 */
public final class PathTraceVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(PathTraceVerticle.class.getName());
  private static final ThrottledLog FAILURES = new ThrottledLog(LOG, Duration.ofSeconds(30));

  private final PathTracer tracer;
  private final Clock clock;
  private final long pollMs;
  private boolean busy;
  private boolean again;

  public PathTraceVerticle(PathTracer tracer, Clock clock, long pollMs) {
    this.tracer = tracer;
    this.clock = clock;
    this.pollMs = pollMs;
  }

  @Override
  public Future<?> start() {
    vertx.setPeriodic(pollMs, id -> drain());
    return vertx.eventBus().<String>localConsumer(Addresses.SNAPSHOT_COMMITTED, m -> drain()).completion();
  }

  private void drain() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    again = false;
    next(0).onComplete(ar -> {
      busy = false;
      if (ar.failed()) {
        FAILURES.warn(() -> "tracing failed (retried): " + dev.vouch.ops.Causes.summary(ar.cause()));
      } else if (again) {
        drain();
      }
    });
  }

  private Future<Integer> next(int sofar) {
    return tracer.traceOne(clock.instant()).compose(more -> more ? next(sofar + 1) : Future.succeededFuture(sofar));
  }
}
