package dev.vouch.exposure.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * An exposure summary as stored on its snapshot (V82 snapshots.exposure) and carried by the read
 * model as text. Figures keep their scale both ways (USD to cents, shares to 4 decimals), so a
 * summary read back decides and hashes as the one the commit computed.
 */
public final class SummaryJson {

  private static final ObjectMapper MAPPER = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
      .configure(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS, true)
      // A tree keeps a decimal's scale (0.00 stays 0.00), as the figures are compared and hashed.
      .configure(com.fasterxml.jackson.databind.cfg.JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

  /** Most wallets share a few summaries (none, the same dust): each distinct text is parsed once. */
  private static final Cache<String, ExposureSummary> PARSED = Caffeine.newBuilder()
      .maximumSize(4096)
      .executor(Runnable::run)
      .build();

  static final String FIGURES = "figures";

  private SummaryJson() {}

  /** The summary's fields, then its figures (issue 32) under {@code figures} when it has them. */
  public static String write(ExposureSummary s) {
    try {
      com.fasterxml.jackson.databind.node.ObjectNode node = MAPPER.valueToTree(s);
      if (s.figures() != null) {
        node.set(FIGURES, MAPPER.valueToTree(s.figures()));
      }
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write an exposure summary", e);
    }
  }

  /** Null for null: a snapshot committed before exposure was stored. */
  public static ExposureSummary read(String json) {
    return json == null ? null : PARSED.get(json, SummaryJson::parse);
  }

  private static ExposureSummary parse(String json) {
    try {
      com.fasterxml.jackson.databind.JsonNode node = MAPPER.readTree(json);
      ExposureSummary s = MAPPER.treeToValue(node, ExposureSummary.class);
      com.fasterxml.jackson.databind.JsonNode f = node.get(FIGURES);
      return f == null || f.isNull() ? s : s.withFigures(MAPPER.treeToValue(f, ExposureFigures.class));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("unreadable exposure summary of a committed snapshot", e);
    }
  }
}
