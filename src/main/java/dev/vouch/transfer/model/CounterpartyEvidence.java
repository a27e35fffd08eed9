package dev.vouch.transfer.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.Verdict;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.screening.model.Category;
import java.time.Instant;
import java.util.List;

/**
 * What the verdict rested on about the counterparty, kept with the screening when it is decided
 * (V112) so its receipt attests the evidence of that moment, not of the day it is minted.
 *
 * @param labels the categories its labels gave it on the chain (screening lists as sanctioned)
 * @param indexed it had a committed snapshot
 * @param decision its decision for use case payment on that snapshot; null when not indexed
 * @param reasonCodes that decision's reason codes
 * @param lastIndexedAt when that snapshot was committed
 * @param exposure the exposure summary that decision read, when the snapshot stored one
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CounterpartyEvidence(
    String address,
    List<Category> labels,
    boolean indexed,
    Verdict decision,
    Integer score,
    List<String> reasonCodes,
    Instant lastIndexedAt,
    String decisionModelVersion,
    ExposureSummary exposure) {

  public CounterpartyEvidence {
    labels = labels == null ? List.of() : List.copyOf(labels);
    reasonCodes = reasonCodes == null ? null : List.copyOf(reasonCodes);
  }

  public static CounterpartyEvidence of(Counterparty c) {
    Decision d = c.decision();
    if (d == null) {
      return new CounterpartyEvidence(c.address(), c.labels(), c.indexed(), null, null, null, null, null, null);
    }
    return new CounterpartyEvidence(c.address(), c.labels(), c.indexed(), d.decision(), d.score(),
        d.reasons().stream().map(Coded::code).toList(),
        d.freshness() == null ? null : d.freshness().lastIndexedAt(), d.decisionModelVersion(), d.exposure());
  }
}
