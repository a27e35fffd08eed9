package dev.vouch.screening.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every label at one moment, immutable (a refresh swaps the whole set), with the version the
 * loader gave it (a hash of the lists' contents).
 */
public final class LabelSet {

  public static final LabelSet EMPTY = new LabelSet(Map.of(), "none");

  private static final Comparator<Label> ORDER = Comparator.comparing(Label::category)
      .thenComparing(Label::source).thenComparing(Label::name);

  private final Map<String, List<Label>> byAddress;
  private final String version;

  private LabelSet(Map<String, List<Label>> byAddress, String version) {
    this.byAddress = byAddress;
    this.version = version;
  }

  public static LabelSet of(List<Label> labels, String version) {
    Map<String, List<Label>> m = new HashMap<>();
    for (Label l : labels) {
      m.computeIfAbsent(l.address().toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(l);
    }
    Map<String, List<Label>> frozen = new HashMap<>(m.size() * 2);
    m.forEach((k, v) -> {
      v.sort(ORDER);
      frozen.put(k, List.copyOf(v));
    });
    return new LabelSet(Map.copyOf(frozen), version);
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
}
