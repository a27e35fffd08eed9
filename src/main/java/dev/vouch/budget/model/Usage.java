package dev.vouch.budget.model;

/** A counter's value in its current window, and the store's clock that picked the window. */
public record Usage(long used, long atMillis) {}
