package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class RpcShapesTest {

  static TextNode t(String s) {
    return TextNode.valueOf(s);
  }

  @Test
  void acceptsOnlyWellFormedHex() {
    assertThat(RpcShapes.hex("0x0", 1, 64)).isTrue();
    assertThat(RpcShapes.hex("0xAbC", 1, 64)).isTrue();
    assertThat(RpcShapes.hex("0x", 1, 64)).isFalse();
    assertThat(RpcShapes.hex("0X1", 1, 64)).isFalse();
    assertThat(RpcShapes.hex("1x1", 1, 64)).isFalse();
    assertThat(RpcShapes.hex("0x1g", 1, 64)).isFalse();
    assertThat(RpcShapes.hex("0x" + "f".repeat(65), 1, 64)).isFalse();
  }

  @Test
  void quantitiesAreBoundedTo256BitsAndSmallOnesToLong() {
    assertThat(RpcShapes.quantity(t("0x" + "f".repeat(64)), "v")).isEqualTo(BigInteger.TWO.pow(256).subtract(BigInteger.ONE));
    assertThatThrownBy(() -> RpcShapes.quantity(t("0x" + "1".repeat(65)), "v")).isInstanceOf(RpcException.class);
    assertThatThrownBy(() -> RpcShapes.quantity(TextNode.valueOf("12"), "v")).isInstanceOf(RpcException.class);
    assertThat(RpcShapes.smallQuantity(t("0x10"), "b")).isEqualTo(16);
    assertThatThrownBy(() -> RpcShapes.smallQuantity(t("0x" + "f".repeat(16)), "b")).isInstanceOf(RpcException.class);
  }

  @Test
  void addressesAndHashesAreExactLengthAndLowercased() {
    assertThat(RpcShapes.address(t("0x" + "AB".repeat(20)), "a")).isEqualTo("0x" + "ab".repeat(20));
    assertThatThrownBy(() -> RpcShapes.address(t("0x" + "a".repeat(39)), "a")).isInstanceOf(RpcException.class);
    assertThat(RpcShapes.optionalAddress(null, "a")).isNull();
    assertThatThrownBy(() -> RpcShapes.hash(t("0x" + "a".repeat(63)), "h")).isInstanceOf(RpcException.class);
    assertThat(RpcShapes.dataLength(t("0x"), "d")).isZero();
    assertThat(RpcShapes.dataLength(t("0x6000fd"), "d")).isEqualTo(3);
    assertThatThrownBy(() -> RpcShapes.dataLength(t("0x600"), "d")).isInstanceOf(RpcException.class);
  }

  @Test
  void nodeTextIsClippedAndPrintable() {
    assertThat(RpcShapes.clip("a\u0000b\nc")).isEqualTo("a?b?c");
    assertThat(RpcShapes.clip("x".repeat(500))).hasSize(163);
  }
}
