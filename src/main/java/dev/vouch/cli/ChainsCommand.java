package dev.vouch.cli;

import dev.vouch.chain.ChainVerification;
import dev.vouch.decision.model.Entries;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Chain sources: {@code chains verify}. */
@Command(name = "chains", description = "Check the chain sources of the catalogue.",
    subcommands = ChainsCommand.Verify.class)
final class ChainsCommand {

  @Command(name = "verify", header = "Ask every chain source once and check that the sources agree.",
      description = "Ask every source of every indexed chain once: chain id, head, methods, latency, and whether "
          + "the sources agree on a wallet's recent history. Exit 1 when an indexed chain has no working "
          + "history source.")
  static final class Verify implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--wallet", paramLabel = "<0x...>",
        description = "compare the sources on this wallet (default: a recent sender, when RPC is configured)")
    String wallet;

    @Option(names = "--json", description = "print the report as one JSON object")
    boolean json;

    @Override
    public Integer call() throws Exception {
      if (wallet != null && !Entries.isAddress(wallet)) {
        throw new ParameterException(spec.commandLine(),
            "--wallet needs a 0x address of 40 hex digits, not '" + wallet + "'");
      }
      ChainVerification.Report report = ChainVerification.run(VouchCommand.of(spec).config(), wallet);
      if (json) {
        spec.commandLine().getOut().println(Json.write(new JsonReport(report.ok(), report.problem(), report.chains())));
      } else {
        report.print(spec.commandLine().getOut());
      }
      return report.ok() ? 0 : 1;
    }
  }

  /** The JSON form: whether the command passed, first. */
  record JsonReport(boolean ok, String problem, java.util.List<ChainVerification.ChainReport> chains) {}
}
