package dev.vouch.budget;

/** Meter names of the budget capability (Prometheus adds _total to counters). */
public final class BudgetMetrics {

  /** Budget operations answered per instance because Redis was unreachable. */
  public static final String FALLBACK = "vouch.budget.fallback";
  /** 1 while budgets run per instance because Redis is unreachable. */
  public static final String DEGRADED = "vouch.budget.degraded";
  /** Takes Redis ran after their timeout (the fallback had answered): given back, not counted twice. */
  public static final String LATE_TAKES_UNDONE = "vouch.budget.late.takes.undone";
  /** Refused admissions, tagged with the limit that refused. */
  public static final String REFUSED = "vouch.budget.refused";
  /** API key lookups that reached the database (cache misses), tagged result=found|missing. */
  public static final String KEY_LOOKUPS = "vouch.api.key.lookups";
  /** Live keys held in memory by the key index; -1 while it is not complete (lookups are charged then). */
  public static final String KEY_INDEX = "vouch.api.key.index.keys";
  public static final String TAG_RESULT = "result";

  public static final String TAG_LIMIT = "limit";

  private BudgetMetrics() {}
}
