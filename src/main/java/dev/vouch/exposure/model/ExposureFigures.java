package dev.vouch.exposure.model;

import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;

/**
 * The direct labelled flows of a summary, grouped by the exact set of categories their
 * counterparty carries, with the wallet's valued totals (issue 32 item 3). Stored with the summary
 * (never on the wire), so a customer policy can judge any set of categories at read time exactly
 * as the commit would have: a counterparty labelled in two categories counts once in their union.
 * USD sums are exact (unrounded), like the model's own before it scales them.
 */
public record ExposureFigures(BigDecimal valuedInUsd, BigDecimal valuedOutUsd, List<Group> groups) {

  public ExposureFigures {
    groups = List.copyOf(groups);
  }

  public record Group(List<Category> categories, int inTransfers, BigDecimal inUsd, int outTransfers,
      BigDecimal outUsd) {
    public Group {
      categories = List.copyOf(categories);
    }
  }

  /** The wallet's flow that way with counterparties labelled in any of {@code cats}. */
  public record Union(int transfers, BigDecimal usd, BigDecimal share) {}

  public Union union(Set<Category> cats, Direction d) {
    int transfers = 0;
    BigDecimal usd = BigDecimal.ZERO;
    for (Group g : groups) {
      if (g.categories().stream().anyMatch(cats::contains)) {
        transfers += d == Direction.in ? g.inTransfers() : g.outTransfers();
        usd = usd.add(d == Direction.in ? g.inUsd() : g.outUsd());
      }
    }
    BigDecimal total = d == Direction.in ? valuedInUsd : valuedOutUsd;
    return new Union(transfers, ExposureModel.scaled(usd), ExposureModel.share(usd, total));
  }
}
