package dev.vouch.identity;

import dev.vouch.error.ApiError;
import dev.vouch.graph.TrustGraphStore;
import dev.vouch.identity.model.Usernames;
import dev.vouch.score.model.RiskLevel;
import dev.vouch.score.model.ScoreModel;
import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** Public reads of registered identities: the profile (SPEC 2.8) and the directory. */
public final class Profiles {

  public static final int PAGE_DEFAULT = 25;
  public static final int PAGE_MAX = 50;

  private final IdentityStore store;
  private final TrustGraphStore trust;
  private final Clock clock;

  Profiles(IdentityStore store, TrustGraphStore trust, Clock clock) {
    this.store = store;
    this.trust = trust;
    this.clock = clock;
  }

  /** The lowercase username to look up, or INVALID_USERNAME. */
  public static String lookup(String raw) {
    return Usernames.lookup(raw).orElseThrow(() -> ApiError.badRequest("INVALID_USERNAME",
        "Provide a username of 2 to 64 characters in the form <name>.<suffix> (e.g. alice.vouch)."));
  }

  public Future<IdentityViews.Profile> profile(String username) {
    return store.profile(username).compose(found -> {
      IdentityStore.Profile p = found.orElseThrow(() -> ApiError.notFound("No registered username " + username + "."));
      return trust.read(p.wallet(), clock.instant()).map(t -> {
        var m = t.trustGraph().metrics();
        boolean cached = p.score() != null;
        String level = cached ? ScoreModel.riskLevel(p.score(), p.riskPenalty()).label() : RiskLevel.NO_EVIDENCE.label();
        return new IdentityViews.Profile(p.username(), p.wallet(), p.displayName(), p.createdAt(),
            cached ? p.score() : 0, cached ? p.scoreModelVersion() : ScoreModel.VERSION, level,
            cached ? p.walletAgeDays() : 0, cached ? p.activeChainCount() : 0, cached ? p.totalTxCount() : 0,
            p.committedAt(), cached ? "cached" : "indexing_required",
            new IdentityViews.Attestations(p.attestationCount()),
            new IdentityViews.Trust(m.trustedPeerCount(), m.reciprocalCount(), m.networkHealth(), m.trustConfidence()));
      });
    });
  }

  /** Registered usernames in ascending order, cursor-paginated. */
  public Future<IdentityViews.Directory> directory(int limit, String cursor) {
    String after = cursor == null ? "" : decode(cursor);
    return store.directory(after, limit).map(rows -> {
      boolean more = rows.size() > limit;
      List<IdentityViews.Listed> page = new ArrayList<>();
      for (IdentityStore.Listed r : rows.subList(0, Math.min(limit, rows.size()))) {
        page.add(new IdentityViews.Listed(r.username(), r.wallet(), r.displayName(), Claims.profileUrl(r.username()),
            r.createdAt()));
      }
      String next = more ? encode(page.get(page.size() - 1).username()) : null;
      return new IdentityViews.Directory(List.copyOf(page), new IdentityViews.Pagination(limit, next, more));
    });
  }

  static String encode(String username) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(("u:" + username).getBytes(StandardCharsets.UTF_8));
  }

  static String decode(String cursor) {
    try {
      String s = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
      if (s.startsWith("u:") && Usernames.lookup(s.substring(2)).isPresent()) {
        return s.substring(2);
      }
    } catch (IllegalArgumentException ignored) {
      // falls through to the refusal
    }
    throw ApiError.badRequest("INVALID_REQUEST", "The cursor does not decode; pass pagination.nextCursor as given.");
  }
}
