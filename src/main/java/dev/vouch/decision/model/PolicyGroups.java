package dev.vouch.decision.model;

import dev.vouch.exposure.model.Direction;
import dev.vouch.exposure.model.ExposureFigures;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The category rules of a policy, sanctioned aside (its own rules), as groups: categories with
 * the same rule and the same risk class are judged together on their combined flow, as
 * decision_v0.6 judged mixers, scams, stolen funds, darknet markets and ransomware together. The
 * default policy therefore has one group each way, today's rule; a customer who gives mixers a
 * rule of their own gets mixers judged alone.
 */
final class PolicyGroups {

  /** decision_v0.6's one high-risk group: every high-risk category but sanctioned. */
  static final Set<Category> HIGH_RISK_OTHER = EnumSet.of(Category.mixer, Category.scam, Category.stolen_funds,
      Category.darknet, Category.ransomware);

  record Group(Policy.Rule rule, Set<Category> categories, boolean highRisk, Direction direction) {

    String code() {
      return highRisk ? (direction == Direction.in ? DecisionModel.EXPOSURE_HIGH_RISK_IN : DecisionModel.EXPOSURE_HIGH_RISK_OUT)
          : (direction == Direction.in ? DecisionModel.EXPOSURE_CATEGORY_IN : DecisionModel.EXPOSURE_CATEGORY_OUT);
    }

    /** How the reason's message names the group (decision_v0.6's words for its group). */
    String names() {
      return categories.equals(HIGH_RISK_OTHER) ? "mixers or other high-risk addresses"
          : "addresses labelled " + categories.stream().map(Category::name).collect(Collectors.joining(", "));
    }
  }

  private static final List<Group> DEFAULT_IN = build(Policy.DEFAULT, Direction.in);
  private static final List<Group> DEFAULT_OUT = build(Policy.DEFAULT, Direction.out);

  private PolicyGroups() {}

  static List<Group> of(Policy p, Direction d) {
    if (p == Policy.DEFAULT) {
      return d == Direction.in ? DEFAULT_IN : DEFAULT_OUT;
    }
    return build(p, d);
  }

  private static List<Group> build(Policy p, Direction d) {
    record Key(Policy.Rule rule, boolean highRisk) {}
    Map<Key, Set<Category>> groups = new LinkedHashMap<>();
    for (Category c : Category.values()) {
      Policy.Rule r = p.rule(c, d);
      if (c == Category.sanctioned || r.action() == Policy.Action.ignore) {
        continue;
      }
      groups.computeIfAbsent(new Key(r, c.highRisk()), k -> EnumSet.noneOf(Category.class)).add(c);
    }
    List<Group> out = new ArrayList<>();
    groups.forEach((k, cats) -> out.add(new Group(k.rule(), Set.copyOf(cats), k.highRisk(), d)));
    return List.copyOf(out);
  }

  /** The list of the group's action: block and caution are reasons, warn a warning. */
  static List<Coded> list(Group g, List<Coded> block, List<Coded> caution, List<Coded> warnings) {
    return switch (g.rule().action()) {
      case block -> block;
      case caution -> caution;
      case warn, ignore -> warnings;
    };
  }

  /**
   * The wallet's flow that way with the group's categories. The default group reads the
   * summary's own figures (exactly decision_v0.6); other groups read the stored figures, or, for
   * a summary stored before them, what the summary can bound: a high-risk group's share is the
   * whole high-risk figure (an upper bound), another category's presence counts with no value.
   */
  static ExposureFigures.Union figures(ExposureSummary e, Group g, Direction d) {
    ExposureFigures f = e.figures();
    ExposureFigures.Union u = f == null ? null : f.union(g.categories(), d);
    List<Category> present = d == Direction.in ? e.sourceCategories() : e.destinationCategories();
    boolean seen = present.stream().anyMatch(g.categories()::contains);
    boolean highRiskSubset = HIGH_RISK_OTHER.containsAll(g.categories());
    if (g.categories().equals(HIGH_RISK_OTHER) || u == null && highRiskSubset) {
      return d == Direction.in
          ? new ExposureFigures.Union(u != null ? u.transfers() : seen ? 1 : 0, e.highRiskInUsd(), e.highRiskInShare())
          : new ExposureFigures.Union(seen || u != null ? e.highRiskOutTransfers() : 0,
              u != null ? u.usd() : BigDecimal.ZERO, u != null ? u.share() : null);
    }
    return u != null ? u : new ExposureFigures.Union(seen ? 1 : 0, BigDecimal.ZERO, null);
  }
}
