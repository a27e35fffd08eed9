package dev.vouch.config;

import java.util.Collection;
import java.util.Map;
import java.util.TreeSet;

/**
 * SPEC section 8 figures and the operation costs of section 4 (config key {@code budgets}).
 * Plans and operations are named by their strings: the budget capability owns those names and
 * checks that every one is configured ({@link #requireNames}), so configuration depends on no
 * capability.
 */
public record BudgetConfig(
    Tier anonymous,
    Map<String, Tier> plans,
    int batchRawFloor,
    int batchRawFactor,
    int receiptsPerMinute,
    int keyCacheSeconds,
    Map<String, Integer> costs,
    RedisTuning redis) {

  /** What one kind of caller gets: units per minute, daily start caps, batch rows after dedupe. */
  public record Tier(int perMinute, int dailyScans, int dailyReindex, int batchRows) {}

  /**
   * Budget keys live under {@code keyPrefix}; a Redis call slower than timeoutMillis counts as
   * down. {@code cluster} selects the Redis Cluster client for a single seed URL (a
   * comma-separated redis.url always does). {@code windowClock}: {@code server} (default) picks
   * windows by the Redis server's TIME; {@code instance} by this process's clock, which only
   * tests that move time should use. {@code leasePercent}: per-minute units are taken from Redis
   * in leases of this share of the budget, at most {@code leaseMaxUnits} (0 = no leases; a lease
   * of a single unit is not taken), see docs/budgets.md "Leases".
   */
  public record RedisTuning(String keyPrefix, int timeoutMillis, int retryMillis, boolean cluster, String windowClock,
      int leasePercent, long leaseMaxUnits) {

    public boolean serverClock() {
      return windowClock == null || windowClock.equals("server");
    }
  }

  public BudgetConfig {
    require(anonymous != null, "budgets.anonymous is required");
    require(plans != null, "budgets.plans is required");
    require(costs != null, "budgets.costs is required");
    require(redis != null && redis.keyPrefix() != null && redis.timeoutMillis() > 0 && redis.retryMillis() > 0,
        "budgets.redis needs keyPrefix, timeoutMillis and retryMillis");
    require(!redis.keyPrefix().contains("{") && !redis.keyPrefix().contains("}"),
        "budgets.redis.keyPrefix must not contain { or }: the caller is the hash tag of every budget key");
    require(redis.leasePercent() >= 0 && redis.leasePercent() <= 100 && redis.leaseMaxUnits() >= 0,
        "budgets.redis.leasePercent must be 0..100 and leaseMaxUnits 0 or more");
    require(redis.windowClock() == null || redis.windowClock().equals("server") || redis.windowClock().equals("instance"),
        "budgets.redis.windowClock must be server or instance");
    check("budgets.anonymous", anonymous);
    plans.forEach((plan, tier) -> check("budgets.plans." + plan, tier));
    costs.forEach((op, cost) -> require(cost != null && cost >= 0, "budgets.costs." + op + " must be 0 or more"));
    require(batchRawFloor >= 1 && batchRawFactor >= 1, "budgets.batchRawFloor and batchRawFactor must be positive");
    require(receiptsPerMinute >= 1, "budgets.receiptsPerMinute must be positive");
    require(keyCacheSeconds >= 0, "budgets.keyCacheSeconds must be 0 or more");
    plans = Map.copyOf(plans);
    costs = Map.copyOf(costs);
  }

  /** Fails, naming what is wrong, unless exactly these plans and operations have figures. */
  public void requireNames(Collection<String> planNames, Collection<String> operationNames) {
    require(plans.keySet().containsAll(planNames) && planNames.containsAll(plans.keySet()),
        "budgets.plans needs exactly " + new TreeSet<>(planNames) + ", not " + new TreeSet<>(plans.keySet()));
    require(costs.keySet().containsAll(operationNames) && operationNames.containsAll(costs.keySet()),
        "budgets.costs needs exactly every operation: " + new TreeSet<>(operationNames));
  }

  public Tier tier(String plan) {
    return plans.get(plan);
  }

  public int cost(String operation) {
    return costs.get(operation);
  }

  /** Raw entries before dedupe: 4 times the row cap, at least 200 (SPEC 8.4). */
  public int batchRawCap(Tier tier) {
    return Math.max(batchRawFloor, batchRawFactor * tier.batchRows());
  }

  private static void check(String path, Tier t) {
    require(t.perMinute() >= 1 && t.dailyScans() >= 0 && t.dailyReindex() >= 0 && t.batchRows() >= 1,
        path + ": perMinute and batchRows must be positive, daily caps 0 or more");
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
