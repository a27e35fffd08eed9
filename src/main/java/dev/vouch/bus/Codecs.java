package dev.vouch.bus;

import dev.vouch.decision.BatchQuery;
import dev.vouch.decision.DecisionLookup;
import dev.vouch.decision.DecisionQuery;
import dev.vouch.decision.model.BatchResult;
import dev.vouch.decision.model.Decision;
import dev.vouch.score.ScoreQuery;
import dev.vouch.score.model.ScoreReport;
import io.vertx.core.Vertx;
import java.util.List;

/** Registers a local codec for every record that crosses the event bus, and for failure replies. */
public final class Codecs {

  private static final List<Class<?>> TYPES =
      List.of(DecisionQuery.class, DecisionLookup.class, Decision.class, BatchQuery.class, BatchResult.class, ScoreQuery.class,
          ScoreReport.class);

  private Codecs() {}

  public static void register(Vertx vertx, List<Class<?>> more) {
    Failures.register(vertx);
    for (Class<?> type : TYPES) {
      registerOne(vertx, type);
    }
    for (Class<?> type : more) {
      registerOne(vertx, type);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void registerOne(Vertx vertx, Class type) {
    vertx.eventBus().registerDefaultCodec(type, new LocalCodec(type));
  }
}
