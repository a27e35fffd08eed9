package dev.vouch.monitoring.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DeliveryScheduleTest {

  static final Instant T = Instant.parse("2026-11-22T12:00:00Z");
  static final DeliverySchedule S = new DeliverySchedule(Duration.ofSeconds(5), Duration.ofHours(1),
      Duration.ofHours(26), 50, Duration.ofHours(24));

  @Test
  void waitsDoubleFromTheBaseAndStopAtTheMaximum() {
    assertThat(S.retryAt(T, 1)).isEqualTo(T.plusSeconds(5));
    assertThat(S.retryAt(T, 2)).isEqualTo(T.plusSeconds(10));
    assertThat(S.retryAt(T, 10)).isEqualTo(T.plusSeconds(5 * 512));
    assertThat(S.retryAt(T, 11)).isEqualTo(T.plusSeconds(3600));
    assertThat(S.retryAt(T, 1000)).isEqualTo(T.plusSeconds(3600));
  }

  @Test
  void retriesGoOnForAtLeast24HoursThenGiveUp() {
    Instant event = T;
    Instant now = event;
    int attempts = 0;
    while (true) {
      attempts++;
      Instant next = S.retryAt(now, attempts);
      if (S.givesUp(event, next)) {
        break;
      }
      now = next;
    }
    assertThat(Duration.between(event, now)).isGreaterThanOrEqualTo(Duration.ofHours(24))
        .isLessThanOrEqualTo(Duration.ofHours(26));
    assertThat(attempts).isBetween(30, 40);
  }

  @Test
  void anEndpointIsDisabledOnlyAfterBothTheStreakAndTheTime() {
    assertThat(S.disables(50, T, T.plus(Duration.ofHours(24)))).isTrue();
    assertThat(S.disables(49, T, T.plus(Duration.ofHours(48)))).isFalse();
    assertThat(S.disables(500, T, T.plus(Duration.ofHours(24)).minusSeconds(1))).isFalse();
    assertThat(S.disables(500, null, T)).isFalse();
  }
}
