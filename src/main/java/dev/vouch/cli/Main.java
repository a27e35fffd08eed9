package dev.vouch.cli;

import dev.vouch.config.ConfigLoader;
import dev.vouch.ops.Logs;
import java.util.logging.Level;

/** {@code java -jar vouch.jar ...}: the command tree of {@link VouchCommand}, configured from the environment. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    Logs.configure(Level.INFO);
    int status = VouchCommand.execute(() -> ConfigLoader.load(System.getenv()), System.out, System.err, args);
    // serve returns only when stopped; a daemon thread must not keep a finished command alive.
    System.exit(status);
  }
}
