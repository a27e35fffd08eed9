package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.DailyCap;
import dev.vouch.budget.model.Limit;
import dev.vouch.budget.model.Operation;
import dev.vouch.budget.model.Plan;
import dev.vouch.budget.model.Usage;
import dev.vouch.config.BudgetConfig;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Budgets in the terms of SPEC section 8: callers, plans, operation costs and daily caps.
 * Refusals fail the future with {@link RateLimited} (nothing spent); the edge answers 429.
 *
 * <p>"Charge only when a scan starts" (intake, refresh): answer the free cases first, then
 * {@link #checkCap} (nothing spent), {@link #charge} the units, and {@link #countCap} at the
 * moment the job is created. Or {@link #startScan}, which does cap and units in one atomic
 * step. On a lost race, {@link #refund} each admission.
 */
public final class Metering {

  private static final String RECEIPTS = "receipts";

  private final Budgets budgets;
  private final BudgetConfig config;
  private final MeterRegistry registry;
  private final ExhaustedCallers exhausted;
  private final Map<Plan, BudgetConfig.Tier> tiers = new EnumMap<>(Plan.class);
  private final Map<Operation, Integer> costs = new EnumMap<>(Operation.class);

  /** Null when every admission asks the store (no Redis: the in-process store needs no leases). */
  private final Leases leases;

  Metering(Budgets budgets, BudgetConfig config, MeterRegistry registry) {
    this(budgets, config, registry, null);
  }

  Metering(Budgets budgets, BudgetConfig config, MeterRegistry registry, Leases leases) {
    this.leases = leases;
    config.requireNames(Arrays.stream(Plan.values()).map(Plan::name).toList(),
        Arrays.stream(Operation.values()).map(Operation::name).toList());
    for (Plan p : Plan.values()) {
      tiers.put(p, config.tier(p.name()));
    }
    for (Operation op : Operation.values()) {
      costs.put(op, config.cost(op.name()));
    }
    this.budgets = budgets;
    this.config = config;
    this.registry = registry;
    this.exhausted = new ExhaustedCallers(budgets.clock());
    // Every limit's refusals at 0 from the start, so a panel or an increase() sees the first one.
    registry.counter(BudgetMetrics.REFUSED, BudgetMetrics.TAG_LIMIT, Budgets.UNITS);
    registry.counter(BudgetMetrics.REFUSED, BudgetMetrics.TAG_LIMIT, RECEIPTS);
    for (DailyCap cap : DailyCap.values()) {
      registry.counter(BudgetMetrics.REFUSED, BudgetMetrics.TAG_LIMIT, cap.name());
    }
  }

  public BudgetConfig.Tier tier(Caller caller) {
    return caller.key().map(k -> tiers.get(k.plan())).orElse(config.anonymous());
  }

  /** Unique batch rows allowed after dedupe (SPEC 8.4). */
  public int batchRowCap(Caller caller) {
    return tier(caller).batchRows();
  }

  /** Raw batch entries allowed before dedupe. */
  public int batchRawCap(Caller caller) {
    return config.batchRawCap(tier(caller));
  }

  public Future<Admission> charge(Caller caller, Operation op) {
    return charge(caller, op, 1);
  }

  /**
   * Spends the operation's cost times {@code quantity} (batch rows) from the caller's per-minute
   * budget; a receipt creation also takes one of the caller's receipt creations per minute.
   */
  public Future<Admission> charge(Caller caller, Operation op, int quantity) {
    long cost = (long) costs.get(op) * quantity;
    if (cost <= 0) {
      return Future.succeededFuture(Admission.free());
    }
    RateLimited known = exhausted.refusal(caller.bucket(), cost);
    if (known != null) {
      registry.counter(BudgetMetrics.REFUSED, BudgetMetrics.TAG_LIMIT, Budgets.UNITS).increment();
      return Future.failedFuture(known);
    }
    Limit units = units(caller, cost);
    if (op != Operation.receiptCreate && leases != null && leases.leases(units)) {
      // Units alone, no other limit in the same step: spent from this instance's lease.
      return leases.spend(units).compose(a -> a.admitted()
          ? Future.succeededFuture(a) : Future.failedFuture(refusedUnits(units, a, cost)));
    }
    List<Limit> limits = new ArrayList<>(2);
    limits.add(units);
    if (op == Operation.receiptCreate) {
      limits.add(Limit.perMinute(RECEIPTS, caller.bucket(), config.receiptsPerMinute(), 1));
    }
    return admit(limits, cost);
  }

  /**
   * The score read's background rescan (SPEC 3.1): spends from the anonymous budget of the IP,
   * also on keyed requests. Never fails on refusal: a refused admission means "no rescan".
   */
  public Future<Admission> chargeRescan(String ip) {
    return budgets.spend(Caller.anonymousBucket(ip), config.anonymous().perMinute(),
        costs.get(Operation.scoreRescan));
  }

  /**
   * A key the database may not know (issue 25 item 5): one unit from the anonymous budget of the
   * caller's IP before the lookup, given back if the key exists. Made-up keys thus cost at most
   * the anonymous budget in lookups per IP, and get 429 after it.
   */
  public Future<Admission> chargeKeyAttempt(String ip) {
    return budgets.spend(Caller.anonymousBucket(ip), config.anonymous().perMinute(), 1);
  }

  /** Fails with RateLimited (Retry-After to 00:00 UTC) when the cap is reached; counts nothing. */
  public Future<Void> checkCap(Caller caller, DailyCap cap) {
    Limit limit = cap(caller, cap);
    return budgets.usage(limit).compose(u -> u.used() >= limit.limit()
        ? Future.failedFuture(refusedCap(cap, limit, Instant.ofEpochMilli(u.atMillis())))
        : Future.succeededFuture());
  }

  /** Counts one start against the cap, atomically with the check; refund it if the start is lost. */
  public Future<Admission> countCap(Caller caller, DailyCap cap) {
    return admit(List.of(cap(caller, cap)), 1);
  }

  /** Cap and units together: both or neither. The admission reports the per-minute budget. */
  public Future<Admission> startScan(Caller caller, DailyCap cap, Operation op) {
    long cost = costs.get(op);
    return admit(List.of(units(caller, cost), cap(caller, cap)), cost);
  }

  /**
   * Scan starts for many wallets at once (watchlist additions): as many as both the daily scan cap
   * and the per-minute units allow, up to {@code wanted}, counted and spent together; the
   * admission and how many it covers (0 and a free admission when none fit). The take itself is
   * the atomic all-or-nothing admission, so the cap holds whatever runs at once; the usage read
   * only sizes it. A take refused because a concurrent one spent part of what was read sizes it
   * again from the new usage (at most {@link #BULK_TRIES} times), so concurrent additions share
   * what is left instead of the later ones getting nothing.
   */
  public Future<BulkStart> startScans(Caller caller, int wanted) {
    return startScans(caller, wanted, BULK_TRIES);
  }

  /** Sizings of one bulk admission under contention before it settles for none. */
  static final int BULK_TRIES = 4;

  private Future<BulkStart> startScans(Caller caller, int wanted, int tries) {
    long cost = costs.get(Operation.intake(caller));
    Limit cap = cap(caller, DailyCap.scanStarts);
    Limit units = units(caller, cost);
    return Future.all(budgets.usage(cap), budgets.usage(units)).compose(f -> {
      long capLeft = cap.limit() - f.<Usage>resultAt(0).used();
      long unitsLeft = cost <= 0 ? Long.MAX_VALUE : (units.limit() - f.<Usage>resultAt(1).used()) / cost;
      int n = (int) Math.max(0, Math.min(wanted, Math.min(capLeft, unitsLeft)));
      if (n == 0) {
        return Future.succeededFuture(new BulkStart(0, Admission.free()));
      }
      List<Limit> limits = List.of(units(caller, cost * n), Limit.perDay(cap.purpose(), cap.owner(), cap.limit(), n));
      return budgets.take(limits).compose(a -> a.admitted() ? Future.succeededFuture(new BulkStart(n, a))
          : tries > 1 ? startScans(caller, wanted, tries - 1)
          : Future.succeededFuture(new BulkStart(0, Admission.free())));
    });
  }

  /** How many starts a bulk admission covers, and the admission to refund if they are not used. */
  public record BulkStart(int starts, Admission admission) {}

  public Future<Void> refund(Admission admission) {
    // Units spent from this instance's lease go back to it (no round trip, exact Remaining).
    if (leases != null && admission.ticket() != null && admission.ticket().leased()
        && leases.giveBack(admission.ticket())) {
      return Future.succeededFuture();
    }
    return budgets.refund(admission);
  }

  private Limit units(Caller caller, long cost) {
    return Limit.perMinute(Budgets.UNITS, caller.bucket(), tier(caller).perMinute(), cost);
  }

  private Limit cap(Caller caller, DailyCap cap) {
    BudgetConfig.Tier tier = tier(caller);
    long max = cap == DailyCap.scanStarts ? tier.dailyScans() : tier.dailyReindex();
    return Limit.perDay(cap.name(), caller.bucket(), max, 1);
  }

  private Future<Admission> admit(List<Limit> limits, long cost) {
    return budgets.take(limits).map(a -> leases == null ? a : leases.observe(limits.get(0), a)).compose(a -> {
      if (a.admitted()) {
        return Future.succeededFuture(a);
      }
      Limit refused = limits.get(a.refusedBy());
      registry.counter(BudgetMetrics.REFUSED, BudgetMetrics.TAG_LIMIT, refused.purpose()).increment();
      if (refused.period() == Limit.Period.day) {
        return Future.failedFuture(RateLimited.dailyCap(describe(refused), refused.limit(), a.retryAfterSeconds()));
      }
      if (refused.purpose().equals(RECEIPTS)) {
        return Future.failedFuture(RateLimited.receipts(refused.limit(), a.retryAfterSeconds()));
      }
      if (refused.purpose().equals(Budgets.UNITS)) {
        exhausted.remember(refused.owner(), a);
      }
      return Future.failedFuture(RateLimited.perMinute(cost, a.limit(), a.remaining(), a.retryAfterSeconds()));
    });
  }

  private RateLimited refusedUnits(Limit units, Admission refused, long cost) {
    registry.counter(BudgetMetrics.REFUSED, BudgetMetrics.TAG_LIMIT, Budgets.UNITS).increment();
    exhausted.remember(units.owner(), refused);
    return RateLimited.perMinute(cost, refused.limit(), refused.remaining(), refused.retryAfterSeconds());
  }

  private RateLimited refusedCap(DailyCap cap, Limit limit, Instant storeNow) {
    registry.counter(BudgetMetrics.REFUSED, BudgetMetrics.TAG_LIMIT, cap.name()).increment();
    return RateLimited.dailyCap(describe(limit), limit.limit(), limit.retryAfterSeconds(storeNow));
  }

  private static String describe(Limit limit) {
    return limit.purpose().equals(DailyCap.reindexStarts.name()) ? "re-index starts" : "scan starts";
  }
}
