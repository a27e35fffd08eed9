package dev.vouch.decision.model;

import java.util.List;

/**
 * Data of the batch read (SPEC 2.4).
 *
 * @param policy the customer policy every row was decided with (issue 32); absent for the default
 */
public record BatchResult(UseCase useCase, String decisionModelVersion, Summary summary, List<BatchRow> results,
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    PolicyRef policy) {

  public BatchResult(UseCase useCase, String decisionModelVersion, Summary summary, List<BatchRow> results) {
    this(useCase, decisionModelVersion, summary, results, null);
  }

  public BatchResult withPolicy(PolicyRef p) {
    return new BatchResult(useCase, decisionModelVersion, summary, results, p);
  }

  public record Summary(int total, int allow, int caution, int block, int noScore, int invalid, int error) {}

  public static BatchResult of(UseCase useCase, List<BatchRow> rows) {
    int allow = 0;
    int caution = 0;
    int block = 0;
    int noScore = 0;
    int invalid = 0;
    int error = 0;
    for (BatchRow r : rows) {
      switch (r.status()) {
        case ok -> {
          switch (r.decision()) {
            case allow -> allow++;
            case caution -> caution++;
            case block -> block++;
          }
        }
        case no_score -> noScore++;
        case invalid -> invalid++;
        case error -> error++;
      }
    }
    return new BatchResult(useCase, DecisionModel.VERSION,
        new Summary(rows.size(), allow, caution, block, noScore, invalid, error), List.copyOf(rows));
  }
}
