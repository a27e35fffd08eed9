package dev.vouch.decision;

import dev.vouch.decision.model.UseCase;
import dev.vouch.score.Lookup;

/** A decision read for a wallet or a registered username (the /check page takes either). */
public record DecisionLookup(Lookup subject, UseCase useCase) {}
