package dev.vouch.cli;

import dev.vouch.score.ReadModelBackfill;
import dev.vouch.score.ReadModelRebuild;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The decision/score read model ({@code wallet_reads}): {@code read-model rebuild} recomputes every
 * row from the tables under it, {@code read-model check} lists the rows that differ (exit 1 when
 * any does), {@code read-model backfill} recomputes the kept rows in resumable chunks. All run beside a live service: each chunk takes the writers' row locks.
 */
@Command(name = "read-model", description = "Rebuild or check the decision/score read model (wallet_reads).",
    subcommands = {ReadModelCommand.Rebuild.class, ReadModelCommand.Check.class, ReadModelCommand.Backfill.class})
final class ReadModelCommand {

  @Command(name = "rebuild", header = "Recompute every wallet_reads row and print how many differed.",
      description = "Recompute every wallet_reads row from the tables, in chunks of 1,000 wallets, and print how "
          + "many differed. Safe beside a running service.")
  static final class Rebuild implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      return run(spec, "rebuild");
    }
  }

  @Command(name = "check",
      description = "List the wallets whose wallet_reads row differs from the tables; exit 1 when any does.")
  static final class Check implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      return run(spec, "check");
    }
  }

  @Command(name = "backfill", header = "Recompute wallet_reads rows online, in short chunks (resumable).",
      description = "Recompute the existing wallet_reads rows in address order, <chunk> per short transaction, to "
          + "fill a column added nullable online (docs/operations.md). Prints the last address of every "
          + "chunk; rerun with --after <address> to resume.")
  static final class Backfill implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--chunk", defaultValue = "1000", paramLabel = "<rows>", description = "rows per transaction (default 1000)")
    int chunk;

    @Option(names = "--after", defaultValue = "", paramLabel = "<address>", description = "resume after this address")
    String after;

    @Option(names = "--rows-per-second", defaultValue = "0", paramLabel = "<rows>",
        description = "pace the backfill to at most this many rows a second (default 0: as fast as it goes); "
            + "on a small primary an unpaced backfill takes CPU and WAL from the reads (docs/operations.md)")
    int rowsPerSecond;

    @Override
    public Integer call() throws Exception {
      if (chunk < 1 || chunk > 100_000) {
        spec.commandLine().getErr().println("--chunk must be between 1 and 100000, not " + chunk);
        return 2;
      }
      if (rowsPerSecond < 0) {
        spec.commandLine().getErr().println("--rows-per-second must be 0 (unpaced) or more, not " + rowsPerSecond);
        return 2;
      }
      PrintWriter out = spec.commandLine().getOut();
      return CommandDatabase.withConnection(VouchCommand.of(spec).config(), c -> {
        long started = System.nanoTime();
        long rows = ReadModelBackfill.run(c, after, chunk, p -> {
          out.println("backfilled " + p.total() + " rows through " + p.last());
          out.flush();
          if (rowsPerSecond > 0) {
            // Ahead of the pace: wait until the rows done so far are due (an operator command's own thread).
            long dueNanos = p.total() * 1_000_000_000L / rowsPerSecond - (System.nanoTime() - started);
            if (dueNanos > 0) {
              try {
                Thread.sleep(dueNanos / 1_000_000, (int) (dueNanos % 1_000_000));
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("backfill interrupted after " + p.last(), e);
              }
            }
          }
        });
        long ms = (System.nanoTime() - started) / 1_000_000;
        // The duration and rate, for planning the same backfill on a larger table (bench/online-change.sh).
        out.println("backfill done: " + rows + " rows recomputed in " + ms + " ms ("
            + (ms == 0 ? rows : rows * 1000 / ms) + " rows/s)");
        out.flush();
        return 0;
      });
    }
  }

  /** ReadModelRebuild prints to streams; picocli hands out writers (which the tests capture). */
  private static int run(CommandSpec spec, String what) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      return CommandDatabase.withConnection(VouchCommand.of(spec).config(),
          c -> ReadModelRebuild.run(c, List.of(what), new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8)));
    } finally {
      spec.commandLine().getOut().print(out.toString(StandardCharsets.UTF_8));
      spec.commandLine().getOut().flush();
      spec.commandLine().getErr().print(err.toString(StandardCharsets.UTF_8));
      spec.commandLine().getErr().flush();
    }
  }
}
