package dev.vouch.exposure;

/** A request for one wallet's exposure (bus message of {@code vouch.exposure.read}). */
public record ExposureQuery(String wallet) {}
