package dev.vouch.indexing.model;

import dev.vouch.decision.model.DecisionModel;
import dev.vouch.score.NewSnapshot;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * identity_score_v4: the listed counterparties that only pushed unsolicited dust onto the wallet,
 * which the score's penalty spares (docs/models.md "Listed dust"). A listed address is unanswered
 * when it sent the wallet something and the wallet never sent it anything, natively or in a
 * registered token, on any chain (a reverted attempt counts as sending: only the wallet can send).
 * The unanswered ones are dust when, all together, they sent less than DecisionModel.DUST_USD of
 * valued tokens and at most DecisionModel.DUST_MAX_TRANSFERS unvalued transfers (native coins,
 * tokens Vouch does not value): the decision's dust rule, so the score and the decision agree on
 * what anyone can push. Otherwise none is spared. Pure.
 */
public final class ListedDust {

  private ListedDust() {}

  /** The spared addresses among those {@code listed} says are listed; empty when none is. */
  public static Set<String> of(Predicate<String> listed, List<NewSnapshot.CounterpartyRow> natives,
      List<NewSnapshot.TokenFlowRow> tokens) {
    Set<String> paid = new HashSet<>();
    Set<String> senders = new HashSet<>();
    for (NewSnapshot.CounterpartyRow c : natives) {
      if (c.txOut() > 0) {
        paid.add(c.counterparty());
      }
      if (c.txIn() > 0 && listed.test(c.counterparty())) {
        senders.add(c.counterparty());
      }
    }
    for (NewSnapshot.TokenFlowRow f : tokens) {
      if (f.txOut() > 0) {
        paid.add(f.counterparty());
      }
      if (f.txIn() > 0 && listed.test(f.counterparty())) {
        senders.add(f.counterparty());
      }
    }
    senders.removeAll(paid);
    if (senders.isEmpty()) {
      return Set.of();
    }
    BigDecimal valued = BigDecimal.ZERO;
    long unvalued = 0;
    for (NewSnapshot.CounterpartyRow c : natives) {
      if (senders.contains(c.counterparty())) {
        unvalued += c.txIn();
      }
    }
    for (NewSnapshot.TokenFlowRow f : tokens) {
      if (senders.contains(f.counterparty())) {
        if (f.usdIn() == null) {
          unvalued += f.txIn();
        } else {
          valued = valued.add(f.usdIn());
        }
      }
    }
    boolean dust = valued.compareTo(DecisionModel.DUST_USD) < 0 && unvalued <= DecisionModel.DUST_MAX_TRANSFERS;
    return dust ? Set.copyOf(senders) : Set.of();
  }
}
