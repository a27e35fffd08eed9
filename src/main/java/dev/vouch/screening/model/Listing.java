package dev.vouch.screening.model;

/** An address's entry on one screening list: the list's name and the label the list gives it. */
public record Listing(String list, String label) {}
