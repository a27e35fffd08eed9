package dev.vouch.decision.model;

import dev.vouch.exposure.model.Direction;
import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A customer's thresholds for the exposure and transfer rules (issue 32 item 3), immutable and
 * pure. {@link #DEFAULT} is decision_v0.6's constants, so a caller without a policy is decided
 * exactly as before. The rules read their figures from here instead of from constants.
 *
 * @param categories the rule per label category and direction (every category present)
 * @param indirectSanctionedShares index = hop count: the indirect sanctioned share from which a
 *     wallet is cautioned at that hop; index 0 (direct) is always null; null = no rule at that hop
 * @param dust sanctioned inflow under these bounds, never paid back, is only a warning
 * @param limitScale multiplies the recommended limit of each use case
 * @param transferMinUsd a transfer valued under this many USD is not cautioned for its
 *     counterparty's high-risk label or flows (sanctions always block, at any amount)
 */
public record Policy(
    Map<Category, Rules> categories,
    List<BigDecimal> indirectSanctionedShares,
    Dust dust,
    Map<UseCase, BigDecimal> limitScale,
    BigDecimal transferMinUsd) {

  /** What a rule does when it fires. */
  public enum Action {
    block, caution, warn, ignore
  }

  /**
   * Fires when the wallet has transfers that way with the category, their USD value reaches
   * {@code minUsd} and their share of the wallet's valued flow that way reaches {@code minShare}
   * (a share of 0 asks for none, so unvalued transfers count).
   */
  public record Rule(Action action, BigDecimal minUsd, BigDecimal minShare) {
    public boolean fires(int transfers, BigDecimal usd, BigDecimal share) {
      return transfers > 0 && usd.compareTo(minUsd) >= 0
          && (minShare.signum() == 0 || share != null && share.compareTo(minShare) >= 0);
    }
  }

  /** A category's rule for inflow (source of funds) and outflow (destination). */
  public record Rules(Rule in, Rule out) {
    public Rule of(Direction d) {
      return d == Direction.in ? in : out;
    }
  }

  public record Dust(BigDecimal usd, int maxUnvaluedTransfers) {}

  public Policy {
    Map<Category, Rules> c = new EnumMap<>(Category.class);
    c.putAll(categories);
    if (c.size() != Category.values().length) {
      throw new IllegalArgumentException("a policy has a rule for every category");
    }
    categories = Collections.unmodifiableMap(c);
    indirectSanctionedShares = Collections.unmodifiableList(new ArrayList<>(indirectSanctionedShares));
    Map<UseCase, BigDecimal> s = new EnumMap<>(UseCase.class);
    s.putAll(limitScale);
    limitScale = Collections.unmodifiableMap(s);
  }

  /** decision_v0.6 and transfer_v0.1 as they were before policies. */
  public static final Policy DEFAULT = defaults();

  private static Policy defaults() {
    Map<Category, Rules> c = new EnumMap<>(Category.class);
    for (Category k : Category.values()) {
      Action a = k == Category.sanctioned ? Action.block : k.highRisk() ? Action.caution : Action.ignore;
      BigDecimal share = k == Category.sanctioned ? DecisionModel.SANCTIONED_IN_SHARE : DecisionModel.HIGH_RISK_IN_SHARE;
      c.put(k, new Rules(new Rule(a, DecisionModel.DUST_USD, share), new Rule(a, BigDecimal.ZERO, BigDecimal.ZERO)));
    }
    List<BigDecimal> hops = new ArrayList<>();
    hops.add(null);
    hops.addAll(DecisionModel.INDIRECT_SANCTIONED_SHARE_BY_HOP);   // 1, 2 and 3 intermediaries (v0.7)
    Map<UseCase, BigDecimal> scale = new EnumMap<>(UseCase.class);
    for (UseCase u : UseCase.values()) {
      scale.put(u, BigDecimal.ONE);
    }
    return new Policy(c, hops, new Dust(DecisionModel.DUST_USD, DecisionModel.DUST_MAX_TRANSFERS), scale,
        BigDecimal.ZERO);
  }

  public Rule rule(Category c, Direction d) {
    return categories.get(c).of(d);
  }

  /** The indirect sanctioned share that cautions at {@code hops}; null when none does. */
  public BigDecimal indirectSanctionedShare(int hops) {
    return hops < indirectSanctionedShares.size() ? indirectSanctionedShares.get(hops) : null;
  }

  public BigDecimal limitScale(UseCase u) {
    return limitScale.getOrDefault(u, BigDecimal.ONE);
  }
}
