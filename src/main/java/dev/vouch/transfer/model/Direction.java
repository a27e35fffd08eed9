package dev.vouch.transfer.model;

import java.util.Optional;

/** Which way the screened transfer moved, seen from the caller's own address. */
public enum Direction {
  received, sent;

  public static Optional<Direction> parse(String raw) {
    for (Direction d : values()) {
      if (d.name().equals(raw)) {
        return Optional.of(d);
      }
    }
    return Optional.empty();
  }
}
