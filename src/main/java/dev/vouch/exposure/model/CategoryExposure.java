package dev.vouch.exposure.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.screening.model.Category;
import java.math.BigDecimal;

/**
 * Exposure to one category in one direction.
 *
 * @param counterparties distinct labelled counterparties (direct) or intermediaries (indirect)
 * @param transfers the wallet's transfers with them in that direction
 * @param usd USD value (direct: of the transfers; indirect: the value-weighted part of the flow
 *     through the intermediaries)
 * @param share usd over the wallet's valued flow in that direction, 4 decimals; null when the
 *     wallet has no valued flow in that direction
 * @param hops indirect figures per hop count (exposure_v3): the intermediaries on the path; null
 *     for direct figures and for the indirect figures over every hop count
 */
public record CategoryExposure(Category category, Direction direction, int counterparties, int transfers,
    BigDecimal usd, BigDecimal share, @JsonInclude(JsonInclude.Include.NON_NULL) Integer hops) {

  public CategoryExposure(Category category, Direction direction, int counterparties, int transfers, BigDecimal usd,
      BigDecimal share) {
    this(category, direction, counterparties, transfers, usd, share, null);
  }
}
