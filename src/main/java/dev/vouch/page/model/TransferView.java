package dev.vouch.page.model;

import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Verdict;
import dev.vouch.transfer.TransferReceipt;
import dev.vouch.transfer.TransferRecord;
import dev.vouch.transfer.model.CounterpartyEvidence;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A transfer screening as /check/t/{id} shows it to a person: the chain by name, the hash linked to
 * the chain's explorer, the amount in whole units with thousands separators, who sent what to
 * whom, the verdict (or why it is still pending) and, when one was minted, its receipt checked.
 */
public record TransferView(
    long id,
    boolean pending,
    String verdictClass,
    String title,
    String sentence,
    String chain,
    String txHash,
    String txUrl,
    Long logIndex,
    String direction,
    String address,
    String counterparty,
    String counterpartyUrl,
    String amount,
    String amountUsd,
    String asset,
    long block,
    String confirmations,
    List<Coded> reasons,
    List<Coded> warnings,
    String evidence,
    String modelVersion,
    String screenedAt,
    Receipt receipt,
    // The customer policy the screening was decided under (issue 32 item 3); null for the default.
    dev.vouch.decision.model.PolicyRef policy) {

  /** The receipt minted of this screening and how its check went. */
  public record Receipt(String id, String createdAt, String payloadHash, boolean verified, String kid, String words,
      String jsonUrl) {}

  public static TransferView of(TransferRecord t, TransferReceipt r, boolean verified, String kid, String detail,
      ChainLinks chains) {
    boolean pending = !"screened".equals(t.status());
    Verdict v = t.verdict();
    String title = pending ? "Pending" : Words.verdictTitle(v);
    String sentence = pending ? "Not decided yet: " + t.reasons().stream().map(Coded::message)
        .collect(Collectors.joining(" ")) : switch (v) {
          case allow -> "Nothing in the evidence stands against this transfer.";
          case caution -> "Review this transfer before you credit or send more: the reasons are below.";
          case block -> "Do not credit or send this transfer: the reasons are below.";
        };
    boolean received = "received".equals(t.direction());
    String direction = received ? "Received by " + t.address() + " from the counterparty"
        : "Sent from " + t.address() + " to the counterparty";
    return new TransferView(t.id(), pending, pending ? "pending" : v.name(), title, sentence, chains.name(t.chainId()),
        t.txHash(), chains.txUrl(t.chainId(), t.txHash()), t.logIndex(), direction, t.address(), t.counterparty(),
        chains.addressUrl(t.chainId(), t.counterparty()), amount(t, chains), usd(t.amountUsd()), asset(t, chains),
        t.block(), t.confirmations() + " of " + t.requiredConfirmations() + " required",
        t.reasons(), Words.forPeople(t.warnings()), evidence(t.counterpartyEvidence()), t.modelVersion(),
        pending ? null : Words.utc(t.updatedAt()),
        r == null ? null : new Receipt(r.id(), Words.utc(r.createdAt()), r.payloadHash(), verified, kid,
            verified ? "Signature verified" : "Not verified: " + detail, "/api/v1/transfer-receipts/" + r.id()),
        t.policy());
  }

  /** Whole units with thousands separators (1,234.567891 USDC); an unregistered token's raw base units. */
  static String amount(TransferRecord t, ChainLinks chains) {
    BigInteger base = new BigInteger(t.amount());
    if (t.decimals() == null) {
      return grouped(new BigDecimal(base), 0) + " base units (unregistered token, decimals unknown)";
    }
    String symbol = t.symbol() != null ? t.symbol() : chains.symbol(t.chainId());
    return grouped(new BigDecimal(base, t.decimals()), 0) + (symbol == null ? "" : " " + symbol);
  }

  static String usd(BigDecimal usd) {
    if (usd == null) {
      return null;
    }
    return grouped(usd, 2) + " USD";
  }

  private static String asset(TransferRecord t, ChainLinks chains) {
    if (t.token() == null) {
      return "Native " + (chains.symbol(t.chainId()) == null ? "coin" : chains.symbol(t.chainId()));
    }
    return (t.valued() ? "Registered token " + t.symbol() : "Unregistered token (not valued)") + " at " + t.token();
  }

  /** Exact: every significant decimal, at least {@code minFraction}, thousands separated. */
  static String grouped(BigDecimal v, int minFraction) {
    int scale = Math.max(minFraction, Math.max(0, v.stripTrailingZeros().scale()));
    DecimalFormat f = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
    f.setMinimumFractionDigits(scale);
    f.setMaximumFractionDigits(scale);
    return f.format(v);
  }

  private static String evidence(CounterpartyEvidence e) {
    if (e == null) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    b.append(e.labels().isEmpty() ? "No labels on this chain. "
        : "Labelled " + e.labels().stream().map(Enum::name).collect(Collectors.joining(", ")) + ". ");
    if (!e.indexed()) {
      b.append("Never indexed when screened.");
    } else {
      b.append("Its own decision was ").append(e.decision()).append(" (score ").append(e.score()).append(")");
      if (e.reasonCodes() != null && !e.reasonCodes().isEmpty()) {
        b.append(", reasons ").append(String.join(", ", e.reasonCodes()));
      }
      b.append(e.lastIndexedAt() == null ? "." : ", on evidence indexed " + Words.utc(e.lastIndexedAt()) + ".");
    }
    return b.toString();
  }
}
