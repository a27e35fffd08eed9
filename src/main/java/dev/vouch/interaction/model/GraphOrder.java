package dev.vouch.interaction.model;

/** The two orders of SPEC 4.9: address ascending (paged) and activity (one ranked page). */
public enum GraphOrder { ADDRESS, ACTIVITY }
