package dev.vouch.exposure.model;

/** in: the counterparty paid the wallet (source of funds); out: the wallet paid it (destination). */
public enum Direction { in, out }
