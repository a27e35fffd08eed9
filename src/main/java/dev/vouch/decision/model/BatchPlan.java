package dev.vouch.decision.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A batch after SPEC 4.2's rules: entries trimmed, de-duplicated case-insensitively with the
 * first occurrence keeping its position and its verbatim (trimmed) text, each classified.
 *
 * @param rawCount entries before de-duplication
 */
public record BatchPlan(List<Entry> entries, int rawCount) {

  /** One unique row: the trimmed input, what it is, and its lowercase lookup key. */
  public record Entry(String input, Entries.Kind kind, String key) {}

  public static BatchPlan of(List<String> raw, String usernameSuffix) {
    Set<String> seen = new HashSet<>();
    List<Entry> out = new ArrayList<>();
    for (String r : raw) {
      String input = r.trim();
      String key = Entries.key(input);
      if (seen.add(key)) {
        out.add(new Entry(input, Entries.classify(input, usernameSuffix), key));
      }
    }
    return new BatchPlan(List.copyOf(out), raw.size());
  }

  public int size() {
    return entries.size();
  }
}
