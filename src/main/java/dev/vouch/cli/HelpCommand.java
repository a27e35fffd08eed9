package dev.vouch.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code help [command...]}: the usage of any command. picocli's own help command accepts any
 * flag silently; this one refuses what it does not know, like every other command.
 */
@Command(name = "help", description = "Print the usage of vouch or of a command (help keys create).")
final class HelpCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Parameters(arity = "0..*", paramLabel = "<command>", description = "a command path, e.g. keys create")
  List<String> path = new ArrayList<>();

  @Override
  public Integer call() {
    CommandLine target = spec.root().commandLine();
    for (String name : path) {
      CommandLine next = target.getSubcommands().get(name);
      if (next == null) {
        throw new ParameterException(spec.commandLine(), "unknown command '" + name + "' under '"
            + target.getCommandSpec().qualifiedName() + "'; commands there: " + target.getSubcommands().keySet());
      }
      target = next;
    }
    target.usage(spec.commandLine().getOut());
    return 0;
  }
}
