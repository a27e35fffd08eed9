package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Draw;
import dev.vouch.budget.model.Take;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Counters in Redis. Each admission is ONE Lua script, so concurrent requests on any number of
 * instances can never take more than a limit. Calls are bounded by a timeout so a hung Redis
 * looks down rather than stalling requests.
 */
final class RedisCounterStore implements CounterStore {

  /**
   * KEYS: counters. ARGV: limit, amount, ttl for each key. Returns {refused index or -1, used...}:
   * nothing is written unless every draw fits.
   */
  static final String TAKE = """
      local out = {-1}
      for i = 1, #KEYS do
        local used = tonumber(redis.call('GET', KEYS[i]) or '0')
        out[i + 1] = used
        if out[1] == -1 and used + tonumber(ARGV[3 * i - 1]) > tonumber(ARGV[3 * i - 2]) then
          out[1] = i - 1
        end
      end
      if out[1] ~= -1 then return out end
      for i = 1, #KEYS do
        out[i + 1] = redis.call('INCRBY', KEYS[i], ARGV[3 * i - 1])
        if redis.call('TTL', KEYS[i]) < 0 then redis.call('EXPIRE', KEYS[i], ARGV[3 * i]) end
      end
      return out
      """;

  /** KEYS: counters, ARGV: amounts. Decrements live counters, never below zero, keeping their TTL. */
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
  private static final Script GIVE_BACK_SCRIPT = Script.of(GIVE_BACK);

  private final Redis redis;
  private final String prefix;
  private final long timeoutMillis;

  /** A pooled client whose wait queue is deep enough for a burst of admissions. */
  static Redis client(Vertx vertx, String url, int timeoutMillis) {
    return Redis.createClient(vertx, new RedisOptions()
        .setConnectionString(url)
        .setMaxPoolSize(8)
        .setMaxPoolWaiting(4096)
        .setNetClientOptions(new NetClientOptions().setConnectTimeout(timeoutMillis)));
  }

  RedisCounterStore(Redis redis, String prefix, long timeoutMillis) {
    this.redis = redis;
    this.prefix = prefix;
    this.timeoutMillis = timeoutMillis;
  }

  @Override
  public Future<Take> take(List<Draw> draws) {
    List<String> args = new ArrayList<>(draws.size() * 3);
    for (Draw d : draws) {
      args.add(Long.toString(d.limit()));
      args.add(Long.toString(d.amount()));
      args.add(Long.toString(d.ttlSeconds()));
    }
    return eval(TAKE_SCRIPT, draws, args).map(r -> {
      List<Long> used = new ArrayList<>(draws.size());
      for (int i = 1; i < r.size(); i++) {
        used.add(r.get(i).toLong());
      }
      return new Take(r.get(0).toLong().intValue(), used, false);
    });
  }

  @Override
  public Future<Void> giveBack(Admission.Ticket ticket) {
    List<String> amounts = ticket.draws().stream().map(d -> Long.toString(d.amount())).toList();
    return eval(GIVE_BACK_SCRIPT, ticket.draws(), amounts).mapEmpty();
  }

  @Override
  public Future<Long> used(String key) {
    return bounded(redis.send(Request.cmd(Command.GET).arg(prefix + key)))
        .map(r -> r == null ? 0L : r.toLong());
  }

  @Override
  public Future<Health> health() {
    return bounded(redis.send(Request.cmd(Command.PING))).map(r -> new Health("redis", false));
  }

  /** EVALSHA, falling back to EVAL once the script cache is empty (e.g. after a Redis restart). */
  private Future<Response> eval(Script script, List<Draw> draws, List<String> args) {
    return bounded(redis.send(command(Command.EVALSHA, script.sha(), draws, args))
        .recover(t -> isNoScript(t)
            ? redis.send(command(Command.EVAL, script.source(), draws, args))
            : Future.failedFuture(t)));
  }

  private Request command(Command cmd, String script, List<Draw> draws, List<String> args) {
    Request r = Request.cmd(cmd).arg(script).arg(draws.size());
    draws.forEach(d -> r.arg(prefix + d.key()));
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
