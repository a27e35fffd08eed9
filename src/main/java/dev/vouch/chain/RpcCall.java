package dev.vouch.chain;

import java.util.List;

/** One JSON-RPC method call; params are JSON-encodable values. */
public record RpcCall(String method, List<Object> params) {

  public static RpcCall of(String method, Object... params) {
    return new RpcCall(method, List.of(params));
  }
}
