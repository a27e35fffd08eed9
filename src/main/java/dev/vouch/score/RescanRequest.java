package dev.vouch.score;

/**
 * The score read asking for a background rescan of a wallet with stale or no evidence (SPEC 3.1).
 * It lives with the score capability that sends it; indexing answers it, so the dependency runs
 * one way (indexing -> score).
 */
public record RescanRequest(String wallet, String ip) {}
