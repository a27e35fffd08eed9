package dev.vouch.indexing;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import dev.vouch.ops.Metrics;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/** Meters of the job worker: runs by kind and result, the shared queue, snapshot commits. */
final class IndexingMetrics {

  /** Jobs of the whole deployment by state (queued, running, failed_1d), polled from PostgreSQL. */
  static final String JOBS = "vouch.index.jobs";
  /** Jobs this worker process is running now. */
  static final String RUNNING_LOCAL = "vouch.index.jobs.running.local";
  /** One run of a job, by kind and result (committed, failed, lease_lost, abandoned, error). */
  static final String RUN = "vouch.index.job.duration";
  /** The transaction that marks a job done and commits its snapshot. */
  static final String COMMIT = "vouch.snapshot.commit";

  private final MeterRegistry registry;
  final AtomicLong queued = new AtomicLong();
  final AtomicLong running = new AtomicLong();
  final AtomicLong failedDay = new AtomicLong();
  final AtomicLong runningLocal = new AtomicLong();

  IndexingMetrics(MeterRegistry registry) {
    this.registry = registry;
    Gauge.builder(JOBS, queued, AtomicLong::get).tag("state", "queued").register(registry);
    Gauge.builder(JOBS, running, AtomicLong::get).tag("state", "running").register(registry);
    Gauge.builder(JOBS, failedDay, AtomicLong::get).tag("state", "failed_1d").register(registry);
    Gauge.builder(RUNNING_LOCAL, runningLocal, AtomicLong::get).register(registry);
    // Every series at 0 from the start, so a panel or an increase() sees the first run.
    for (String kind : KINDS) {
      for (String result : RESULTS) {
        runTimer(kind, result);
      }
    }
    commitTimer(registry);
  }

  /** The job kinds index_jobs allows (its CHECK constraint, V10, V114). */
  static final List<String> KINDS = List.of("intake", "refresh", "rescan", "scheduled", "claim", "attestation", "retry",
      "trace");
  /** A run's results: the pipeline's, and {@code error} for a run that failed outright. */
  static final List<String> RESULTS = Stream.concat(
      Arrays.stream(Pipeline.Result.values()).map(r -> r.name().toLowerCase(Locale.ROOT)), Stream.of("error")).toList();

  void counts(JobStore.Counts c) {
    queued.set(c.queued());
    running.set(c.running());
    failedDay.set(c.failedSince());
  }

  void run(String kind, String result, long nanos) {
    runTimer(kind, result).record(Duration.ofNanos(nanos));
  }

  private Timer runTimer(String kind, String result) {
    return Timer.builder(RUN).tag("kind", kind).tag("result", result)
        .serviceLevelObjectives(Metrics.JOB_SLO).register(registry);
  }

  static void commit(MeterRegistry registry, long nanos) {
    commitTimer(registry).record(Duration.ofNanos(nanos));
  }

  private static Timer commitTimer(MeterRegistry registry) {
    return Timer.builder(COMMIT).serviceLevelObjectives(Metrics.JOB_SLO).register(registry);
  }
}
