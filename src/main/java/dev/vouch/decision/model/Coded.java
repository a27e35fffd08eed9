package dev.vouch.decision.model;

/** A reason or warning: a stable code and a sentence for people. */
public record Coded(String code, String message) {}
