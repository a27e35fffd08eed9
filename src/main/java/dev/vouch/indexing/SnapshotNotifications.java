package dev.vouch.indexing;

import dev.vouch.bus.Addresses;
import dev.vouch.ops.Causes;
import dev.vouch.ops.ThrottledLog;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.pubsub.PgSubscriber;
import io.vertx.sqlclient.Tuple;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * LISTENs on the Postgres channels and republishes on this instance's event bus: a committed
 * snapshot (any instance) as {@link Addresses#SNAPSHOT_COMMITTED} with the wallet, so a
 * per-instance cache can drop it; a queued job as {@link Addresses#JOBS_QUEUED}, so workers do not
 * wait for their poll; a run's progress as {@link Addresses#RUN_PROGRESS}, for progress streams;
 * read-model rows rewritten as {@link Addresses#READS_ANNOUNCED}, for the read cache, with
 * {@link Addresses#READS_LISTENING} and {@link Addresses#READS_LOST} when that channel holds or
 * the connection is gone. Deployed once per process in every role.
 *
 * <p>A connection gone half-open (the network drops it silently) closes nothing and carries
 * nothing, so a heartbeat proves it hears: every {@code heartbeatEvery} the process NOTIFYs a
 * numbered beat on a channel of its own through the primary's pool, and the connection must bring
 * it back within {@code heartbeatBound} ({@link ListenerHeartbeat}). If not, the read cache is
 * dropped ({@link Addresses#LOST_HEARTBEAT}) and a new subscriber connects; the cache listens
 * again once a beat sent after the new LISTEN came back.
 */
public final class SnapshotNotifications extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(SnapshotNotifications.class.getName());
  private static final ThrottledLog LOST = new ThrottledLog(LOG, Duration.ofSeconds(10));

  /** NOTIFY of the wallet_reads statement triggers (V91): rows a commit rewrote. */
  public static final String READS_CHANNEL = "vouch_reads";

  /** NOTIFY of the api_keys trigger (V55). */
  static final String API_KEY_CHANNEL = "vouch_api_key_created";

  /** NOTIFY of each key created or revoked, with its hash (V103). */
  static final String API_KEYS_CHANNEL = "vouch_api_keys";

  /** NOTIFY of the policy triggers (V121): the id of a policy whose keys or version changed. */
  static final String POLICIES_CHANNEL = "vouch_policies";

  private static final ThrottledLog DEAF = new ThrottledLog(LOG, Duration.ofSeconds(10));

  private final DatabaseUrl url;
  private final Gateway db;
  private final Duration heartbeatEvery;
  private final Duration heartbeatBound;
  private final ListenerHeartbeat heartbeat;
  /** This process's own heartbeat channel (lowercase: the same whether quoted or not). */
  private final String beatChannel = "vouch_beat_" + Long.toHexString(new SecureRandom().nextLong());
  private volatile PgSubscriber subscriber;
  private volatile boolean stopped;
  private long timer = -1;

  public SnapshotNotifications(DatabaseUrl url, Gateway db, Duration heartbeatEvery, Duration heartbeatBound) {
    this.url = url;
    this.db = db;
    this.heartbeatEvery = heartbeatEvery;
    this.heartbeatBound = heartbeatBound;
    this.heartbeat = new ListenerHeartbeat(heartbeatBound);
  }

  @Override
  public Future<?> start() {
    PgSubscriber s = subscribe();
    timer = vertx.setPeriodic(heartbeatEvery.toMillis(), id -> {
      if (heartbeat.missed(System.nanoTime())) {
        deaf();
      }
      beat();
    });
    return s.connect();
  }

  /** A subscriber with every channel; its handlers act only while it is the current one. */
  private PgSubscriber subscribe() {
    PgSubscriber s = PgSubscriber.subscriber(vertx, url.connectOptions());
    subscriber = s;
    s.reconnectPolicy(retries -> {
      // Called when the connection closed (and after each failed attempt): the read cache
      // cannot hear announcements until the next subscribe.
      if (subscriber == s) {
        heartbeat.closed();
        vertx.eventBus().publish(Addresses.READS_LOST, null);
      }
      return 1000L;
    });
    s.channel(READS_CHANNEL)
        .subscribeHandler(v -> {
          // Every channel of the subscriber is LISTENed by then (one statement): a beat sent from
          // now on that comes back proves this connection hears.
          if (subscriber == s) {
            heartbeat.subscribed();
            beat();
          }
        })
        .handler(payload -> vertx.eventBus().publish(Addresses.READS_ANNOUNCED, payload));
    s.channel(beatChannel).handler(payload -> {
      if (subscriber == s) {
        beatBack(payload);
      }
    });
    s.channel(IndexingQueries.SNAPSHOT_CHANNEL)
        .subscribeHandler(v -> {
          watchConnection(s);
          vertx.eventBus().publish(Addresses.NOTIFICATIONS_RESUMED, null);
        })
        .handler(wallet -> vertx.eventBus().publish(Addresses.SNAPSHOT_COMMITTED, wallet));
    s.channel(IndexingQueries.JOBS_CHANNEL)
        .handler(job -> vertx.eventBus().publish(Addresses.JOBS_QUEUED, job));
    s.channel(IndexingQueries.PROGRESS_CHANNEL)
        .handler(progress -> vertx.eventBus().publish(Addresses.RUN_PROGRESS, progress));
    s.channel(API_KEY_CHANNEL).handler(v -> vertx.eventBus().publish(Addresses.API_KEY_CREATED, null));
    s.channel(API_KEYS_CHANNEL)
        .subscribeHandler(v -> {
          if (subscriber == s) {
            vertx.eventBus().publish(Addresses.API_KEYS_LISTENING, null);
          }
        })
        .handler(change -> {
          if (subscriber == s) {
            vertx.eventBus().publish(Addresses.API_KEY_ANNOUNCED, change);
          }
        });
    s.channel(POLICIES_CHANNEL)
        .subscribeHandler(v -> {
          if (subscriber == s) {
            vertx.eventBus().publish(Addresses.POLICIES_LISTENING, null);
          }
        })
        .handler(change -> {
          if (subscriber == s) {
            vertx.eventBus().publish(Addresses.POLICY_ANNOUNCED, change);
          }
        });
    return s;
  }

  /**
   * Replaces the subscriber after its connection went deaf. Closing that connection waits for a
   * goodbye a half-open peer never sends, so it is left to end on its own (TCP's retransmission
   * limit) while a new subscriber connects; a failed connect is tried again every second.
   */
  private void resubscribe() {
    PgSubscriber old = subscriber;
    PgSubscriber s = subscribe();
    old.close();
    s.connect().onFailure(t -> {
      LOST.warn(() -> "notification connection failed (" + Causes.summary(t) + "); reconnecting every second");
      s.close();
      vertx.setTimer(1000, id -> {
        if (subscriber == s && !stopped) {
          vertx.eventBus().publish(Addresses.READS_LOST, null);
          resubscribe();
        }
      });
    });
  }

  /** Sends the next heartbeat, if one is due; a NOTIFY that fails is a beat that does not come back. */
  private void beat() {
    long n = heartbeat.send(System.nanoTime());
    if (n > 0) {
      db.write(c -> c.preparedQuery(IndexingQueries.HEARTBEAT).execute(Tuple.of(beatChannel, Long.toString(n))));
    }
  }

  private void beatBack(String payload) {
    long n;
    try {
      n = Long.parseLong(payload);
    } catch (NumberFormatException e) {
      return;
    }
    if (heartbeat.back(n)) {
      vertx.eventBus().publish(Addresses.READS_LISTENING, null);
    }
  }

  /**
   * The connection did not bring a heartbeat back in time: whatever it still holds may be stale.
   * Drop the cache first, then LISTEN on a new connection.
   */
  private void deaf() {
    DEAF.warn(() -> "notification connection silent: no heartbeat back within " + heartbeatBound.toMillis()
        + " ms; read cache dropped, reconnecting");
    vertx.eventBus().publish(Addresses.READS_LOST, Addresses.LOST_HEARTBEAT);
    resubscribe();
  }

  /**
   * Each (re)connection gets a handler for its failures: without one the client prints the
   * server's FATAL (a restart, an outage) as a plain-text line on stderr. The subscriber
   * reconnects by itself; one line per interval says so.
   */
  private void watchConnection(PgSubscriber s) {
    PgConnection c = s.actualConnection();
    if (c != null) {
      c.exceptionHandler(t -> LOST.warn(() -> "notification connection failed (" + Causes.summary(t)
          + "); reconnecting every second"));
    }
  }

  @Override
  public Future<?> stop() {
    stopped = true;
    vertx.cancelTimer(timer);
    return subscriber == null ? Future.succeededFuture() : subscriber.close();
  }
}
