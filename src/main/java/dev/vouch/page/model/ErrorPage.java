package dev.vouch.page.model;

/** A page for an answer that is not the page asked for: 404, 429, 5xx... */
public record ErrorPage(int status, String title, String message, String requestId) {

  public static String title(int status) {
    return switch (status) {
      case 400 -> "That request could not be read";
      case 401, 403 -> "Not allowed";
      case 404 -> "Not found";
      case 413 -> "Too large";
      case 429 -> "Too many requests";
      case 503 -> "Temporarily unavailable";
      default -> status >= 500 ? "Something went wrong" : "Cannot answer that";
    };
  }
}
