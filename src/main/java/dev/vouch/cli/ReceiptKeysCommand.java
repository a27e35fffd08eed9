package dev.vouch.cli;

import dev.vouch.receipt.SigningKeys;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Receipt signing keys: {@code receipt-keys new [current.json]}. */
@Command(name = "receipt-keys", description = "Receipt signing keys (Ed25519 JWK sets).",
    subcommands = ReceiptKeysCommand.New.class)
final class ReceiptKeysCommand {

  @Command(name = "new", header = "Print a private Ed25519 JWK set with a new key first.",
      description = "Print a private Ed25519 JWK set for VOUCH_RECEIPTS_SIGNING_KEY: a new key first, then those of "
          + "<current.json> when given (rotation: the old keys stay published).")
  static final class New implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "<current.json>", description = "the JWK set in use now")
    Path current;

    @Override
    public Integer call() throws Exception {
      String existing;
      try {
        existing = current == null ? null : Files.readString(current);
      } catch (NoSuchFileException | AccessDeniedException e) {
        spec.commandLine().getErr().println(spec.qualifiedName() + ": " + current + ": "
            + (e instanceof NoSuchFileException ? "not found" : "not readable (permission denied)"));
        return 1;
      }
      spec.commandLine().getOut().println(SigningKeys.rotated(existing));
      return 0;
    }
  }
}
