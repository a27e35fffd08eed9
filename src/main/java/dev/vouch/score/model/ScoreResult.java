package dev.vouch.score.model;

/** Output of the score model for one wallet. */
public record ScoreResult(int score, Breakdown breakdown, RiskLevel riskLevel, String modelVersion) {}
