package dev.vouch.decision.model;

import java.util.List;

/** Data of the batch read (SPEC 2.4). */
public record BatchResult(UseCase useCase, String decisionModelVersion, Summary summary, List<BatchRow> results) {

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
