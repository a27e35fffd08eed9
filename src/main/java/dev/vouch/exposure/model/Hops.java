package dev.vouch.exposure.model;

import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The intermediaries of a wallet's indirect exposure, level by level and per direction (exposure_v3,
 * docs/models.md "Hops and hubs"). Level 1: the wallet's indexed counterparties with transfers in
 * that direction. Level k+1: the indexed wallets an expanded level-k intermediary has valued flow
 * with in that direction, each reached by amount(k) x link USD / the intermediary's valued total
 * in that direction, summed over the intermediaries that reach it. An address keeps the first
 * level it is met at (cycles are cut: no path returns to the wallet or to an earlier level), hubs
 * are never intermediaries, and beyond level 1 only the {@code reach.perHop()} largest amounts per
 * direction are kept. Pure: the store fetches what {@link #expand} and {@link #nodes} name, and
 * the same rows give the same walk in any order.
 */
public final class Hops {

  /** An intermediary reached at {@code level} with {@code amount} USD of the wallet's flow; path from the wallet's counterparty to it. */
  record Node(String address, int level, BigDecimal amount, List<String> path) {}

  /** Transfers and USD in one direction between two addresses, over their chains and assets. */
  record Pair(int transfers, BigDecimal usd) {
    Pair plus(int t, BigDecimal u) {
      return new Pair(transfers + t, usd.add(u));
    }
  }

  static final Comparator<Node> LARGEST = Comparator.comparing(Node::amount, Comparator.reverseOrder())
      .thenComparing(Node::address);

  private final Map<Direction, List<List<Node>>> levels = new EnumMap<>(Direction.class);
  private final Map<String, ExposureModel.ViaTotals> totals;
  /** (direction, from, to) link sums. */
  private final Map<Direction, Map<String, Map<String, Pair>>> pairs = new EnumMap<>(Direction.class);
  private final Reach reach;

  private Hops(Map<String, ExposureModel.ViaTotals> totals, Reach reach) {
    this.totals = totals;
    this.reach = reach;
  }

  /**
   * @param usdWith the wallet's USD per counterparty and direction
   * @param transfersWith the wallet's transfers per counterparty and direction
   */
  static Hops walk(String self, Map<String, Map<Direction, BigDecimal>> usdWith,
      Map<String, Map<Direction, Integer>> transfersWith, HopData data, LabelSet labels, Reach reach) {
    Hops h = new Hops(totals(data.totals()), reach);
    Map<String, List<Flow>> links = new TreeMap<>();
    for (HopFlow l : data.links()) {
      links.computeIfAbsent(l.via(), k -> new ArrayList<>()).add(l.flow());
    }
    for (Direction d : Direction.values()) {
      Map<String, Map<String, Pair>> dPairs = new TreeMap<>();
      links.forEach((from, flows) -> {
        for (Flow f : flows) {
          if (f.transfers(d) > 0 && f.usd(d).signum() > 0) {
            dPairs.computeIfAbsent(from, k -> new TreeMap<>())
                .merge(f.counterparty(), new Pair(f.transfers(d), f.usd(d)), (a, b) -> a.plus(b.transfers(), b.usd()));
          }
        }
      });
      h.pairs.put(d, dPairs);
      List<List<Node>> dl = new ArrayList<>();
      Set<String> visited = new HashSet<>();
      visited.add(self);
      List<Node> first = new ArrayList<>();
      for (String c : new TreeSet<>(usdWith.keySet())) {
        if (c.equals(self) || ExposureModel.mint(c) || transfersWith.get(c).getOrDefault(d, 0) == 0
            || !h.totals.containsKey(c) || h.hub(c, labels)) {
          continue;
        }
        first.add(new Node(c, 1, usdWith.get(c).getOrDefault(d, BigDecimal.ZERO), List.of(c)));
      }
      first.forEach(n -> visited.add(n.address()));
      dl.add(List.copyOf(first));
      for (int level = 1; level < reach.maxHops(); level++) {
        List<Node> next = h.next(d, expanding(dl.get(level - 1), level, reach), level + 1, visited, labels, self);
        if (next.isEmpty()) {
          break;
        }
        next.forEach(n -> visited.add(n.address()));
        dl.add(next);
      }
      h.levels.put(d, dl);
    }
    return h;
  }

  /** The nodes of a level whose links lead further: all that carry value, the largest perHop at level 1. */
  private static List<Node> expanding(List<Node> nodes, int level, Reach reach) {
    List<Node> valued = new ArrayList<>(nodes.stream().filter(n -> n.amount().signum() > 0).toList());
    if (level == 1) {
      valued.sort(LARGEST);
      return valued.size() > reach.perHop() ? valued.subList(0, reach.perHop()) : valued;
    }
    return valued;
  }

  private List<Node> next(Direction d, List<Node> from, int level, Set<String> visited, LabelSet labels, String self) {
    Map<String, BigDecimal> amount = new TreeMap<>();
    Map<String, Node> bestFrom = new HashMap<>();
    Map<String, BigDecimal> bestContribution = new HashMap<>();
    List<Node> ordered = new ArrayList<>(from);
    ordered.sort(Comparator.comparing(Node::address));
    for (Node v : ordered) {
      BigDecimal total = total(v.address(), d);
      Map<String, Pair> out = pairs.get(d).getOrDefault(v.address(), Map.of());
      if (total.signum() <= 0) {
        continue;
      }
      for (Map.Entry<String, Pair> e : out.entrySet()) {
        String t = e.getKey();
        if (t.equals(self) || ExposureModel.mint(t) || visited.contains(t) || !totals.containsKey(t)
            || hub(t, labels)) {
          continue;
        }
        BigDecimal c = v.amount().multiply(e.getValue().usd()).divide(total, 6, RoundingMode.HALF_UP);
        if (c.signum() <= 0) {
          continue;
        }
        amount.merge(t, c, BigDecimal::add);
        BigDecimal best = bestContribution.get(t);
        if (best == null || c.compareTo(best) > 0) {
          bestContribution.put(t, c);
          bestFrom.put(t, v);
        }
      }
    }
    List<Node> nodes = new ArrayList<>();
    amount.forEach((t, a) -> {
      List<String> path = new ArrayList<>(bestFrom.get(t).path());
      path.add(t);
      nodes.add(new Node(t, level, a, List.copyOf(path)));
    });
    nodes.sort(LARGEST);
    return List.copyOf(nodes.size() > reach.perHop() ? nodes.subList(0, reach.perHop()) : nodes);
  }

  /** A hub: more counterparties than the reach allows, or labelled a service where funds mix (exchange, bridge). */
  boolean hub(String address, LabelSet labels) {
    ExposureModel.ViaTotals t = totals.get(address);
    if (t != null && t.counterparties() > reach.hubCounterparties()) {
      return true;
    }
    for (Label l : labels.lookup(address)) {
      if (l.category() == Category.exchange || l.category() == Category.bridge) {
        return true;
      }
    }
    return false;
  }

  BigDecimal total(String address, Direction d) {
    ExposureModel.ViaTotals t = totals.get(address);
    return t == null ? BigDecimal.ZERO : t.usd(d);
  }

  /** Levels 1.. of one direction. */
  List<List<Node>> levels(Direction d) {
    return levels.getOrDefault(d, List.of());
  }

  /** The link sums of one direction from {@code from} to {@code to}; null when none. */
  Pair pair(Direction d, String from, String to) {
    return pairs.get(d).getOrDefault(from, Map.of()).get(to);
  }

  /** Intermediaries at {@code level} (both directions) whose links the walk needs: empty at the last level. */
  public Set<String> expand(int level) {
    Set<String> out = new TreeSet<>();
    if (level >= reach.maxHops()) {
      return out;
    }
    for (List<List<Node>> dl : levels.values()) {
      if (dl.size() >= level) {
        expanding(dl.get(level - 1), level, reach).forEach(n -> out.add(n.address()));
      }
    }
    return out;
  }

  /** Intermediaries at {@code level} (both directions). */
  public Set<String> nodes(int level) {
    Set<String> out = new TreeSet<>();
    for (List<List<Node>> dl : levels.values()) {
      if (dl.size() >= level) {
        dl.get(level - 1).forEach(n -> out.add(n.address()));
      }
    }
    return Collections.unmodifiableSet(out);
  }

  /** One entry per address; a row with valued totals wins over a counterparty count alone. */
  private static Map<String, ExposureModel.ViaTotals> totals(List<ExposureModel.ViaTotals> rows) {
    Map<String, ExposureModel.ViaTotals> out = new HashMap<>();
    for (ExposureModel.ViaTotals t : rows) {
      out.merge(t.via(), t, (a, b) -> a.usdIn() != null || a.usdOut() != null ? a : b);
    }
    return out;
  }
}
