package dev.vouch.budget;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The in-memory key index: complete only after a load, announcements heard during a load are not lost. */
class KeyIndexTest {

  static String h(char c) {
    return String.valueOf(c).repeat(64);
  }

  @Test
  void notReadyUntilLoadedAndAgainOnceTheConnectionIsLost() {
    KeyIndex index = new KeyIndex();
    assertThat(index.ready()).isFalse();
    assertThat(index.size()).isEqualTo(-1);
    index.loading();
    index.loaded(List.of(h('a'), h('b')));
    assertThat(index.ready()).isTrue();
    assertThat(index.contains(h('a'))).isTrue();
    assertThat(index.contains(h('c'))).isFalse();
    index.lost();
    assertThat(index.ready()).isFalse();
    index.loading();
    index.failed();
    assertThat(index.ready()).isFalse();
  }

  @Test
  void announcementsDuringALoadAreAppliedOverItsRowsInOrder() {
    KeyIndex index = new KeyIndex();
    List<String> revoked = new ArrayList<>();
    index.loading();
    // Heard while the load's statement runs: its rows may or may not hold these changes.
    index.announced("+" + h('c'), revoked::add);
    index.announced("-" + h('a'), revoked::add);
    index.announced("+" + h('d'), revoked::add);
    index.announced("-" + h('d'), revoked::add);
    index.loaded(List.of(h('a'), h('b'), h('d')));
    assertThat(index.contains(h('a'))).as("revoked during the load").isFalse();
    assertThat(index.contains(h('b'))).isTrue();
    assertThat(index.contains(h('c'))).as("created during the load").isTrue();
    assertThat(index.contains(h('d'))).as("created and revoked during the load").isFalse();
    assertThat(revoked).containsExactly(h('a'), h('d'));
    // Garbage on the channel changes nothing.
    index.announced("*" + h('b'), revoked::add);
    index.announced("-" + "b".repeat(10), revoked::add);
    assertThat(index.contains(h('b'))).isTrue();
    assertThat(index.size()).isEqualTo(2);
  }
}
