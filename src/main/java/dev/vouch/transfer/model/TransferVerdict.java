package dev.vouch.transfer.model;

import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Verdict;
import java.util.List;

/**
 * A transfer rule's answer: screened with a verdict, or pending (verdict null) with the reason it
 * waits; {@code queueIntake} asks for the counterparty's first index.
 */
public record TransferVerdict(Status status, Verdict verdict, List<Coded> reasons, List<Coded> warnings,
    boolean queueIntake) {

  public enum Status { pending, screened }

  public TransferVerdict {
    reasons = List.copyOf(reasons);
    warnings = List.copyOf(warnings);
  }
}
