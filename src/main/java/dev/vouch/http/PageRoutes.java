package dev.vouch.http;

import dev.vouch.budget.Authenticator;
import dev.vouch.budget.Meter;
import dev.vouch.budget.RateHeaders;
import dev.vouch.budget.model.Operation;
import dev.vouch.bus.Addresses;
import dev.vouch.bus.Failures;
import dev.vouch.decision.DecisionLookup;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.Entries;
import dev.vouch.decision.model.UseCase;
import dev.vouch.error.ApiError;
import dev.vouch.identity.IdentityServices;
import dev.vouch.identity.Profiles;
import dev.vouch.identity.model.Usernames;
import dev.vouch.indexing.ScanRequests;
import dev.vouch.exposure.ExposureQuery;
import dev.vouch.exposure.model.ExposureReport;
import dev.vouch.config.ChainConfig;
import dev.vouch.page.model.ChainLinks;
import dev.vouch.page.model.CheckPage;
import dev.vouch.page.model.ExposureView;
import dev.vouch.page.model.DecisionView;
import dev.vouch.page.model.ProfilePage;
import dev.vouch.page.model.ReceiptView;
import dev.vouch.page.model.TransferView;
import dev.vouch.transfer.TransferRequests;
import dev.vouch.receipt.ReceiptIds;
import dev.vouch.receipt.ReceiptRequests;
import dev.vouch.receipt.ReceiptSignatures;
import dev.vouch.receipt.model.Receipt;
import dev.vouch.score.Lookup;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;

/**
 * The pages people open (CONTRACT 8). Each page is metered like the read behind it and answers
 * bad input with the form and its error, never the JSON envelope. Forms are plain GET/POST, so
 * every page works without JavaScript.
 */
final class PageRoutes {

  private static final String UNKNOWN_USERNAME = "No one has registered this username.";
  private static final String UNKNOWN_RECEIPT = "No receipt has this id. Check the link you were given.";
  private static final String UNKNOWN_TRANSFER = "No transfer screening has this id. Check the link you were given.";
  private static final String BAD_QUERY =
      "Enter a wallet address (0x + 40 hex characters) or a registered username like alice.vouch.";

  private final Routes routes;
  private final Meter meter;
  private final Clock clock;
  private final Pages pages;
  private final String usernameSuffix;
  private final IdentityServices identity;
  private final ChainLinks chains;

  private PageRoutes(Routes routes, Meter meter, Clock clock, Pages pages, String usernameSuffix,
      IdentityServices identity, ChainLinks chains) {
    this.routes = routes;
    this.meter = meter;
    this.clock = clock;
    this.pages = pages;
    this.usernameSuffix = usernameSuffix;
    this.identity = identity;
    this.chains = chains;
  }

  static void install(Routes routes, Meter meter, Clock clock, String usernameSuffix,
      IdentityServices identity, List<ChainConfig> catalogue) {
    Pages pages = new Pages();
    // Names and explorers for the evidence (CONTRACT 6), the same catalogue the graph links with.
    ChainLinks chains = ChainLinks.of(catalogue.stream()
        .map(c -> new ChainLinks.Chain(c.chainId(), c.name(), c.symbol(), c.explorer())).toList());
    PageRoutes p = new PageRoutes(routes, meter, clock, pages, usernameSuffix, identity, chains);
    routes.addPage(HttpMethod.GET, "/check", p::check, pages::failure);
    routes.addPage(HttpMethod.POST, "/check/index", p::startIndexing, pages::failure);
    routes.addPage(HttpMethod.POST, "/check/receipt", p::mint, pages::failure);
    routes.addPage(HttpMethod.GET, "/check/r/:id", p::receipt, pages::failure);
    routes.addPage(HttpMethod.GET, "/check/t/:id", p::transfer, pages::failure);
    routes.addPage(HttpMethod.GET, "/u/:username", p::profile, pages::failure);
    routes.addOpen(HttpMethod.GET, "/static/vouch.css", ctx -> ctx.response()
        .putHeader(HttpHeaders.CONTENT_TYPE, "text/css; charset=utf-8")
        .putHeader(HttpHeaders.CACHE_CONTROL, "public, max-age=3600")
        .putHeader("X-Content-Type-Options", "nosniff")
        .sendFile("static/vouch.css"));
    routes.htmlNotFound(pages::notFound);
  }

  /** GET /check: the empty form, or the decision for ?q=wallet-or-username&useCase=. */
  private void check(RoutingContext ctx) {
    String q = trimmed(ctx.queryParams().get("q"));
    String rawUseCase = ctx.queryParams().get("useCase");
    if (q.isEmpty()) {
      UseCase shown = UseCase.parse(rawUseCase).orElse(UseCase.DEFAULT);
      pages.render(ctx, 200, "check.jte", CheckPage.form("", shown.name()));
      return;
    }
    String echoUseCase = UseCase.parse(rawUseCase).map(Enum::name).orElse(UseCase.DEFAULT.name());
    Future.succeededFuture()
        .map(v -> new DecisionLookup(lookup(q), Inputs.useCase(rawUseCase)))
        .compose(meter.charging(ctx, Operation.decisionRead))
        .compose(query -> routes.<Decision>ask(Addresses.DECISION_LOOKUP, query))
        // The exposure of the same wallet (issue 24), within the decision's charge: one page view.
        .compose(d -> routes.<ExposureReport>ask(Addresses.EXPOSURE_READ, new ExposureQuery(d.wallet()))
            .map(e -> CheckPage.of(q, DecisionView.of(d, clock.instant()), ExposureView.of(e, chains))))
        .onSuccess(page -> pages.render(ctx, 200, "check.jte", page))
        .onFailure(t -> formOrPage(ctx, t, q, echoUseCase));
  }

  /** POST /check/index: the "start indexing" button; runs the intake entry point for the caller. */
  private void startIndexing(RoutingContext ctx) {
    String wallet = trimmed(ctx.request().getFormAttribute("wallet"));
    String rawUseCase = ctx.request().getFormAttribute("useCase");
    if (crossSite(ctx)) {
      pages.error(ctx, 403, "Start indexing from the Vouch check page itself.");
      return;
    }
    Future.succeededFuture()
        .map(v -> new ScanRequests.Intake(Inputs.wallet(wallet), Authenticator.caller(ctx)))
        .compose(intake -> {
          UseCase useCase = Inputs.useCase(rawUseCase);
          return routes.<ScanRequests.Answer>ask(Addresses.INTAKE, intake)
              .map(a -> {
                if (a.charge() != null) {
                  RateHeaders.charged(ctx.response(), a.charge());
                }
                return checkUrl(intake.wallet(), useCase);
              });
        })
        .onSuccess(url -> ctx.response().setStatusCode(303).putHeader(HttpHeaders.LOCATION, url).end())
        .onFailure(t -> formOrPage(ctx, t, wallet, UseCase.parse(rawUseCase).orElse(UseCase.DEFAULT).name()));
  }

  /** POST /check/receipt: the "mint receipt" button; mints like the API, then shows the receipt. */
  private void mint(RoutingContext ctx) {
    String q = trimmed(ctx.request().getFormAttribute("q"));
    String rawUseCase = ctx.request().getFormAttribute("useCase");
    if (crossSite(ctx)) {
      pages.error(ctx, 403, "Mint receipts from the Vouch check page itself.");
      return;
    }
    Future.succeededFuture()
        .map(v -> new ReceiptRequests.Create(lookup(q), Inputs.useCase(rawUseCase)))
        .compose(meter.charging(ctx, Operation.receiptCreate))
        .compose(create -> routes.<ReceiptRequests.Minted>ask(Addresses.RECEIPT_CREATE, create))
        .onSuccess(m -> ctx.response().setStatusCode(303).putHeader(HttpHeaders.LOCATION, m.url()).end())
        .onFailure(t -> formOrPage(ctx, t, q, UseCase.parse(rawUseCase).orElse(UseCase.DEFAULT).name()));
  }

  /** GET /check/r/:id: the receipt, with its signature checked against the published keys. */
  private void receipt(RoutingContext ctx) {
    String id = ctx.pathParam("id");
    if (!ReceiptIds.isWellFormed(id)) {
      pages.error(ctx, 404, UNKNOWN_RECEIPT);
      return;
    }
    Future.succeededFuture(id)
        .compose(meter.charging(ctx, Operation.receiptRead))
        .compose(v -> routes.<Receipt>ask(Addresses.RECEIPT_READ, new ReceiptRequests.Read(id)))
        .compose(r -> routes.<ReceiptSignatures.Verification>ask(Addresses.RECEIPT_VERIFY, r)
            .compose(v -> exposureBehind(r)
                .map(e -> ReceiptView.of(r, v.valid(), v.kid(), v.detail(), shareUrl(ctx), e, chains))))
        .onSuccess(view -> pages.render(ctx, 200, "receipt.jte", view))
        .onFailure(t -> {
          if (Failures.unwrap(t) instanceof ApiError e && e.status() == 404) {
            pages.error(ctx, 404, UNKNOWN_RECEIPT);
          } else {
            pages.fail(ctx, t);
          }
        });
  }

  /**
   * GET /check/t/:id: a transfer screening as GET /api/v1/transfers/{id} answers it (a pending one
   * decided again), with its receipt checked when one was minted; metered as that read.
   */
  private void transfer(RoutingContext ctx) {
    String raw = ctx.pathParam("id");
    if (raw == null || !raw.matches("^[1-9][0-9]{0,17}$")) {
      pages.error(ctx, 404, UNKNOWN_TRANSFER);
      return;
    }
    long id = Long.parseLong(raw);
    Future.succeededFuture(id)
        .compose(meter.charging(ctx, Operation.transferRead))
        .compose(v -> routes.<TransferRequests.Page>ask(Addresses.TRANSFER_PAGE, new TransferRequests.PageRead(id)))
        .map(p -> TransferView.of(p.transfer(), p.receipt(), p.verification() != null && p.verification().valid(),
            p.verification() == null ? null : p.verification().kid(),
            p.verification() == null ? null : p.verification().detail(), chains))
        .onSuccess(view -> pages.render(ctx, 200, "transfer.jte", view))
        .onFailure(t -> {
          if (Failures.unwrap(t) instanceof ApiError e && e.status() == 404) {
            pages.error(ctx, 404, UNKNOWN_TRANSFER);
          } else {
            pages.fail(ctx, t);
          }
        });
  }

  /**
   * The wallet's exposure read for a receipt that attests a summary (within the receipt read's
   * charge, as the check page reads it within the decision's); none for one without.
   */
  private Future<ExposureReport> exposureBehind(Receipt r) {
    return r.payload().exposure() == null ? Future.succeededFuture(null)
        : routes.<ExposureReport>ask(Addresses.EXPOSURE_READ, new ExposureQuery(r.payload().wallet()));
  }

  /** GET /u/:username: the public profile, from the profile read (metered like it). */
  private void profile(RoutingContext ctx) {
    String raw = ctx.pathParam("username");
    if (Usernames.lookup(raw).isEmpty()) {
      pages.error(ctx, 404, UNKNOWN_USERNAME);
      return;
    }
    Future.succeededFuture(Profiles.lookup(raw))
        .compose(meter.charging(ctx, Operation.profileRead))
        .compose(identity.profiles()::profile)
        .onSuccess(p -> pages.render(ctx, 200, "profile.jte", new ProfilePage(p.username(), p.wallet(),
            p.displayName(), p.createdAt(), p.score(), p.riskLevel(), p.globalWalletAgeDays(),
            p.activeChainCount(), p.totalTxCount(), p.scoreUpdatedAt(),
            "cached".equals(p.dataSource()), p.attestations().count(), p.trust().trustedPeerCount(),
            p.trust().reciprocalCount(), p.trust().networkHealth(), p.trust().trustConfidence(),
            p.scoreModelVersion())))
        .onFailure(t -> {
          if (t instanceof ApiError r && r.status() == 404) {
            pages.error(ctx, 404, UNKNOWN_USERNAME);
          } else {
            pages.fail(ctx, t);
          }
        });
  }

  /** What was typed: an address (anything starting with 0x, CONTRACT 5) or a username to resolve. */
  private Lookup lookup(String q) {
    return switch (Entries.classify(q, usernameSuffix)) {
      case address -> Lookup.wallet(Inputs.wallet(q));
      case username -> Lookup.username(q);
      case invalid -> throw q.regionMatches(true, 0, "0x", 0, 2) ? ApiError.invalidWallet()
          : ApiError.invalidRequest(BAD_QUERY);
    };
  }

  /** The absolute address of this page, to hand to a counterparty. */
  private static String shareUrl(RoutingContext ctx) {
    String uri = ctx.request().absoluteURI();
    int query = uri.indexOf('?');
    return query < 0 ? uri : uri.substring(0, query);
  }

  /** Bad input and unknown names redraw the form with the error; anything else is an error page. */
  private void formOrPage(RoutingContext ctx, Throwable t, String q, String useCase) {
    ApiError e = Edge.refusal(ctx, t, 500);
    if (e.status() == 400 || e.status() == 404) {
      pages.render(ctx, e.status(), "check.jte", CheckPage.error(q, useCase, e.getMessage()));
    } else {
      pages.error(ctx, e.status(), e.getMessage());
    }
  }

  private static String checkUrl(String wallet, UseCase useCase) {
    return "/check?q=" + URLEncoder.encode(wallet, StandardCharsets.UTF_8) + "&useCase=" + useCase.name();
  }

  /** Browsers say where a form came from; a form on another site must not spend this caller's units. */
  private static boolean crossSite(RoutingContext ctx) {
    return "cross-site".equals(ctx.request().getHeader("Sec-Fetch-Site"));
  }

  private static String trimmed(String s) {
    return s == null ? "" : s.strip();
  }
}
