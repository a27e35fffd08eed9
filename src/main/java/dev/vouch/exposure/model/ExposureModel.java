package dev.vouch.exposure.model;

import dev.vouch.indexing.model.TokenFlows;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * exposure_v2: a wallet's direct and indirect exposure to labelled addresses, a pure function of
 * committed flows and one label set (docs/models.md "Exposure"). Native flows count (transfers, no
 * USD value); registered-token flows count and carry their USD value. Since v2 (issue 35) mints
 * and burns (the zero address) count in the valued totals, never as a counterparty. Indirect exposure goes one
 * hop through counterparties Vouch has indexed, weighted by the USD value between the wallet and
 * the intermediary, so only registered tokens (the only valued flows) carry it.
 */
public final class ExposureModel {

  public static final String VERSION = "exposure_v2";
  /** The evidence list keeps the largest this many labelled flows. */
  public static final int EVIDENCE_MAX = 100;
  static final int SHARE_SCALE = 4;

  private ExposureModel() {}

  private static final class Acc {
    final Set<String> counterparties = new HashSet<>();
    int transfers;
    /** Transfers in an asset that is not valued (native): their size is unknown. */
    int unvalued;
    BigDecimal usd = BigDecimal.ZERO;
  }

  private record Key(Category category, Direction direction) implements Comparable<Key> {
    @Override
    public int compareTo(Key o) {
      int c = category.compareTo(o.category);
      return c != 0 ? c : direction.compareTo(o.direction);
    }
  }

  /** Each intermediary's valued flow, when the hops given are only its labelled flows (the store's read). */
  public record ViaTotals(String via, BigDecimal usdIn, BigDecimal usdOut) {
    BigDecimal usd(Direction d) {
      BigDecimal v = d == Direction.in ? usdIn : usdOut;
      return v == null ? BigDecimal.ZERO : v;
    }
  }

  /** With every flow of each intermediary in {@code hops}: its totals are summed from them. */
  public static Exposure compute(String wallet, List<Flow> flows, List<HopFlow> hops, LabelSet labels) {
    return compute(wallet, flows, hops, null, labels);
  }

  /**
   * @param viaTotals each intermediary's valued flow; null to sum it from {@code hops}
   */
  public static Exposure compute(String wallet, List<Flow> flows, List<HopFlow> hops, List<ViaTotals> viaTotals,
      LabelSet labels) {
    Map<String, ViaTotals> totals = new HashMap<>();
    if (viaTotals != null) {
      viaTotals.forEach(t -> totals.put(t.via(), t));
    }
    String self = wallet.toLowerCase(Locale.ROOT);
    Map<Direction, BigDecimal> total = new LinkedHashMap<>();
    Map<String, Map<Direction, BigDecimal>> usdWith = new HashMap<>();
    Map<String, Map<Direction, Integer>> transfersWith = new HashMap<>();
    Set<String> paidBack = new HashSet<>();
    for (Flow f : flows) {
      for (Direction d : Direction.values()) {
        total.merge(d, f.usd(d), BigDecimal::add);
        usdWith.computeIfAbsent(f.counterparty(), k -> new HashMap<>()).merge(d, f.usd(d), BigDecimal::add);
        transfersWith.computeIfAbsent(f.counterparty(), k -> new HashMap<>()).merge(d, f.transfers(d), Integer::sum);
      }
      if (f.txOut() > 0) {
        paidBack.add(f.counterparty());
      }
    }
    BigDecimal totalIn = total.getOrDefault(Direction.in, BigDecimal.ZERO);
    BigDecimal totalOut = total.getOrDefault(Direction.out, BigDecimal.ZERO);

    Map<Key, Acc> direct = new TreeMap<>();
    List<EvidenceItem> directEvidence = new ArrayList<>();
    BigDecimal highRiskInUsd = BigDecimal.ZERO;
    int highRiskOut = 0;
    Map<List<Category>, Acc[]> byCategories = new TreeMap<>(CATEGORY_SETS);
    for (Flow f : flows) {
      List<Label> found = mint(f.counterparty()) ? List.of() : labels.lookup(f.counterparty(), f.chainId());
      if (found.isEmpty()) {
        continue;
      }
      Set<Category> cats = categories(found);
      boolean otherHighRisk = cats.stream().anyMatch(c -> c.highRisk() && c != Category.sanctioned);
      Acc[] group = byCategories.computeIfAbsent(List.copyOf(cats), k -> new Acc[] {new Acc(), new Acc()});
      for (Direction d : Direction.values()) {
        int t = f.transfers(d);
        if (t == 0) {
          continue;
        }
        group[d.ordinal()].transfers += t;
        group[d.ordinal()].usd = group[d.ordinal()].usd.add(f.usd(d));
        for (Category c : cats) {
          Acc a = direct.computeIfAbsent(new Key(c, d), k -> new Acc());
          a.counterparties.add(f.counterparty());
          a.transfers += t;
          if (!f.valued()) {
            a.unvalued += t;
          }
          a.usd = a.usd.add(f.usd(d));
        }
        if (otherHighRisk && d == Direction.in) {
          highRiskInUsd = highRiskInUsd.add(f.usd(d));
        } else if (otherHighRisk) {
          highRiskOut += t;
        }
        for (Label l : found) {
          directEvidence.add(item(f, null, l, d));
        }
      }
    }

    Map<String, List<Flow>> byVia = new TreeMap<>();
    for (HopFlow h : hops) {
      if (!h.via().equals(self) && !mint(h.via()) && usdWith.containsKey(h.via())) {
        byVia.computeIfAbsent(h.via(), k -> new ArrayList<>()).add(h.flow());
      }
    }
    Map<Key, Acc> indirect = new TreeMap<>();
    List<EvidenceItem> hopEvidence = new ArrayList<>();
    byVia.forEach((via, viaFlows) -> {
      for (Direction d : Direction.values()) {
        int walletTransfers = transfersWith.get(via).getOrDefault(d, 0);
        if (walletTransfers == 0) {
          continue;
        }
        BigDecimal summed = BigDecimal.ZERO;
        Map<Category, BigDecimal> viaToCategory = new TreeMap<>();
        for (Flow f : viaFlows) {
          summed = summed.add(f.usd(d));
          if (f.counterparty().equals(self) || mint(f.counterparty()) || f.transfers(d) == 0) {
            continue;
          }
          List<Label> found = labels.lookup(f.counterparty(), f.chainId());
          for (Category c : categories(found)) {
            viaToCategory.merge(c, f.usd(d), BigDecimal::add);
          }
          for (Label l : found) {
            hopEvidence.add(item(f, via, l, d));
          }
        }
        BigDecimal viaTotal = viaTotals == null ? summed
            : totals.getOrDefault(via, new ViaTotals(via, null, null)).usd(d);
        BigDecimal weight = usdWith.get(via).getOrDefault(d, BigDecimal.ZERO);
        for (Map.Entry<Category, BigDecimal> e : viaToCategory.entrySet()) {
          Acc a = indirect.computeIfAbsent(new Key(e.getKey(), d), k -> new Acc());
          a.counterparties.add(via);
          a.transfers += walletTransfers;
          if (viaTotal.signum() > 0) {
            a.usd = a.usd.add(weight.multiply(e.getValue()).divide(viaTotal, 6, RoundingMode.HALF_UP));
          }
        }
      }
    });

    List<CategoryExposure> directOut = figures(direct, totalIn, totalOut);
    List<CategoryExposure> indirectOut = figures(indirect, totalIn, totalOut);
    List<EvidenceItem> evidence = new ArrayList<>(directEvidence);
    evidence.addAll(hopEvidence);
    evidence.sort(EVIDENCE_ORDER);
    boolean truncated = evidence.size() > EVIDENCE_MAX;
    List<EvidenceItem> kept = List.copyOf(truncated ? evidence.subList(0, EVIDENCE_MAX) : evidence);

    Acc sanctionedIn = direct.get(new Key(Category.sanctioned, Direction.in));
    Acc sanctionedOut = direct.get(new Key(Category.sanctioned, Direction.out));
    boolean unsolicited = sanctionedIn != null && sanctionedIn.counterparties.stream().noneMatch(paidBack::contains);
    String sanctions = sanctionedIn != null || sanctionedOut != null ? ExposureSummary.DIRECT
        : indirect.keySet().stream().anyMatch(k -> k.category() == Category.sanctioned) ? ExposureSummary.INDIRECT
        : ExposureSummary.NONE;
    BigDecimal sanctionedInUsd = sanctionedIn == null ? BigDecimal.ZERO : sanctionedIn.usd;
    ExposureSummary summary = new ExposureSummary(sanctions,
        categoriesIn(direct, Direction.in), categoriesIn(direct, Direction.out),
        sanctionedIn == null ? 0 : sanctionedIn.transfers, sanctionedIn == null ? 0 : sanctionedIn.unvalued,
        scaled(sanctionedInUsd),
        share(sanctionedInUsd, totalIn), unsolicited,
        sanctionedOut == null ? 0 : sanctionedOut.transfers,
        scaled(highRiskInUsd), share(highRiskInUsd, totalIn), highRiskOut,
        indirectSanctionedShare(indirect, totalIn, totalOut), labels.version(), categoryFigures(byCategories, totalIn, totalOut), null);
    return new Exposure(self, summary, scaled(totalIn), scaled(totalOut), directOut, indirectOut, kept, truncated);
  }

  /** Category sets in enum order, shorter first on a common prefix: a stable order for the stored figures. */
  private static final Comparator<List<Category>> CATEGORY_SETS = (a, b) -> {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = a.get(i).compareTo(b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  };

  private static ExposureFigures categoryFigures(Map<List<Category>, Acc[]> groups, BigDecimal totalIn, BigDecimal totalOut) {
    List<ExposureFigures.Group> out = new ArrayList<>();
    groups.forEach((cats, acc) -> out.add(new ExposureFigures.Group(cats, acc[0].transfers, acc[0].usd,
        acc[1].transfers, acc[1].usd)));
    return new ExposureFigures(totalIn, totalOut, out);
  }

  /**
   * The zero address, the other side of mints and burns (TokenFlows.ZERO): its flows count in the
   * valued totals (the shares' denominators), but it is never a labelled counterparty or a hop.
   */
  static boolean mint(String address) {
    return TokenFlows.ZERO.equals(address);
  }

  /** Largest value first (valued before unvalued), then most transfers; direct before indirect. */
  static final Comparator<EvidenceItem> EVIDENCE_ORDER = Comparator
      .comparing((EvidenceItem e) -> e.via() != null)
      .thenComparing((EvidenceItem e) -> e.usd() == null ? BigDecimal.ZERO : e.usd(), Comparator.reverseOrder())
      .thenComparing(EvidenceItem::transfers, Comparator.reverseOrder())
      .thenComparing(EvidenceItem::counterparty)
      .thenComparing(e -> e.via() == null ? "" : e.via())
      .thenComparing(EvidenceItem::chainId)
      .thenComparing(e -> e.token() == null ? "" : e.token())
      .thenComparing(EvidenceItem::direction)
      .thenComparing(EvidenceItem::category)
      .thenComparing(EvidenceItem::source)
      .thenComparing(EvidenceItem::label);

  private static EvidenceItem item(Flow f, String via, Label l, Direction d) {
    return new EvidenceItem(f.counterparty(), via, f.chainId(), l.category(), l.name(), l.source(), d, f.symbol(),
        f.token(), f.transfers(d), f.value(d).toString(), f.valued() ? scaled(f.usd(d)) : null, f.firstAt(),
        f.lastAt(), f.txHashes());
  }

  private static Set<Category> categories(List<Label> labels) {
    Set<Category> s = EnumSet.noneOf(Category.class);
    labels.forEach(l -> s.add(l.category()));
    return s;
  }

  private static List<Category> categoriesIn(Map<Key, Acc> m, Direction d) {
    return m.keySet().stream().filter(k -> k.direction() == d).map(Key::category).toList();
  }

  private static List<CategoryExposure> figures(Map<Key, Acc> m, BigDecimal totalIn, BigDecimal totalOut) {
    List<CategoryExposure> out = new ArrayList<>();
    m.forEach((k, a) -> out.add(new CategoryExposure(k.category(), k.direction(), a.counterparties.size(),
        a.transfers, scaled(a.usd), share(a.usd, k.direction() == Direction.in ? totalIn : totalOut))));
    return List.copyOf(out);
  }

  private static BigDecimal indirectSanctionedShare(Map<Key, Acc> indirect, BigDecimal totalIn, BigDecimal totalOut) {
    BigDecimal best = null;
    for (Direction d : Direction.values()) {
      Acc a = indirect.get(new Key(Category.sanctioned, d));
      BigDecimal s = share(a == null ? BigDecimal.ZERO : a.usd, d == Direction.in ? totalIn : totalOut);
      if (s != null && (best == null || s.compareTo(best) > 0)) {
        best = s;
      }
    }
    return best;
  }

  /** part / whole to 4 decimals; null without a valued whole. */
  static BigDecimal share(BigDecimal part, BigDecimal whole) {
    if (whole.signum() <= 0) {
      return null;
    }
    return part.divide(whole, SHARE_SCALE, RoundingMode.HALF_UP).min(BigDecimal.ONE.setScale(SHARE_SCALE));
  }

  /** USD to cents: figures are compared and hashed, so one scale everywhere. */
  static BigDecimal scaled(BigDecimal usd) {
    return usd.setScale(2, RoundingMode.HALF_UP);
  }
}
