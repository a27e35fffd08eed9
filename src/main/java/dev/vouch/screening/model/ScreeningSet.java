package dev.vouch.screening.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every screening list's addresses at one moment, merged: immutable, so a refresh swaps the whole
 * set and readers on any thread see one version.
 */
public final class ScreeningSet {

  public static final ScreeningSet EMPTY = new ScreeningSet(Map.of(), Map.of());

  private final Map<String, List<Listing>> byAddress;
  private final Map<String, Integer> sizes;

  private ScreeningSet(Map<String, List<Listing>> byAddress, Map<String, Integer> sizes) {
    this.byAddress = byAddress;
    this.sizes = sizes;
  }

  /** One unlabelled list (tests, inline configuration). */
  public static ScreeningSet of(String list, Collection<String> addresses) {
    Builder b = new Builder();
    addresses.forEach(a -> b.add(list, a, ""));
    return b.build();
  }

  /** The lists an address is on, in list order; empty when none. */
  public List<Listing> lookup(String address) {
    return byAddress.getOrDefault(address.toLowerCase(Locale.ROOT), List.of());
  }

  public boolean contains(String address) {
    return byAddress.containsKey(address.toLowerCase(Locale.ROOT));
  }

  public Set<String> addresses() {
    return byAddress.keySet();
  }

  /** Addresses per list, by list name. */
  public Map<String, Integer> sizes() {
    return sizes;
  }

  /** Collects lists; an address on one list twice keeps its first label. */
  public static final class Builder {
    private final Map<String, List<Listing>> byAddress = new HashMap<>();
    private final Map<String, Integer> sizes = new TreeMap<>();

    public Builder add(String list, String address, String label) {
      List<Listing> entries = byAddress.computeIfAbsent(address.toLowerCase(Locale.ROOT), k -> new ArrayList<>(1));
      if (entries.stream().noneMatch(l -> l.list().equals(list))) {
        entries.add(new Listing(list, label == null ? "" : label));
        sizes.merge(list, 1, Integer::sum);
      } else {
        sizes.putIfAbsent(list, 0);
      }
      return this;
    }

    /** A list that loaded with no addresses still shows in sizes. */
    public Builder declare(String list) {
      sizes.putIfAbsent(list, 0);
      return this;
    }

    public Builder addAll(ScreeningSet other) {
      other.byAddress.forEach((address, entries) -> entries.forEach(l -> add(l.list(), address, l.label())));
      other.sizes.keySet().forEach(this::declare);
      return this;
    }

    public ScreeningSet build() {
      Map<String, List<Listing>> frozen = new HashMap<>(byAddress.size() * 2);
      byAddress.forEach((k, v) -> frozen.put(k, List.copyOf(v)));
      return new ScreeningSet(Map.copyOf(frozen), Collections.unmodifiableSortedMap(new TreeMap<>(sizes)));
    }
  }
}
