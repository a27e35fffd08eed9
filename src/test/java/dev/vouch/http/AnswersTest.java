package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.decision.model.BatchResult;
import dev.vouch.decision.model.BatchRow;
import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Coverage;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.EvidenceUse;
import dev.vouch.decision.model.Freshness;
import dev.vouch.decision.model.RecommendedLimit;
import dev.vouch.decision.model.UseCase;
import dev.vouch.decision.model.Verdict;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.screening.model.Category;
import dev.vouch.score.model.Breakdown;
import dev.vouch.score.model.ChainCoverage;
import dev.vouch.score.model.CoverageStatus;
import dev.vouch.score.model.ScoreReport;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The streamed answers are byte for byte what the bean serialization of the same records in the
 * same envelope gives (field order, nulls, enums, timestamps, escaping), for every shape the
 * records can take: the wire format and the OpenAPI contract are unchanged.
 */
class AnswersTest {

  @Property(tries = 200)
  void aStreamedDecisionIsTheBeanSerialization(@ForAll("decisions") Decision d) {
    assertThat(text(Answers.decision(d).getBytes())).isEqualTo(text(Json.encode(Envelope.ok(d)).getBytes()));
  }

  @Property(tries = 200)
  void aStreamedScoreReportIsTheBeanSerialization(@ForAll("scores") ScoreReport r) {
    assertThat(text(Answers.score(r).getBytes())).isEqualTo(text(Json.encode(Envelope.ok(r)).getBytes()));
  }

  @Property(tries = 100)
  void aStreamedBatchIsTheBeanSerialization(@ForAll("batches") BatchResult b) {
    assertThat(text(Answers.batch(b).getBytes())).isEqualTo(text(Json.encode(Envelope.ok(b)).getBytes()));
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  static Arbitrary<String> text() {
    return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(12), Arbitraries.of("a\"b\\c", "é✓\u0001", "0x" + "ab".repeat(20)));
  }

  static Arbitrary<String> maybe() {
    return text().injectNull(0.25);
  }

  static Arbitrary<Instant> instants() {
    return Combinators.combine(Arbitraries.longs().between(0, 4_000_000_000_000L),
            Arbitraries.of(0L, 1L, 1_000L, 1_000_000L, 123_456_789L % 1_000_000L))
        .as((ms, nanos) -> Instant.ofEpochMilli(ms).plusNanos(nanos)).injectNull(0.25);
  }

  static Arbitrary<List<Coded>> codes() {
    return Combinators.combine(text(), text()).as(Coded::new).list().ofMaxSize(3).injectNull(0.05);
  }

  /** Absent (older snapshots) or present, with null shares and scaled decimals (issue 24). */
  static Arbitrary<ExposureSummary> exposures() {
    return Arbitraries.of(
        new ExposureSummary("direct", List.of(Category.sanctioned), List.of(Category.sanctioned, Category.mixer), 4, 1,
            new java.math.BigDecimal("0.04"), new java.math.BigDecimal("1.0000"), true, 1,
            new java.math.BigDecimal("0.00"), null, 2, null, "sha256:0123456789abcdef"),
        new ExposureSummary("none", List.of(), List.of(), 0, 0, new java.math.BigDecimal("0.00"), null, false, 0,
            new java.math.BigDecimal("2000.00"), new java.math.BigDecimal("0.0500"), 0,
            new java.math.BigDecimal("0.1234"), "none"),
        // With a trace status (issue 33 item 2): written as the bean serialization writes it.
        new ExposureSummary("indirect", List.of(), List.of(), 0, 0, new java.math.BigDecimal("0.00"), null, false, 0,
            new java.math.BigDecimal("0.00"), null, 0, new java.math.BigDecimal("0.0100"), "none", null, null,
            new dev.vouch.pathtrace.model.TraceStatus("partial", 7, 4, 0, 2, 1))).injectNull(0.4);
  }

  static Arbitrary<RecommendedLimit> limits() {
    return Combinators.combine(Arbitraries.longs().between(0, 1_000_000), maybe(), maybe()).as(RecommendedLimit::new)
        .injectNull(0.3);
  }

  static Arbitrary<ChainCoverage> chains() {
    Arbitrary<Boolean> maybeBool = Arbitraries.of(true, false).injectNull(0.3);
    return Builders.withBuilder(() -> new Object[8])
        .use(maybe()).in((a, v) -> { a[0] = v; return a; })
        .use(Arbitraries.of(CoverageStatus.class)).in((a, v) -> { a[1] = v; return a; })
        .use(Arbitraries.of(true, false)).in((a, v) -> { a[2] = v; return a; })
        .use(Arbitraries.of(true, false)).in((a, v) -> { a[3] = v; return a; })
        .use(maybeBool).in((a, v) -> { a[4] = v; return a; })
        .use(maybeBool).in((a, v) -> { a[5] = v; return a; })
        .use(maybe()).in((a, v) -> { a[6] = v; return a; })
        .use(text().list().ofMaxSize(2)).in((a, v) -> { a[7] = v; return a; })
        .build(a -> new ChainCoverage((String) a[0], (CoverageStatus) a[1], (Boolean) a[2], (Boolean) a[3],
            (Boolean) a[4], (Boolean) a[5], (String) a[6], castList(a[7])));
  }

  @SuppressWarnings("unchecked")
  private static List<String> castList(Object o) {
    return (List<String>) o;
  }

  @Provide
  Arbitrary<Decision> decisions() {
    Arbitrary<Coverage> coverage = chains().list().ofMaxSize(4).map(Coverage::of).injectNull(0.1);
    Arbitrary<Freshness> freshness = Combinators.combine(maybe(), instants(), Arbitraries.of(true, false),
        Arbitraries.of(true, false)).as(Freshness::new).injectNull(0.1);
    Arbitrary<EvidenceUse> evidence = Combinators.combine(text().list().ofMaxSize(3), text().list().ofMaxSize(3))
        .as(EvidenceUse::new).injectNull(0.1);
    return Builders.withBuilder(() -> new Object[15])
        .use(maybe()).in((a, v) -> { a[0] = v; return a; })
        .use(maybe()).in((a, v) -> { a[1] = v; return a; })
        .use(Arbitraries.of(UseCase.class).injectNull(0.1)).in((a, v) -> { a[2] = v; return a; })
        .use(Arbitraries.of(Verdict.class).injectNull(0.1)).in((a, v) -> { a[3] = v; return a; })
        .use(maybe()).in((a, v) -> { a[4] = v; return a; })
        .use(limits()).in((a, v) -> { a[5] = v; return a; })
        .use(codes()).in((a, v) -> { a[6] = v; return a; })
        .use(codes()).in((a, v) -> { a[7] = v; return a; })
        .use(Arbitraries.integers().between(-5, 100)).in((a, v) -> { a[8] = v; return a; })
        .use(evidence).in((a, v) -> { a[9] = v; return a; })
        .use(freshness).in((a, v) -> { a[10] = v; return a; })
        .use(coverage).in((a, v) -> { a[11] = v; return a; })
        .use(maybe()).in((a, v) -> { a[12] = v; return a; })
        .use(maybe()).in((a, v) -> { a[13] = v; return a; })
        .use(exposures()).in((a, v) -> { a[14] = v; return a; })
        .build(a -> new Decision((String) a[0], (String) a[1], (UseCase) a[2], (Verdict) a[3], (String) a[4],
            (RecommendedLimit) a[5], codedList(a[6]), codedList(a[7]), (Integer) a[8], (EvidenceUse) a[9],
            (Freshness) a[10], (Coverage) a[11], (String) a[12], (String) a[13], (ExposureSummary) a[14]));
  }

  @SuppressWarnings("unchecked")
  private static List<Coded> codedList(Object o) {
    return (List<Coded>) o;
  }

  @Provide
  Arbitrary<ScoreReport> scores() {
    Arbitrary<Integer> small = Arbitraries.integers().between(-40, 40);
    Arbitrary<Breakdown> breakdown = Combinators.combine(small, small, small, small, small, small, small, small)
        .as(Breakdown::new).injectNull(0.1);
    Arbitrary<ScoreReport.Attestations> attestations = Combinators.combine(small, small)
        .as(ScoreReport.Attestations::new).injectNull(0.1);
    return Builders.withBuilder(() -> new Object[17])
        .use(maybe()).in((a, v) -> { a[0] = v; return a; })
        .use(maybe()).in((a, v) -> { a[1] = v; return a; })
        .use(Arbitraries.integers().between(0, 100)).in((a, v) -> { a[2] = v; return a; })
        .use(maybe()).in((a, v) -> { a[3] = v; return a; })
        .use(maybe()).in((a, v) -> { a[4] = v; return a; })
        .use(maybe()).in((a, v) -> { a[5] = v; return a; })
        .use(breakdown).in((a, v) -> { a[6] = v; return a; })
        .use(text().list().ofMaxSize(3).injectNull(0.05)).in((a, v) -> { a[7] = v; return a; })
        .use(Arbitraries.longs().between(0, Long.MAX_VALUE)).in((a, v) -> { a[8] = v; return a; })
        .use(Arbitraries.longs().between(0, 1000)).in((a, v) -> { a[9] = v; return a; })
        .use(Arbitraries.integers().between(0, 5000)).in((a, v) -> { a[10] = v; return a; })
        .use(attestations).in((a, v) -> { a[11] = v; return a; })
        .use(maybe()).in((a, v) -> { a[12] = v; return a; })
        .use(instants()).in((a, v) -> { a[13] = v; return a; })
        .use(Arbitraries.of(true, false)).in((a, v) -> { a[14] = v; return a; })
        .use(Arbitraries.of(true, false)).in((a, v) -> { a[15] = v; return a; })
        .use(exposures()).in((a, v) -> { a[16] = v; return a; })
        .build(a -> new ScoreReport((String) a[0], (String) a[1], (Integer) a[2], (String) a[3], (String) a[4],
            (String) a[5], (Breakdown) a[6], castList(a[7]), (Long) a[8], (Long) a[9], (Integer) a[10],
            (ScoreReport.Attestations) a[11], (String) a[12], (Instant) a[13], (Boolean) a[14], (Boolean) a[15],
            (ExposureSummary) a[16]));
  }

  @Provide
  Arbitrary<BatchResult> batches() {
    Arbitrary<BatchRow> row = Builders.withBuilder(() -> new Object[12])
        .use(maybe()).in((a, v) -> { a[0] = v; return a; })
        .use(Arbitraries.of(BatchRow.Status.class)).in((a, v) -> { a[1] = v; return a; })
        .use(maybe()).in((a, v) -> { a[2] = v; return a; })
        .use(maybe()).in((a, v) -> { a[3] = v; return a; })
        .use(Arbitraries.of(Verdict.class)).in((a, v) -> { a[4] = v; return a; })
        .use(Arbitraries.integers().between(0, 100).injectNull(0.3)).in((a, v) -> { a[5] = v; return a; })
        .use(maybe()).in((a, v) -> { a[6] = v; return a; })
        .use(limits()).in((a, v) -> { a[7] = v; return a; })
        .use(codes()).in((a, v) -> { a[8] = v; return a; })
        .use(codes()).in((a, v) -> { a[9] = v; return a; })
        .use(maybe()).in((a, v) -> { a[10] = v; return a; })
        .use(exposures()).in((a, v) -> { a[11] = v; return a; })
        .build(a -> new BatchRow((String) a[0], (BatchRow.Status) a[1], (String) a[2], (String) a[3],
            // A row without a verdict is never counted by verdict (BatchResult.of switches on it only for ok).
            a[1] == BatchRow.Status.ok ? (Verdict) a[4] : null, (Integer) a[5], (String) a[6],
            (RecommendedLimit) a[7], codedList(a[8]), codedList(a[9]), (String) a[10], (ExposureSummary) a[11]));
    return Combinators.combine(Arbitraries.of(UseCase.class), row.list().ofMaxSize(30)).as(BatchResult::of);
  }
}
