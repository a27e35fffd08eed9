package dev.vouch.budget.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class WindowsTest {

  @Test
  void retryAfterCountsWholeSecondsToTheWindowEnd() {
    assertThat(Windows.secondsToMinuteEnd(Instant.parse("2026-11-22T12:00:00Z"))).isEqualTo(60);
    assertThat(Windows.secondsToMinuteEnd(Instant.parse("2026-11-22T12:00:45Z"))).isEqualTo(15);
    assertThat(Windows.secondsToMinuteEnd(Instant.parse("2026-11-22T12:00:59.001Z"))).isEqualTo(1);
    assertThat(Windows.secondsToMinuteEnd(Instant.parse("2026-11-22T12:00:58.500Z"))).isEqualTo(2);
  }

  @Test
  void windowsAreAlignedToTheMinute() {
    assertThat(Windows.minuteStart(Instant.parse("2026-11-22T12:00:59.999Z")))
        .isEqualTo(Instant.parse("2026-11-22T12:00:00Z").getEpochSecond());
    assertThat(Windows.minuteStart(Instant.parse("2026-11-22T12:01:00Z")))
        .isEqualTo(Instant.parse("2026-11-22T12:01:00Z").getEpochSecond());
  }

  @Test
  void dailyRetryAfterIsTheNextUtcMidnight() {
    assertThat(Windows.secondsToUtcMidnight(Instant.parse("2026-11-22T12:00:00Z"))).isEqualTo(43_200);
    assertThat(Windows.secondsToUtcMidnight(Instant.parse("2026-11-22T23:59:59.500Z"))).isEqualTo(1);
    assertThat(Windows.secondsToUtcMidnight(Instant.parse("2026-11-23T00:00:00Z"))).isEqualTo(86_400);
  }

  @Test
  void limitsKeyByWindowAndDayWithTheOwnerAsHashTag() {
    long noon = Instant.parse("2026-11-22T12:00:10Z").toEpochMilli();
    Limit minute = Limit.perMinute("units", "ip:1.2.3.4", 20, 1);
    assertThat(minute.draw().key(noon)).isEqualTo("m:units:{ip:1.2.3.4}:1795348800");
    assertThat(minute.draw().key(noon)).isEqualTo(minute.draw().key(noon + 49_999));
    assertThat(minute.draw().key(noon)).isNotEqualTo(minute.draw().key(noon + 50_000));
    Limit day = Limit.perDay("scanStarts", "ip:1.2.3.4", 25, 1);
    assertThat(day.draw().key(noon)).as("00:00 UTC of 2026-11-22").isEqualTo("d:scanStarts:{ip:1.2.3.4}:1795305600");
    assertThat(day.draw().key(Instant.parse("2026-11-22T23:59:59.999Z").toEpochMilli())).endsWith(":1795305600");
    assertThat(day.draw().key(Instant.parse("2026-11-23T00:00:00Z").toEpochMilli())).endsWith(":1795392000");
  }
}
