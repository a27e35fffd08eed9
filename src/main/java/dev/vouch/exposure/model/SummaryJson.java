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
      .configure(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS, true);

  /** Most wallets share a few summaries (none, the same dust): each distinct text is parsed once. */
  private static final Cache<String, ExposureSummary> PARSED = Caffeine.newBuilder()
      .maximumSize(4096)
      .executor(Runnable::run)
      .build();

  private SummaryJson() {}

  public static String write(ExposureSummary s) {
    try {
      return MAPPER.writeValueAsString(s);
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
      return MAPPER.readValue(json, ExposureSummary.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("unreadable exposure summary of a committed snapshot", e);
    }
  }
}
