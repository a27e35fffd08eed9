package dev.vouch.cli;

import dev.vouch.config.ConfigLoader;
import dev.vouch.ops.Logs;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Level;

/** {@code java -jar vouch.jar ...}: the command tree of {@link VouchCommand}, configured from the environment. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    Logs.configure(Level.INFO);
    int status = VouchCommand.execute(settings -> {
      // Options such as serve --port act as their environment variables, over the real ones.
      Map<String, String> env = new HashMap<>(System.getenv());
      env.putAll(settings);
      return ConfigLoader.load(env);
    }, System.out, System.err, args);
    // serve returns only when stopped; a daemon thread must not keep a finished command alive.
    System.exit(status);
  }
}
