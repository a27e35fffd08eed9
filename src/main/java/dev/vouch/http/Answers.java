package dev.vouch.http;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.vouch.decision.model.BatchResult;
import dev.vouch.decision.model.BatchRow;
import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Coverage;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.RecommendedLimit;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.screening.model.Category;
import dev.vouch.score.model.Breakdown;
import dev.vouch.score.model.ChainCoverage;
import dev.vouch.score.model.ScoreReport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;

/**
 * The hot answers (decision, score, batch) in their envelope, written field by field with
 * Jackson's streaming generator straight into the buffer the response sends: no bean
 * introspection, no intermediate bytes. Field order and null handling are those of the records'
 * bean serialization ({@code AnswersTest} holds them equal), so the wire format is unchanged.
 */
final class Answers {

  /** A decision answer is about 1.2 KB; a batch row about 400 to 700 bytes. */
  private static final int DECISION_BYTES = 2048;
  private static final int SCORE_BYTES = 1024;
  private static final int BATCH_HEAD_BYTES = 256;
  private static final int BATCH_ROW_BYTES = 640;

  private Answers() {}

  interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  static Buffer decision(Decision d) {
    return envelope(DECISION_BYTES, g -> decision(g, d));
  }

  static Buffer score(ScoreReport r) {
    return envelope(SCORE_BYTES, g -> score(g, r));
  }

  /** Pre-sized for its rows, so a 500-row answer is not regrown step by step. */
  static Buffer batch(BatchResult b) {
    return envelope(BATCH_HEAD_BYTES + BATCH_ROW_BYTES * b.results().size(), g -> batch(g, b));
  }

  private static Buffer envelope(int size, Body data) {
    ByteBuf bytes = Unpooled.buffer(size);
    try (JsonGenerator g = Json.MAPPER.getFactory().createGenerator((java.io.OutputStream) new ByteBufOutputStream(bytes), JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeBooleanField("ok", true);
      g.writeStringField("version", Envelope.VERSION);
      g.writeFieldName("data");
      data.write(g);
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return BufferInternal.buffer(bytes);
  }

  private static void decision(JsonGenerator g, Decision d) throws IOException {
    g.writeStartObject();
    g.writeStringField("wallet", d.wallet());
    g.writeStringField("username", d.username());
    g.writeStringField("useCase", name(d.useCase()));
    g.writeStringField("decision", name(d.decision()));
    g.writeStringField("riskLevel", d.riskLevel());
    g.writeFieldName("recommendedLimit");
    limit(g, d.recommendedLimit());
    g.writeFieldName("reasons");
    coded(g, d.reasons());
    g.writeFieldName("warnings");
    coded(g, d.warnings());
    g.writeNumberField("score", d.score());
    if (d.evidence() == null) {
      g.writeNullField("evidence");
    } else {
      g.writeObjectFieldStart("evidence");
      g.writeFieldName("used");
      strings(g, d.evidence().used());
      g.writeFieldName("missing");
      strings(g, d.evidence().missing());
      g.writeEndObject();
    }
    if (d.freshness() == null) {
      g.writeNullField("freshness");
    } else {
      g.writeObjectFieldStart("freshness");
      g.writeStringField("cacheStatus", d.freshness().cacheStatus());
      instant(g, "lastIndexedAt", d.freshness().lastIndexedAt());
      g.writeBooleanField("refreshInProgress", d.freshness().refreshInProgress());
      g.writeBooleanField("refreshRecommended", d.freshness().refreshRecommended());
      g.writeEndObject();
    }
    g.writeFieldName("coverage");
    coverage(g, d.coverage());
    g.writeStringField("scoreModelVersion", d.scoreModelVersion());
    g.writeStringField("decisionModelVersion", d.decisionModelVersion());
    exposure(g, d.exposure());
    policy(g, d.policy());
    g.writeEndObject();
  }

  /** Additive (issue 32): the customer policy, absent for the default one. */
  private static void policy(JsonGenerator g, dev.vouch.decision.model.PolicyRef p) throws IOException {
    if (p == null) {
      return;
    }
    g.writeObjectFieldStart("policy");
    g.writeStringField("id", p.id());
    g.writeNumberField("version", p.version());
    g.writeStringField("hash", p.hash());
    g.writeEndObject();
  }

  /** Additive (issue 24): written only when known, as the records' NON_NULL bean serialization does. */
  private static void exposure(JsonGenerator g, ExposureSummary e) throws IOException {
    if (e == null) {
      return;
    }
    g.writeObjectFieldStart("exposure");
    g.writeStringField("sanctions", e.sanctions());
    categories(g, "sourceCategories", e.sourceCategories());
    categories(g, "destinationCategories", e.destinationCategories());
    g.writeNumberField("sanctionedInTransfers", e.sanctionedInTransfers());
    g.writeNumberField("sanctionedInUnvaluedTransfers", e.sanctionedInUnvaluedTransfers());
    decimal(g, "sanctionedInUsd", e.sanctionedInUsd());
    decimal(g, "sanctionedInShare", e.sanctionedInShare());
    g.writeBooleanField("sanctionedInUnsolicited", e.sanctionedInUnsolicited());
    g.writeNumberField("sanctionedOutTransfers", e.sanctionedOutTransfers());
    decimal(g, "highRiskInUsd", e.highRiskInUsd());
    decimal(g, "highRiskInShare", e.highRiskInShare());
    g.writeNumberField("highRiskOutTransfers", e.highRiskOutTransfers());
    decimal(g, "indirectSanctionedShare", e.indirectSanctionedShare());
    g.writeStringField("labelsVersion", e.labelsVersion());
    if (e.indirectSanctionedByHop() != null) {   // exposure_v3; absent from summaries stored before it
      g.writeArrayFieldStart("indirectSanctionedByHop");
      for (dev.vouch.exposure.model.HopShare h : e.indirectSanctionedByHop()) {
        g.writeStartObject();
        g.writeNumberField("hops", h.hops());
        decimal(g, "share", h.share());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    if (e.trace() != null) {
      // Additive (issue 33 item 2), absent when never traced as in the bean serialization.
      g.writeObjectFieldStart("trace");
      g.writeStringField("status", e.trace().status());
      g.writeNumberField("wanted", e.trace().wanted());
      g.writeNumberField("indexed", e.trace().indexed());
      g.writeNumberField("pending", e.trace().pending());
      g.writeNumberField("skippedByBudget", e.trace().skippedByBudget());
      g.writeNumberField("unreached", e.trace().unreached());
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void categories(JsonGenerator g, String field, List<Category> list) throws IOException {
    g.writeArrayFieldStart(field);
    for (Category c : list) {
      g.writeString(c.name());
    }
    g.writeEndArray();
  }

  private static void decimal(JsonGenerator g, String field, java.math.BigDecimal v) throws IOException {
    if (v == null) {
      g.writeNullField(field);
    } else {
      g.writeNumberField(field, v);
    }
  }

  private static void coverage(JsonGenerator g, Coverage c) throws IOException {
    if (c == null) {
      g.writeNull();
      return;
    }
    g.writeStartObject();
    g.writeFieldName("chains");
    if (c.chains() == null) {
      g.writeNull();
    } else {
      g.writeStartArray();
      for (ChainCoverage ch : c.chains()) {
        g.writeStartObject();
        g.writeStringField("chain", ch.chain());
        g.writeStringField("status", name(ch.status()));
        g.writeBooleanField("transient", ch.transient_());
        g.writeBooleanField("standing", ch.standing());
        bool(g, "historyCapped", ch.historyCapped());
        bool(g, "recencyReliable", ch.recencyReliable());
        g.writeStringField("source", ch.source());
        g.writeFieldName("fallbackFrom");
        strings(g, ch.fallbackFrom());
        if (ch.zeroValueTokenTransfers() != null) {
          g.writeNumberField("zeroValueTokenTransfers", ch.zeroValueTokenTransfers());
        }
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    g.writeBooleanField("historyCapped", c.historyCapped());
    g.writeBooleanField("hasTransientIssues", c.hasTransientIssues());
    g.writeBooleanField("hasStandingLimitations", c.hasStandingLimitations());
    g.writeEndObject();
  }

  private static void score(JsonGenerator g, ScoreReport r) throws IOException {
    g.writeStartObject();
    g.writeStringField("wallet", r.wallet());
    g.writeStringField("username", r.username());
    g.writeNumberField("score", r.score());
    g.writeStringField("scoreModelVersion", r.scoreModelVersion());
    g.writeStringField("riskLevel", r.riskLevel());
    g.writeStringField("badge", r.badge());
    Breakdown b = r.breakdown();
    if (b == null) {
      g.writeNullField("breakdown");
    } else {
      g.writeObjectFieldStart("breakdown");
      g.writeNumberField("globalWalletAge", b.globalWalletAge());
      g.writeNumberField("crossChainActivity", b.crossChainActivity());
      g.writeNumberField("arcActivity", b.arcActivity());
      g.writeNumberField("counterpartyDiversity", b.counterpartyDiversity());
      g.writeNumberField("verifiedAttestations", b.verifiedAttestations());
      g.writeNumberField("propagatedTrust", b.propagatedTrust());
      g.writeNumberField("transactionActivity", b.transactionActivity());
      g.writeNumberField("riskPenalty", b.riskPenalty());
      g.writeEndObject();
    }
    g.writeFieldName("activeChains");
    strings(g, r.activeChains());
    g.writeNumberField("totalTxCount", r.totalTxCount());
    g.writeNumberField("arcTxCount", r.arcTxCount());
    g.writeNumberField("globalWalletAgeDays", r.globalWalletAgeDays());
    if (r.attestations() == null) {
      g.writeNullField("attestations");
    } else {
      g.writeObjectFieldStart("attestations");
      g.writeNumberField("acceptedCount", r.attestations().acceptedCount());
      g.writeNumberField("uniqueCounterparties", r.attestations().uniqueCounterparties());
      g.writeEndObject();
    }
    g.writeStringField("cacheStatus", r.cacheStatus());
    instant(g, "lastIndexedAt", r.lastIndexedAt());
    g.writeBooleanField("refreshInProgress", r.refreshInProgress());
    g.writeBooleanField("refreshRecommended", r.refreshRecommended());
    exposure(g, r.exposure());
    g.writeEndObject();
  }

  private static void batch(JsonGenerator g, BatchResult b) throws IOException {
    g.writeStartObject();
    g.writeStringField("useCase", name(b.useCase()));
    g.writeStringField("decisionModelVersion", b.decisionModelVersion());
    BatchResult.Summary s = b.summary();
    g.writeObjectFieldStart("summary");
    g.writeNumberField("total", s.total());
    g.writeNumberField("allow", s.allow());
    g.writeNumberField("caution", s.caution());
    g.writeNumberField("block", s.block());
    g.writeNumberField("noScore", s.noScore());
    g.writeNumberField("invalid", s.invalid());
    g.writeNumberField("error", s.error());
    g.writeEndObject();
    g.writeArrayFieldStart("results");
    for (BatchRow r : b.results()) {
      g.writeStartObject();
      g.writeStringField("input", r.input());
      g.writeStringField("status", name(r.status()));
      g.writeStringField("wallet", r.wallet());
      g.writeStringField("username", r.username());
      g.writeStringField("decision", name(r.decision()));
      if (r.score() == null) {
        g.writeNullField("score");
      } else {
        g.writeNumberField("score", r.score());
      }
      g.writeStringField("riskLevel", r.riskLevel());
      g.writeFieldName("recommendedLimit");
      limit(g, r.recommendedLimit());
      g.writeFieldName("reasons");
      coded(g, r.reasons());
      g.writeFieldName("warnings");
      coded(g, r.warnings());
      g.writeStringField("note", r.note());
      exposure(g, r.exposure());
      g.writeEndObject();
    }
    g.writeEndArray();
    policy(g, b.policy());
    g.writeEndObject();
  }

  private static void limit(JsonGenerator g, RecommendedLimit l) throws IOException {
    if (l == null) {
      g.writeNull();
      return;
    }
    g.writeStartObject();
    g.writeNumberField("amountUsdc", l.amountUsdc());
    g.writeStringField("currency", l.currency());
    g.writeStringField("basis", l.basis());
    g.writeEndObject();
  }

  private static void coded(JsonGenerator g, List<Coded> list) throws IOException {
    if (list == null) {
      g.writeNull();
      return;
    }
    g.writeStartArray();
    for (Coded c : list) {
      g.writeStartObject();
      g.writeStringField("code", c.code());
      g.writeStringField("message", c.message());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void strings(JsonGenerator g, List<String> list) throws IOException {
    if (list == null) {
      g.writeNull();
      return;
    }
    g.writeStartArray();
    for (String s : list) {
      g.writeString(s);
    }
    g.writeEndArray();
  }

  /** As the shared mapper writes an Instant: ISO 8601 UTC text (Instant.toString), or null. */
  private static void instant(JsonGenerator g, String field, Instant at) throws IOException {
    g.writeStringField(field, at == null ? null : at.toString());
  }

  private static void bool(JsonGenerator g, String field, Boolean b) throws IOException {
    if (b == null) {
      g.writeNullField(field);
    } else {
      g.writeBooleanField(field, b);
    }
  }

  private static String name(Enum<?> e) {
    return e == null ? null : e.name();
  }
}
