package dev.vouch.indexing;

/**
 * Who asks for a scan: the client IP and, with a valid API key, the key's id and plan. Mirrors
 * dev.vouch.budget.model.Caller (issue 3), which replaces it when the budget module lands.
 */
public record ScanCaller(String ip, Long keyId, String plan) {

  public static ScanCaller anonymous(String ip) {
    return new ScanCaller(ip, null, null);
  }

  public boolean keyed() {
    return keyId != null;
  }
}
