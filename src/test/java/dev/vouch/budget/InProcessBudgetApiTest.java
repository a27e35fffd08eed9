package dev.vouch.budget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Observe;
import dev.vouch.support.TestApp;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The embedded default: no Redis configured, budgets in process, same answers. */
class InProcessBudgetApiTest {

  static final String PATH = "/api/v1/score/0x" + "34".repeat(20);
  static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void readsAreMeteredWithoutRedisAndReadinessSaysWhere() {
    assertThat(app.app.config().redis().configured()).isFalse();
    for (int i = 19; i >= 0; i--) {
      assertThat(app.get(PATH).getHeader("X-RateLimit-Remaining")).isEqualTo(Integer.toString(i));
    }
    var refused = app.get(PATH);
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(refused.getHeader("Retry-After")).isEqualTo("60");
    app.clock.advance(Duration.ofMinutes(1));
    assertThat(app.get(PATH).statusCode()).isEqualTo(200);

    JsonObject budgets = Observe.readyCheck(app, "budgets");
    assertThat(budgets.getJsonObject("data").getString("store")).isEqualTo("in-process");
    assertThat(budgets.getJsonObject("data").getBoolean("degraded")).isFalse();
  }
}
