package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Issue 35, item 9: which provider refusals make the Transfer-log walk ask a narrower range. Only
 * a refusal that names the range or the answer's size; a rate limit fails the read transiently.
 * The texts are providers' own (Infura, Alchemy, QuickNode, Ankr, public nodes).
 */
class LogRangeRefusalTest {

  static RpcException rpc(int code, String message) {
    return RpcException.fromJsonRpc(code, message);
  }

  @Test
  void rangeAndSizeRefusalsAreTooWide() {
    assertThat(TransferLogReader.tooWide(rpc(-32005, "query returned more than 10000 results"))).isTrue();
    assertThat(TransferLogReader.tooWide(rpc(-32602, "Log response size exceeded. You can make eth_getLogs requests"
        + " with up to a 2K block range and no limit on the response size"))).isTrue();
    assertThat(TransferLogReader.tooWide(rpc(-32000, "block range is too wide"))).isTrue();
    assertThat(TransferLogReader.tooWide(rpc(-32614, "eth_getLogs is limited to a 10,000 range"))).isTrue();
    assertThat(TransferLogReader.tooWide(new RpcException(RpcException.Kind.OVERSIZE, "body over 1048576 bytes"))).isTrue();
  }

  @Test
  void rateLimitsAreTransientNotTooWide() {
    for (RpcException e : new RpcException[] {
        rpc(-32005, "rate limited"),
        rpc(-32005, "limit exceeded"),
        rpc(-32005, "daily request count exceeded, request rate limited"),
        rpc(-32000, "Your app has exceeded its compute units per second capacity"),
        rpc(-32029, "Too many requests, reason: call rate limit exhausted")}) {
      assertThat(TransferLogReader.tooWide(e)).as(e.getMessage()).isFalse();
      assertThat(e.retryable()).as(e.getMessage()).isTrue();
      assertThat(e.standing()).as(e.getMessage()).isFalse();
    }
    assertThat(rpc(-32005, "rate limited").kind()).isEqualTo(RpcException.Kind.BUSY);
  }
}
