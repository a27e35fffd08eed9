package dev.vouch.indexing;

import dev.vouch.store.StoreException;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * INTERIM stand-in for the budget module (issue 3), to be replaced by an adapter over
 * dev.vouch.budget.Metering: per-process counters with SPEC section 8 defaults (fixed minute and
 * UTC-day windows on the application clock) and key lookup by SHA-256. Not shared between
 * instances; no configuration of its own.
 */
public final class InterimScanBudget implements ScanBudget {

  private record Tier(long perMinute, long dailyScans, long dailyReindex) {}

  private static final Tier ANONYMOUS = new Tier(20, 25, 0);
  private static final Map<String, Tier> PLANS = Map.of(
      "developer", new Tier(120, 200, 50),
      "plus", new Tier(120, 200, 150),
      "pro", new Tier(300, 1000, 500),
      "partner", new Tier(600, 2000, 1000));
  private static final long INTAKE_ANONYMOUS = 8;
  private static final long INTAKE_KEYED = 5;
  private static final long REFRESH = 5;
  private static final long RESCAN = 5;

  private record Draw(String counter, long window, long amount) {}

  private final Pool pool;
  private final Clock clock;
  /** counter -> {window, used} */
  private final Map<String, long[]> counters = new HashMap<>();

  public InterimScanBudget(Pool pool, Clock clock) {
    this.pool = pool;
    this.clock = clock;
  }

  @Override
  public Future<ScanCaller> caller(String ip, String authorization) {
    if (authorization == null) {
      return Future.succeededFuture(ScanCaller.anonymous(ip));
    }
    String token = authorization.regionMatches(true, 0, "Bearer ", 0, 7) ? authorization.substring(7).trim() : "";
    if (token.isEmpty() || token.length() > 200) {
      return Future.failedFuture(new KeyRefused(false));
    }
    return pool.preparedQuery(IndexingQueries.INTERIM_KEY).execute(Tuple.of(token))
        .recover(t -> Future.failedFuture(StoreException.translate(t)))
        .compose(rows -> {
          if (rows.size() == 0 || rows.iterator().next().getBoolean("revoked")) {
            return Future.failedFuture(new KeyRefused(false));
          }
          Row r = rows.iterator().next();
          if (r.getBoolean("suspended")) {
            return Future.failedFuture(new KeyRefused(true));
          }
          return Future.succeededFuture(new ScanCaller(ip, r.getLong("id"), r.getString("plan")));
        });
  }

  private static Tier tier(ScanCaller c) {
    return c.keyed() ? PLANS.getOrDefault(c.plan(), PLANS.get("developer")) : ANONYMOUS;
  }

  private static String bucket(ScanCaller c) {
    return c.keyed() ? "key:" + c.keyId() : "ip:" + c.ip();
  }

  @Override
  public Future<Void> checkCap(ScanCaller caller, Cap cap) {
    long limit = capLimit(caller, cap);
    Instant now = clock.instant();
    if (used(cap + "|" + bucket(caller), day(now)) >= limit) {
      return Future.failedFuture(capRefused(cap, limit, now));
    }
    return Future.succeededFuture();
  }

  @Override
  public Future<Charge> charge(ScanCaller caller, Cost cost) {
    long units = cost == Cost.refresh ? REFRESH : caller.keyed() ? INTAKE_KEYED : INTAKE_ANONYMOUS;
    return units(bucket(caller), tier(caller).perMinute(), units);
  }

  @Override
  public Future<Charge> countCap(ScanCaller caller, Cap cap) {
    long limit = capLimit(caller, cap);
    Instant now = clock.instant();
    Draw d = new Draw(cap + "|" + bucket(caller), day(now), 1);
    return take(d, limit) < 0 ? Future.failedFuture(capRefused(cap, limit, now))
        : Future.succeededFuture(new Charge(-1, -1, List.of(d)));
  }

  @Override
  public Future<Charge> chargeRescan(String ip) {
    return units("ip:" + ip, ANONYMOUS.perMinute(), RESCAN).otherwise(Charge.NONE);
  }

  @Override
  public synchronized Future<Void> refund(Charge charge) {
    if (charge.ticket() instanceof List<?> draws) {
      for (Object o : draws) {
        Draw d = (Draw) o;
        long[] c = counters.get(d.counter());
        if (c != null && c[0] == d.window()) {
          c[1] = Math.max(0, c[1] - d.amount());
        }
      }
    }
    return Future.succeededFuture();
  }

  private Future<Charge> units(String bucket, long perMinute, long units) {
    Instant now = clock.instant();
    long minute = now.getEpochSecond() / 60;
    Draw d = new Draw("units|" + bucket, minute, units);
    long after = take(d, perMinute);
    if (after < 0) {
      long remaining = perMinute - used(d.counter(), minute);
      return Future.failedFuture(new Refused("This request costs " + units + " rate units and " + remaining
          + " of your " + perMinute + " per minute remain; retry after the minute turns.",
          (minute + 1) * 60 - now.getEpochSecond(), new Charge(perMinute, remaining, null)));
    }
    return Future.succeededFuture(new Charge(perMinute, perMinute - after, List.of(d)));
  }

  private static long capLimit(ScanCaller caller, Cap cap) {
    Tier t = tier(caller);
    return cap == Cap.scanStarts ? t.dailyScans() : t.dailyReindex();
  }

  private static Refused capRefused(Cap cap, long limit, Instant now) {
    long midnight = (day(now) + 1) * 86_400;
    return new Refused("The daily cap of " + limit + (cap == Cap.scanStarts ? " scan starts" : " re-index starts")
        + " is reached; it resets at 00:00 UTC. Nothing was charged.", midnight - now.getEpochSecond(), Charge.NONE);
  }

  private static long day(Instant now) {
    return Math.floorDiv(now.getEpochSecond(), 86_400);
  }

  private synchronized long used(String counter, long window) {
    long[] c = counters.get(counter);
    return c == null || c[0] != window ? 0 : c[1];
  }

  /** The counter after taking, or -1 when it would pass the limit (nothing taken). */
  private synchronized long take(Draw d, long limit) {
    long[] c = counters.computeIfAbsent(d.counter(), k -> new long[] {d.window(), 0});
    if (c[0] != d.window()) {
      c[0] = d.window();
      c[1] = 0;
    }
    if (c[1] + d.amount() > limit) {
      return -1;
    }
    c[1] += d.amount();
    return c[1];
  }
}
