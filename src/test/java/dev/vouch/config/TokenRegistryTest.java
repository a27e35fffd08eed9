package dev.vouch.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The token registry: defaults, strict refusals naming the setting, and a canonical hash. */
class TokenRegistryTest {

  static Map<String, String> tokens(String yaml) throws Exception {
    return SourcesConfigTest.chains("    tokens:\n" + yaml);
  }

  @Test
  void theDefaultsRegisterTheIssuersStablecoinsOnTheBuiltInChains() {
    AppConfig c = ConfigLoader.load(Map.of());
    Map<Long, List<String>> symbols = new java.util.TreeMap<>();
    c.chains().forEach(ch -> symbols.put(ch.chainId(), ch.tokens().stream().map(ChainConfig.Token::symbol).toList()));
    assertThat(symbols.get(1L)).containsExactly("USDC", "USDT", "DAI");
    assertThat(symbols.get(42161L)).containsExactly("USDC", "USDT", "DAI");
    assertThat(symbols.get(8453L)).containsExactly("USDC", "DAI");
    assertThat(symbols.get(5042002L)).isEmpty();
    ChainConfig eth = c.chains().stream().filter(ch -> ch.chainId() == 1).findFirst().orElseThrow();
    assertThat(eth.tokensByAddress()).containsKey("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48");
    assertThat(eth.tokens()).allMatch(ChainConfig.Token::usd);
    assertThat(TokenRegistry.hash(c.chains())).matches("[0-9a-f]{64}");
  }

  @Test
  void aBadEntryStopsStartUpNamingTheSetting() {
    assertThatThrownBy(() -> ConfigLoader.load(tokens("      - { address: \"0x12\", symbol: USDC, decimals: 6, usd: true }\n")))
        .hasMessageContaining("chains[Base].tokens[0].address");
    assertThatThrownBy(() -> ConfigLoader.load(tokens(
        "      - { address: \"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913\", symbol: USDC, decimals: 37, usd: true }\n")))
        .hasMessageContaining("chains[Base].tokens[0].decimals");
    assertThatThrownBy(() -> ConfigLoader.load(tokens(
        "      - { address: \"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913\", symbol: USDC, usd: true }\n")))
        .hasMessageContaining("chains[Base].tokens[0].decimals");
    assertThatThrownBy(() -> ConfigLoader.load(tokens(
        "      - { address: \"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913\", symbol: USDC, decimals: 6, usd: true }\n"
        + "      - { address: \"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913\", symbol: USDC2, decimals: 6, usd: true }\n")))
        .hasMessageContaining("chains[Base].tokens[1].address").hasMessageContaining("twice");
    assertThatThrownBy(() -> ConfigLoader.load(tokens(
        "      - { address: \"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913\", symbol: \"\", decimals: 6, usd: true }\n")))
        .hasMessageContaining("chains[Base].tokens[0].symbol");
  }

  @Test
  void theHashIsCanonicalAndChangesWithAnyField() {
    ChainConfig.Token usdc = new ChainConfig.Token("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "USDC", 6, true);
    ChainConfig.Token dai = new ChainConfig.Token("0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb", "DAI", 18, true);
    ChainConfig base = new ChainConfig("Base", 8453, "ETH", "x", ChainConfig.EvidenceMode.history, 10, List.of(), 1, 1, 1, 1);
    String h = TokenRegistry.hash(List.of(base.withTokens(List.of(usdc, dai))));
    // Order and address case do not matter; every field does.
    assertThat(TokenRegistry.hash(List.of(base.withTokens(List.of(dai,
        new ChainConfig.Token(usdc.address().toLowerCase(), "USDC", 6, true)))))).isEqualTo(h);
    assertThat(TokenRegistry.hash(List.of(base.withTokens(List.of(usdc,
        new ChainConfig.Token(dai.address(), "DAI", 18, false)))))).isNotEqualTo(h);
    assertThat(TokenRegistry.hash(List.of(base.withTokens(List.of(usdc,
        new ChainConfig.Token(dai.address(), "DAI", 17, true)))))).isNotEqualTo(h);
    assertThat(TokenRegistry.hash(List.of(base))).isNull();
  }
}
