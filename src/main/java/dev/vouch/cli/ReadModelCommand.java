package dev.vouch.cli;

import dev.vouch.score.ReadModelRebuild;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The decision/score read model ({@code wallet_reads}): {@code read-model rebuild} recomputes every
 * row from the tables under it, {@code read-model check} lists the rows that differ (exit 1 when
 * any does). Both run beside a live service: each chunk takes the writers' row locks.
 */
@Command(name = "read-model", description = "Rebuild or check the decision/score read model (wallet_reads).",
    subcommands = {ReadModelCommand.Rebuild.class, ReadModelCommand.Check.class})
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
