package dev.vouch.screening.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every label at one moment, immutable (a refresh swaps the whole set), with the version the
 * loader gave it (a hash of the lists' contents) and when its lists were read (null when unknown,
 * as for fixed sets): of two processes whose versions differ, the later read is the newer.
 */
public final class LabelSet {

  public static final LabelSet EMPTY = new LabelSet(Map.of(), "none", null);

  private static final Comparator<Label> ORDER = Comparator.comparing(Label::category)
      .thenComparing(Label::source).thenComparing(Label::name);

  private final Map<String, List<Label>> byAddress;
  private final String version;
  private final Instant asOf;

  private LabelSet(Map<String, List<Label>> byAddress, String version, Instant asOf) {
    this.byAddress = byAddress;
    this.version = version;
    this.asOf = asOf;
  }

  public static LabelSet of(List<Label> labels, String version) {
    return of(labels, version, null);
  }

  /** With {@code asOf}, the earliest time at which the lists behind this set were read. */
  public static LabelSet of(List<Label> labels, String version, Instant asOf) {
    Map<String, List<Label>> m = new HashMap<>();
    for (Label l : labels) {
      m.computeIfAbsent(l.address().toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(l);
    }
    Map<String, List<Label>> frozen = new HashMap<>(m.size() * 2);
    m.forEach((k, v) -> {
      v.sort(ORDER);
      frozen.put(k, List.copyOf(v));
    });
    return new LabelSet(Map.copyOf(frozen), version, asOf);
  }

  /** The labels that hold for {@code address} on {@code chainId}, in category order; empty when none. */
  public List<Label> lookup(String address, long chainId) {
    List<Label> all = byAddress.get(address.toLowerCase(Locale.ROOT));
    if (all == null) {
      return List.of();
    }
    return all.stream().filter(l -> l.appliesTo(chainId)).toList();
  }

  /** Labels on any chain. */
  public List<Label> lookup(String address) {
    return byAddress.getOrDefault(address.toLowerCase(Locale.ROOT), List.of());
  }

  /** Every labelled address (lower case). */
  public java.util.Set<String> addresses() {
    return byAddress.keySet();
  }

  public int size() {
    return byAddress.values().stream().mapToInt(List::size).sum();
  }

  public String version() {
    return version;
  }

  /** When the lists behind this set were read (the oldest of them); null when unknown. */
  public Instant asOf() {
    return asOf;
  }
}
