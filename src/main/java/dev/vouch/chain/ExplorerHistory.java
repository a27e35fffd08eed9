package dev.vouch.chain;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the explorer-backed history sources (Etherscan, Blockscout) share: one client, named by
 * its configured source, and the walk's collection of entries kept once by hash across pages
 * (a page boundary or a narrowed range may serve the same transaction twice).
 */
abstract class ExplorerHistory implements HistorySource {

  final ExplorerClient client;

  ExplorerHistory(ExplorerClient client) {
    this.client = client;
  }

  @Override
  public final String name() {
    return client.source().name();
  }

  /** Entries in the order first read, each hash once. */
  static final class ByHash<T> {
    final List<T> entries = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();

    void add(String hash, T entry) {
      if (seen.add(hash)) {
        entries.add(entry);
      }
    }

    int size() {
      return entries.size();
    }
  }
}
