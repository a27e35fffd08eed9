package dev.vouch.identity;

import dev.vouch.chain.ChainCheck;
import dev.vouch.config.AppConfig;
import dev.vouch.monitoring.DecisionWatch;
import dev.vouch.graph.TrustGraphStore;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import dev.vouch.store.Gateway;
import java.time.Clock;

/**
 * The identity capability as the edge calls it: claims, attestations, profiles and the trust
 * read. Stateless and safe from any event loop (the pool and web client are shared).
 */
public record IdentityServices(Claims claims, Attestations attestations, Profiles profiles, TrustGraphStore trust,
    Clock clock) {

  public static IdentityServices create(Vertx vertx, Gateway db, AppConfig config, Clock clock, DecisionWatch watch) {
    WebClient web = WebClient.create(vertx, new WebClientOptions().setFollowRedirects(false)
        .setUserAgent("vouch-identity").setKeepAlive(true));
    ChainCheck chains = new ChainCheck(vertx, web, config.indexing());
    IdentityStore store = new IdentityStore(db, watch,
        wallets -> dev.vouch.bus.WalletsChanged.changed(vertx, wallets));
    TrustGraphStore trust = new TrustGraphStore(db);
    return new IdentityServices(new Claims(store, chains, clock, config), new Attestations(store, chains, clock, config),
        new Profiles(store, trust, clock), trust, clock);
  }
}
