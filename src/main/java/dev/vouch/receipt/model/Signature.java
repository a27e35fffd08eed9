package dev.vouch.receipt.model;

/**
 * Detached compact JWS ({@code <header>..<signature>}, RFC 7515 appendix F) over the receipt's
 * canonical payload bytes; {@code kid} names the key in /.well-known/jwks.json.
 */
public record Signature(String alg, String kid, String jws) {}
