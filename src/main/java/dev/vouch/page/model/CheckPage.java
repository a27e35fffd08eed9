package dev.vouch.page.model;

import dev.vouch.decision.model.UseCase;
import java.util.Arrays;
import java.util.List;

/**
 * The /check page: the form (echoing what was typed), an optional form error, and the decision
 * once there is one. refreshSeconds > 0 makes the page reload itself while indexing runs.
 */
public record CheckPage(String query, String useCase, String error, DecisionView decision, int refreshSeconds,
    ExposureView exposure) {

  /** Seconds between reloads while a wallet is being indexed (SPEC 1: clients poll every 5 s). */
  public static final int PROGRESS_REFRESH_SECONDS = 5;

  public static CheckPage form(String query, String useCase) {
    return new CheckPage(query, useCase, null, null, 0, null);
  }

  public static CheckPage error(String query, String useCase, String error) {
    return new CheckPage(query, useCase, error, null, 0, null);
  }

  public static CheckPage of(String query, DecisionView d) {
    return of(query, d, null);
  }

  /** With the wallet's exposure (null: none shown, as for a wallet without a snapshot). */
  public static CheckPage of(String query, DecisionView d, ExposureView exposure) {
    return new CheckPage(query, d.words().useCase(), null, d, d.indexing() ? PROGRESS_REFRESH_SECONDS : 0, exposure);
  }

  public List<String> useCases() {
    return Arrays.stream(UseCase.values()).map(Enum::name).toList();
  }
}
