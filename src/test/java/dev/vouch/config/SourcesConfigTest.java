package dev.vouch.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** History sources and screening lists in the configuration: defaults, keys from the environment, refusals. */
class SourcesConfigTest {

  static Map<String, String> chains(String sourcesYaml, String... env) throws Exception {
    Path file = Files.createTempFile("vouch-chains", ".yaml");
    file.toFile().deleteOnExit();
    Files.writeString(file, "chains:\n  - name: Base\n    chainId: 8453\n    symbol: ETH\n"
        + "    explorer: https://basescan.org/address/{address}\n    mode: history\n    historyCap: 1000\n"
        + "    rpcUrls: []\n    timeoutMs: 5000\n    concurrency: 4\n" + sourcesYaml);
    Map<String, String> out = new HashMap<>();
    out.put("CHAINS_FILE", file.toString());
    for (int i = 0; i < env.length; i += 2) {
      out.put(env[i], env[i + 1]);
    }
    return out;
  }

  @Test
  void explorerSourcesTakeTheirKeyFromTheNamedVariableAndHideIt() throws Exception {
    AppConfig c = ConfigLoader.load(chains("""
            sources:
              - type: etherscan
                url: https://api.etherscan.io/v2/api
                apiKeyEnv: ETHERSCAN_API_KEY
                callsPerSecond: 5
              - type: blockscout
                url: https://base.blockscout.com
        """, "ETHERSCAN_API_KEY", "s3cret-key"));
    ChainConfig base = c.chains().get(0);
    assertThat(base.indexed()).isTrue();
    assertThat(base.sources()).extracting(ChainConfig.Source::type)
        .containsExactly(ChainConfig.SourceType.etherscan, ChainConfig.SourceType.blockscout);
    ChainConfig.Source etherscan = base.sources().get(0);
    assertThat(etherscan.apiKey().reveal()).isEqualTo("s3cret-key");
    assertThat(etherscan.pageSize()).isEqualTo(1000);
    assertThat(etherscan.resultWindow()).isEqualTo(10_000);
    assertThat(base.sources().get(1).pageSize()).isEqualTo(50);
    assertThat(base.sources().get(1).apiKey()).isNull();
    assertThat(c.toString()).doesNotContain("s3cret-key").contains("<redacted>");
  }

  @Test
  void aChainWithRpcUrlsAndNoSourcesReadsOtterscan() {
    AppConfig c = ConfigLoader.load(Map.of());
    assertThat(c.chains()).allSatisfy(ch -> assertThat(ch.sources()).isEmpty());
    ChainConfig withRpc = c.chains().get(0).withSources(java.util.List.of());
    assertThat(new ChainConfig(withRpc.name(), 1, "ETH", "x", ChainConfig.EvidenceMode.history, 10,
        java.util.List.of("http://127.0.0.1:8545"), 1000, 1, 0, 0).sources())
        .containsExactly(ChainConfig.Source.otterscan());
  }

  @Test
  void aMissingKeyAKeyInTheFileOrAUrlWithAQueryFailAtStart() throws Exception {
    assertThatThrownBy(() -> ConfigLoader.load(chains("""
            sources:
              - {type: etherscan, url: "https://api.etherscan.io/v2/api", apiKeyEnv: NOT_SET_ANYWHERE}
        """))).hasMessageContaining("NOT_SET_ANYWHERE").hasMessageContaining("Base");
    assertThatThrownBy(() -> ConfigLoader.load(chains("""
            sources:
              - {type: etherscan, url: "https://api.etherscan.io/v2/api", apiKey: abc}
        """))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ConfigLoader.load(chains("""
            sources:
              - {type: etherscan, url: "https://api.etherscan.io/v2/api?apikey=abc"}
        """))).hasMessageContaining("apiKeyEnv");
    assertThatThrownBy(() -> ConfigLoader.load(chains("""
            sources:
              - {type: otterscan}
        """))).hasMessageContaining("rpcUrls");
    assertThatThrownBy(() -> ConfigLoader.load(chains("""
            sources:
              - {type: blockscout, url: "ftp://base.blockscout.com"}
        """))).hasMessageContaining("http(s)");
  }

  @Test
  void screeningListsAreValidatedAndPlainAddressesStayAnInlineList() {
    AppConfig c = ConfigLoader.load(Map.of("VOUCH_MODELS_FLAGGED_ADDRESSES", "0x" + "a".repeat(40)));
    assertThat(c.models().flaggedAddresses()).containsExactly(ScreeningSource.inline("0x" + "a".repeat(40)));
    assertThat(c.models().screeningRefreshMinutes()).isEqualTo(60);
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("VOUCH_MODELS_FLAGGED_ADDRESSES", "0x12")))
        .hasMessageContaining("not a 0x address");
    assertThatThrownBy(() -> new ScreeningSource("ofac", ScreeningSource.Type.ofac_sdn, "/x.xml", null).validate())
        .hasMessageContaining("list name");
    assertThatThrownBy(() -> new ScreeningSource("OFAC_SDN", ScreeningSource.Type.ofac_sdn, "/x.xml", "https://x/y").validate())
        .hasMessageContaining("exactly one of path and url");
  }
}
