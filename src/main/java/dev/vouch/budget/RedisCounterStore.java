package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Draw;
import dev.vouch.budget.model.Take;
import dev.vouch.budget.model.Usage;
import io.micrometer.core.instrument.Counter;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.net.NetClientOptions;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * Counters in Redis. Each admission is ONE Lua script, so concurrent requests on any number of
 * instances can never take more than a limit. The script reads the server's clock ({@code TIME})
 * to pick the window, so instances with skewed clocks still share one window. Every key of one
 * caller carries the caller as a hash tag, so the script works on Redis Cluster. Calls are
 * bounded by a timeout so a hung Redis looks down rather than stalling requests; a take that
 * timed out counts as not taken, and if Redis runs it after all, it is given back.
 */
final class RedisCounterStore implements CounterStore {

  private static final Logger LOG = Logger.getLogger(RedisCounterStore.class.getName());

  /**
   * Shared prologue: {@code now} in epoch millis from the server's TIME (ARGV[1] empty) or from
   * ARGV[1] (a pinned clock, for tests that move time); {@code window(i, period)} is KEYS[i] plus
   * the start of its period, the same as Windows.periodStart. Redis before 5 must be told to
   * replicate effects, or writes after TIME are refused.
   */
  private static final String CLOCK = """
      if redis.replicate_commands then redis.replicate_commands() end
      local now
      if ARGV[1] == '' then
        local t = redis.call('TIME')
        now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
      else
        now = tonumber(ARGV[1])
      end
      local function window(i, period)
        return KEYS[i] .. ':' .. string.format('%d', math.floor(math.floor(now / 1000) / period) * period)
      end
      """;

  /**
   * Several admissions in one script run, each all-or-nothing and each seeing the counters as the
   * ones before it left them: exactly what the same admissions would do one script at a time.
   * KEYS: every admission's counters (without window), in order. ARGV: clock, the number of
   * admissions, then per admission its draw count and per draw limit, amount, ttl, period.
   * Returns {now, then per admission: refused index or -1, used...}: nothing of an admission is
   * written unless all its draws fit.
   */
  static final String TAKE = CLOCK + """
      local out = {now}
      local k = 0
      local a = 3
      for r = 1, tonumber(ARGV[2]) do
        local m = tonumber(ARGV[a])
        a = a + 1
        local refused = -1
        local keys, used = {}, {}
        for j = 1, m do
          local b = a + 4 * (j - 1)
          keys[j] = window(k + j, tonumber(ARGV[b + 3]))
          used[j] = tonumber(redis.call('GET', keys[j]) or '0')
          if refused == -1 and used[j] + tonumber(ARGV[b + 1]) > tonumber(ARGV[b]) then
            refused = j - 1
          end
        end
        if refused == -1 then
          for j = 1, m do
            local b = a + 4 * (j - 1)
            used[j] = redis.call('INCRBY', keys[j], ARGV[b + 1])
            if redis.call('TTL', keys[j]) < 0 then redis.call('EXPIRE', keys[j], ARGV[b + 2]) end
          end
        end
        out[#out + 1] = refused
        for j = 1, m do out[#out + 1] = used[j] end
        k = k + m
        a = a + 4 * m
      end
      return out
      """;

  /**
   * A lease. KEYS[1]: counter without window. ARGV: clock, limit, want, ttl, period. Takes as
   * many of {@code want} units as fit under the limit (none when the window is spent). Returns
   * {now, granted, used after}.
   */
  static final String LEASE = CLOCK + """
      local key = window(1, tonumber(ARGV[5]))
      local used = tonumber(redis.call('GET', key) or '0')
      local granted = math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) - used)
      if granted > 0 then
        used = redis.call('INCRBY', key, granted)
        if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[4]) end
      else
        granted = 0
      end
      return {now, granted, used}
      """;

  /** KEYS[1]: counter without window. ARGV: clock, period. Returns {used, now}. */
  static final String USED = CLOCK + """
      return {tonumber(redis.call('GET', window(1, tonumber(ARGV[2]))) or '0'), now}
      """;

  /**
   * KEYS: the exact windowed counters taken, ARGV: amounts. Decrements live counters, never
   * below zero, keeping their TTL.
   */
  static final String GIVE_BACK = """
      for i = 1, #KEYS do
        if redis.call('EXISTS', KEYS[i]) == 1 then
          local v = redis.call('DECRBY', KEYS[i], ARGV[i])
          if v < 0 then redis.call('INCRBY', KEYS[i], -v) end
        end
      end
      return 0
      """;

  private record Script(String source, String sha) {
    static Script of(String source) {
      try {
        byte[] digest = MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8));
        return new Script(source, HexFormat.of().formatHex(digest));
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  private static final Script TAKE_SCRIPT = Script.of(TAKE);
  private static final Script USED_SCRIPT = Script.of(USED);
  private static final Script LEASE_SCRIPT = Script.of(LEASE);
  private static final Script GIVE_BACK_SCRIPT = Script.of(GIVE_BACK);

  private final Redis redis;
  private final String prefix;
  private final long timeoutMillis;
  private final Clock pinned;
  private final Counter lateTakesUndone;
  /** Open batches by caller, per event-loop thread: only that thread touches its map. */
  private final ThreadLocal<Map<String, Batch>> open = ThreadLocal.withInitial(HashMap::new);

  /**
   * A pooled client whose wait queue is deep enough for a burst of admissions. A comma-separated
   * list of URLs, or {@code cluster}, selects the Redis Cluster client (the URLs are seeds; the
   * client learns the slots and follows them).
   */
  static Redis client(Vertx vertx, String url, boolean cluster, int timeoutMillis) {
    List<String> endpoints = Arrays.stream(url.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    return Redis.createClient(vertx, new RedisOptions()
        .setType(cluster || endpoints.size() > 1 ? RedisClientType.CLUSTER : RedisClientType.STANDALONE)
        .setEndpoints(endpoints)
        .setMaxPoolSize(8)
        .setMaxPoolWaiting(4096)
        .setNetClientOptions(new NetClientOptions().setConnectTimeout(timeoutMillis)));
  }

  /** Windows by the Redis server's clock. */
  RedisCounterStore(Redis redis, String prefix, long timeoutMillis, Counter lateTakesUndone) {
    this(redis, prefix, timeoutMillis, null, lateTakesUndone);
  }

  /**
   * {@code pinned}: windows by this clock instead of the server's (budgets.redis.windowClock
   * {@code instance}, for tests that move time); null for the server's.
   */
  RedisCounterStore(Redis redis, String prefix, long timeoutMillis, Clock pinned, Counter lateTakesUndone) {
    this.redis = redis;
    this.prefix = prefix;
    this.timeoutMillis = timeoutMillis;
    this.pinned = pinned;
    this.lateTakesUndone = lateTakesUndone;
  }

  @Override
  public Future<Take> take(List<Draw> draws) {
    return beforeTimeout(coalesced(draws), take -> undoLate(draws, take));
  }

  /**
   * Whoever comes first decides: the answer (the caller gets it) or the timeout (the caller
   * treats the call as not made, and may charge the fallback). An answer after the timeout is
   * undone, so a slow Redis never counts one request twice.
   */
  private <T> Future<T> beforeTimeout(Future<T> call, Consumer<T> undo) {
    AtomicBoolean decided = new AtomicBoolean();
    Future<T> answer = call.compose(value -> {
      if (decided.compareAndSet(false, true)) {
        return Future.succeededFuture(value);
      }
      undo.accept(value);
      return Future.failedFuture("answered after the timeout");
    });
    return answer.timeout(timeoutMillis, TimeUnit.MILLISECONDS)
        .recover(t -> decided.compareAndSet(false, true) ? Future.failedFuture(t) : answer);
  }

  /** One script run per lease; Leases already sends one lease per caller at a time. */
  @Override
  public Future<Grant> lease(Draw draw, long want) {
    Future<Grant> call = unbounded(LEASE_SCRIPT, List.of(prefix + draw.counter()), List.of(clockArg(),
        Long.toString(draw.limit()), Long.toString(want), Long.toString(draw.ttlSeconds()),
        Long.toString(draw.periodSeconds())))
        .map(r -> new Grant(r.get(1).toLong(), r.get(2).toLong(), r.get(0).toLong(), false));
    return beforeTimeout(call, late -> {
      if (late.granted() > 0) {
        Draw taken = new Draw(draw.counter(), draw.periodSeconds(), draw.limit(), late.granted(), draw.ttlSeconds());
        undoLate(List.of(taken), new Take(-1, List.of(late.used()), late.atMillis(), false));
      }
    });
  }

  /**
   * Admissions of one caller made on one event loop in the same turn (a burst of an exchange's
   * requests, read from many connections at once) travel as one script run: one round trip and
   * one Redis command instead of one each. The batch leaves at the end of the turn, so a lone
   * request waits for nothing. Callers are never mixed, so a batch stays in one cluster slot.
   */
  private Future<Take> coalesced(List<Draw> draws) {
    Context context = Vertx.currentContext();
    String tag = draws.isEmpty() ? null : hashTag(draws.get(0).counter());
    if (context == null || !context.isEventLoopContext() || tag == null) {
      return send(List.of(draws)).map(takes -> takes.get(0));
    }
    Map<String, Batch> open = this.open.get();
    Batch batch = open.get(tag);
    if (batch == null) {
      Batch fresh = new Batch(((ContextInternal) context).promise());
      open.put(tag, fresh);
      context.runOnContext(v -> {
        open.remove(tag, fresh);
        send(fresh.admissions()).onComplete(fresh.result());
      });
      batch = fresh;
    }
    int index = batch.admissions().size();
    batch.admissions().add(draws);
    if (batch.admissions().size() >= MAX_BATCH) {
      open.remove(tag, batch);
    }
    return batch.result().future().map(takes -> takes.get(index));
  }

  /** Admissions waiting for the end of the turn, and the answer they share (on their context). */
  private record Batch(List<List<Draw>> admissions, Promise<List<Take>> result) {
    Batch(Promise<List<Take>> result) {
      this(new ArrayList<>(), result);
    }
  }

  /** Enough to cut the round trips of a burst; small enough to keep one script run short. */
  static final int MAX_BATCH = 64;

  /** The caller's hash tag of a counter ({@code ...:{owner}}), or null without one. */
  static String hashTag(String counter) {
    int open = counter.indexOf('{');
    int close = open < 0 ? -1 : counter.indexOf('}', open + 1);
    return close < 0 ? null : counter.substring(open + 1, close);
  }

  private Future<List<Take>> send(List<List<Draw>> admissions) {
    List<String> keys = new ArrayList<>();
    List<String> args = new ArrayList<>();
    args.add(clockArg());
    args.add(Integer.toString(admissions.size()));
    for (List<Draw> draws : admissions) {
      args.add(Integer.toString(draws.size()));
      for (Draw d : draws) {
        keys.add(prefix + d.counter());
        args.add(Long.toString(d.limit()));
        args.add(Long.toString(d.amount()));
        args.add(Long.toString(d.ttlSeconds()));
        args.add(Long.toString(d.periodSeconds()));
      }
    }
    return unbounded(TAKE_SCRIPT, keys, args).map(r -> takes(r, admissions));
  }

  private static List<Take> takes(Response r, List<List<Draw>> admissions) {
    long now = r.get(0).toLong();
    List<Take> out = new ArrayList<>(admissions.size());
    int at = 1;
    for (List<Draw> draws : admissions) {
      int refused = r.get(at++).toInteger();
      List<Long> used = new ArrayList<>(draws.size());
      for (int j = 0; j < draws.size(); j++) {
        used.add(r.get(at++).toLong());
      }
      out.add(new Take(refused, used, now, false));
    }
    return out;
  }

  private void undoLate(List<Draw> draws, Take late) {
    if (!late.taken()) {
      return;
    }
    lateTakesUndone.increment();
    giveBack(new Admission.Ticket(draws, late.atMillis(), false)).onFailure(t ->
        LOG.warning("could not give back a take Redis answered after the timeout: " + t.getMessage()));
  }

  @Override
  public Future<Void> giveBack(Admission.Ticket ticket) {
    List<String> keys = ticket.draws().stream().map(d -> prefix + d.key(ticket.atMillis())).toList();
    List<String> amounts = ticket.draws().stream().map(d -> Long.toString(d.amount())).toList();
    return bounded(unbounded(GIVE_BACK_SCRIPT, keys, amounts)).mapEmpty();
  }

  @Override
  public Future<Usage> used(Draw draw) {
    return bounded(unbounded(USED_SCRIPT, List.of(prefix + draw.counter()),
        List.of(clockArg(), Long.toString(draw.periodSeconds()))))
        .map(r -> new Usage(r.get(0).toLong(), r.get(1).toLong()));
  }

  @Override
  public Future<Health> health() {
    return bounded(redis.send(Request.cmd(Command.PING))).map(r -> new Health("redis", false));
  }

  private String clockArg() {
    return pinned == null ? "" : Long.toString(pinned.millis());
  }

  /** EVALSHA, falling back to EVAL once the script cache is empty (e.g. after a Redis restart). */
  private Future<Response> unbounded(Script script, List<String> keys, List<String> args) {
    return redis.send(command(Command.EVALSHA, script.sha(), keys, args))
        .recover(t -> isNoScript(t)
            ? redis.send(command(Command.EVAL, script.source(), keys, args))
            : Future.failedFuture(t));
  }

  private static Request command(Command cmd, String script, List<String> keys, List<String> args) {
    Request r = Request.cmd(cmd).arg(script).arg(keys.size());
    keys.forEach(r::arg);
    args.forEach(r::arg);
    return r;
  }

  private <T> Future<T> bounded(Future<T> f) {
    return f.timeout(timeoutMillis, TimeUnit.MILLISECONDS);
  }

  private static boolean isNoScript(Throwable t) {
    return t.getMessage() != null && t.getMessage().startsWith("NOSCRIPT");
  }
}
