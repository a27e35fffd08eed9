package dev.vouch.decision.model;

/** SPEC 2.2 recommended limit; amounts are whole USDC. */
public record RecommendedLimit(long amountUsdc, String currency, String basis) {}
