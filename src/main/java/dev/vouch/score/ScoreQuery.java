package dev.vouch.score;

/** A validated score read of a lowercase wallet; clientIp is for the rescan budget. */
public record ScoreQuery(String wallet, String clientIp) {}
