package dev.vouch.transfer.model;

import dev.vouch.decision.model.Decision;
import dev.vouch.screening.model.Category;
import java.util.List;

/**
 * What Vouch has committed about a transfer's counterparty, read once.
 *
 * @param labels the categories its labels (screening lists included, as sanctioned) give it on the chain
 * @param indexed it has a committed snapshot
 * @param decision its decision on that committed evidence; null when not indexed
 */
public record Counterparty(String address, List<Category> labels, boolean indexed, Decision decision) {

  public Counterparty {
    labels = List.copyOf(labels);
  }
}
