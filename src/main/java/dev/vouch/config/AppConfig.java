package dev.vouch.config;

import java.util.List;

/** Typed view of config/application.yaml after environment overrides. */
public record AppConfig(
    Role role,
    Http http,
    Database database,
    Redis redis,
    Models models,
    String chainsFile,
    List<ChainConfig> chains,
    BudgetConfig budgets) {

  public enum Role {
    api, worker, all;

    public boolean runsApi() {
      return this != worker;
    }

    public boolean runsWorker() {
      return this != api;
    }
  }

  public record Http(
      String host,
      int port,
      int instances,
      long bodyLimitBytes,
      int shutdownGraceSeconds,
      List<String> trustedProxies) {}

  public record Database(String url, int poolSize, String embeddedDataDir, int embeddedPort) {
    public boolean embedded() {
      return url == null || url.isBlank();
    }
  }

  public record Redis(String url) {
    public boolean configured() {
      return url != null && !url.isBlank();
    }
  }

  public record Models(
      int staleAfterHours, String usernameSuffix, long homeChainId, List<String> flaggedAddresses) {}

  public AppConfig withDatabaseUrl(String url) {
    return new AppConfig(
        role, http,
        new Database(url, database.poolSize(), database.embeddedDataDir(), database.embeddedPort()),
        redis, models, chainsFile, chains, budgets);
  }

  public AppConfig withHttpPort(int port) {
    return new AppConfig(
        role,
        new Http(http.host(), port, http.instances(), http.bodyLimitBytes(),
            http.shutdownGraceSeconds(), http.trustedProxies()),
        database, redis, models, chainsFile, chains, budgets);
  }

  public AppConfig withRole(Role newRole) {
    return new AppConfig(newRole, http, database, redis, models, chainsFile, chains, budgets);
  }

  public AppConfig withChains(List<ChainConfig> newChains) {
    return new AppConfig(role, http, database, redis, models, chainsFile, newChains, budgets);
  }
}
