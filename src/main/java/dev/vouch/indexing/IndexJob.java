package dev.vouch.indexing;

/** A claimed job: kind intake|refresh|rescan|scheduled, mode first_index|reindex. */
public record IndexJob(long id, String wallet, String kind, String mode, int attempts) {}
