package dev.vouch.indexing;

import java.time.Duration;

/**
 * Whether the LISTEN connection still hears (issue 35 item 7): a connection gone half-open closes
 * nothing, so only a round trip shows it. Numbered heartbeats, NOTIFYed by this process on a
 * channel of its own, must come back on the connection within the bound. The state only, with
 * the time passed in; {@link SnapshotNotifications} sends, receives and acts. Synchronized: the
 * timer, the connection and the NOTIFY's answer may run on different threads.
 */
final class ListenerHeartbeat {

  private final long boundNanos;
  private long next = 1;
  /** The channels are LISTENed on a connection not yet found deaf: heartbeats are sent and timed. */
  private boolean subscribed;
  /** The oldest heartbeat sent and not back (0: none), and when it was sent. */
  private long waiting;
  private long waitingSince;
  /** A heartbeat numbered from here confirms the subscription (Long.MAX_VALUE: none pending). */
  private long confirmsFrom = Long.MAX_VALUE;

  ListenerHeartbeat(Duration bound) {
    this.boundNanos = bound.toNanos();
  }

  /** The channels were (re)subscribed: listening counts once a heartbeat sent from now comes back. */
  synchronized void subscribed() {
    subscribed = true;
    waiting = 0;
    confirmsFrom = next;
  }

  /** The connection closed: nothing is timed until the next subscription. */
  synchronized void closed() {
    subscribed = false;
    waiting = 0;
    confirmsFrom = Long.MAX_VALUE;
  }

  /** The number of the heartbeat to send now, or 0 when none is due (no subscription). */
  synchronized long send(long now) {
    if (!subscribed) {
      return 0;
    }
    long n = next++;
    if (waiting == 0) {
      waiting = n;
      waitingSince = now;
    }
    return n;
  }

  /** Heartbeat {@code n} came back; true when it confirms the subscription (the cache may listen). */
  synchronized boolean back(long n) {
    if (waiting != 0 && n >= waiting) {
      waiting = 0;
    }
    if (subscribed && n >= confirmsFrom) {
      confirmsFrom = Long.MAX_VALUE;
      return true;
    }
    return false;
  }

  /**
   * True when the oldest heartbeat not back is past the bound: the connection is deaf (the caller
   * drops the cache and replaces the connection). Once per connection found deaf.
   */
  synchronized boolean missed(long now) {
    if (!subscribed || waiting == 0 || now - waitingSince <= boundNanos) {
      return false;
    }
    closed();
    return true;
  }
}
