package dev.vouch.budget;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The hashes of every key that exists and is not revoked, held in memory by each API process
 * (issue 34 item 7): loaded whole, then kept by the api_keys trigger's NOTIFY (V103), and loaded
 * again whenever the notification connection comes back (announcements may have been missed
 * meanwhile). While it is not {@link #ready()} (before the first load, or with the connection
 * down) the edge falls back to charged lookups. Memory: about 150 bytes a key.
 */
final class KeyIndex {

  private volatile Set<String> live = ConcurrentHashMap.newKeySet();
  private volatile boolean ready;
  /** Announcements heard while a load runs, applied over its result in order; null when none runs. */
  private List<String> pending;
  /** Requests waiting for a key's creation to be announced (it may be on its way), by hash. */
  private final java.util.Map<String, List<Consumer<Boolean>>> waiting = new java.util.HashMap<>();

  /** Whether the set is complete: only then is "not in it" an answer. */
  boolean ready() {
    return ready;
  }

  /** Live keys held; -1 while not ready. */
  int size() {
    return ready ? live.size() : -1;
  }

  /** Whether a key with this SHA-256 (hex) exists and is not revoked; meaningful only when ready. */
  boolean contains(String hashHex) {
    return live.contains(hashHex);
  }

  /** The connection that brings announcements is gone: the set may go stale. */
  synchronized void lost() {
    ready = false;
  }

  /** A load starts: announcements from now on are kept to apply over its rows. */
  synchronized void loading() {
    ready = false;
    pending = new ArrayList<>();
  }

  /** The load's rows (hex hashes of live keys), with what was announced while it ran. */
  synchronized void loaded(List<String> hashes) {
    Set<String> next = ConcurrentHashMap.newKeySet(Math.max(16, hashes.size() * 2));
    next.addAll(hashes);
    if (pending != null) {
      pending.forEach(a -> apply(next, a));
    }
    pending = null;
    live = next;
    ready = true;
  }

  /** A load failed: stay not ready (charged lookups) until the next one. */
  synchronized void failed() {
    pending = null;
    ready = false;
  }

  /**
   * An announcement: {@code +hash} a key created, {@code -hash} revoked; anything else is
   * ignored. {@code revoked} hears each revoked hash, so a cached lookup can be dropped.
   */
  synchronized void announced(String payload, Consumer<String> revoked) {
    if (payload == null || payload.length() != 65 || (payload.charAt(0) != '+' && payload.charAt(0) != '-')) {
      return;
    }
    if (pending != null) {
      pending.add(payload);
    }
    apply(live, payload);
    if (payload.charAt(0) == '-') {
      revoked.accept(payload.substring(1));
    } else {
      List<Consumer<Boolean>> w = waiting.remove(payload.substring(1));
      if (w != null) {
        w.forEach(c -> c.accept(true));
      }
    }
  }

  /**
   * Calls {@code then} with true once the key is live (at once when it is), or with false when
   * {@link #gaveUp} says its wait is over; each waiter hears exactly one answer.
   */
  synchronized void whenLive(String hashHex, Consumer<Boolean> then) {
    if (live.contains(hashHex)) {
      then.accept(true);
      return;
    }
    waiting.computeIfAbsent(hashHex, k -> new ArrayList<>()).add(then);
  }

  /** The wait of {@code then} for {@code hashHex} is over: false, unless it was answered already. */
  synchronized void gaveUp(String hashHex, Consumer<Boolean> then) {
    List<Consumer<Boolean>> w = waiting.get(hashHex);
    if (w != null && w.remove(then)) {
      if (w.isEmpty()) {
        waiting.remove(hashHex);
      }
      then.accept(false);
    }
  }

  private static void apply(Set<String> set, String payload) {
    String hash = payload.substring(1);
    if (payload.charAt(0) == '+') {
      set.add(hash);
    } else {
      set.remove(hash);
    }
  }
}
