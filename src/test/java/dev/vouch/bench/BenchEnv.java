package dev.vouch.bench;

import java.util.Map;

/** Configuration for load runs: budgets out of the way so the service itself is measured. */
final class BenchEnv {

  private BenchEnv() {}

  static Map<String, String> unmetered() {
    return dev.vouch.support.TestApp.UNMETERED;
  }
}
