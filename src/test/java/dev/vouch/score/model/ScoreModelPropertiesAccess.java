package dev.vouch.score.model;

import net.jqwik.api.Arbitrary;

/** Shares the evidence generator with the decision properties. */
public final class ScoreModelPropertiesAccess {

  private ScoreModelPropertiesAccess() {}

  public static Arbitrary<Evidence> evidence() {
    return ScoreModelProperties.evidence();
  }
}
