package dev.vouch.idempotency;

import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.UUID;

/**
 * Idempotency-Key records in Postgres, shared by every instance: claim a key for a request, keep
 * its answer, replay that answer to the same caller's retries, free the key when the answer is
 * not kept, and sweep expired rows.
 */
public final class IdempotencyStore {

  /** What a claim found. */
  public sealed interface Claim {}

  /** This request holds the key; finish with {@link #complete} or {@link #release}. */
  public record Claimed(String owner, String key, UUID token) implements Claim {}

  /** The key's request already answered: replay it. */
  public record Replay(int status, JsonObject headers, Buffer body) implements Claim {}

  /** The key's first request is still running. */
  public record InFlight() implements Claim {}

  /** The key was used for another request (method, URI or body) within its lifetime. */
  public record Mismatch() implements Claim {}

  /** A claim that races a release (or a sweep) tries again this often before giving up. */
  private static final int CLAIM_TRIES = 3;

  private final Gateway db;
  private final Clock clock;
  private final Duration ttl;
  private final Duration pending;

  public IdempotencyStore(Gateway db, Clock clock, Duration ttl, Duration pending) {
    this.db = db;
    this.clock = clock;
    this.ttl = ttl;
    this.pending = pending;
  }

  public Future<Claim> claim(String owner, String key, byte[] fingerprint) {
    return claim(owner, key, fingerprint, CLAIM_TRIES);
  }

  private Future<Claim> claim(String owner, String key, byte[] fingerprint, int tries) {
    Instant now = clock.instant();
    UUID token = UUID.randomUUID();
    Tuple args = Tuple.of(owner, key, Buffer.buffer(fingerprint), token, utc(now))
        .addValue(utc(now.plus(ttl))).addValue(utc(now.plus(pending)));
    return db.write(c -> c.preparedQuery(IdempotencyQueries.CLAIM).execute(args))
        .compose(claimed -> claimed.size() == 1
            ? Future.<Claim>succeededFuture(new Claimed(owner, key, token))
            : db.readPrimary(c -> c.preparedQuery(IdempotencyQueries.FIND).execute(Tuple.of(owner, key)))
                .compose(found -> found.size() == 0
                    // Released or swept between the two statements: claim again.
                    ? (tries > 1 ? claim(owner, key, fingerprint, tries - 1)
                        : Future.<Claim>succeededFuture(new InFlight()))
                    : Future.succeededFuture(held(found.iterator().next(), fingerprint))));
  }

  private static Claim held(Row row, byte[] fingerprint) {
    if (!Arrays.equals(row.getBuffer("fingerprint").getBytes(), fingerprint)) {
      return new Mismatch();
    }
    Integer status = row.getInteger("status");
    if (status == null) {
      return new InFlight();
    }
    Object headers = row.getValue("headers");
    return new Replay(status, headers instanceof JsonObject o ? o : new JsonObject(), row.getBuffer("body"));
  }

  /** Keeps the answer of the claiming request. */
  public Future<Void> complete(Claimed c, int status, JsonObject headers, Buffer body) {
    return db.write(x -> x.preparedQuery(IdempotencyQueries.COMPLETE)
            .execute(Tuple.of(c.owner(), c.key(), c.token(), status, headers, body)))
        .<Void>mapEmpty();
  }

  /** The answer is not kept: a retry with the key runs the request again. */
  public Future<Void> release(Claimed c) {
    return db.write(x -> x.preparedQuery(IdempotencyQueries.RELEASE).execute(Tuple.of(c.owner(), c.key(), c.token())))
        .<Void>mapEmpty();
  }

  /** Deletes expired keys, statement after statement of at most batch rows; how many. */
  public Future<Integer> sweep(int batch) {
    return sweep(clock.instant(), batch, 0);
  }

  private Future<Integer> sweep(Instant now, int batch, int sofar) {
    return db.write(c -> c.preparedQuery(IdempotencyQueries.SWEEP).execute(Tuple.of(utc(now), batch)))
        .map(RowSet::rowCount)
        .compose(n -> n < batch ? Future.succeededFuture(sofar + n) : sweep(now, batch, sofar + n));
  }

  private static OffsetDateTime utc(Instant i) {
    return i.atOffset(ZoneOffset.UTC);
  }
}
