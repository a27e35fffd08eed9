-- Issue 35 (item 1): a registered token's Transfer of value 0 is what anyone can make in a
-- wallet's name (transferFrom(wallet, x, 0) passes on DAI, USDT, USDC and most ERC-20s; address
-- poisoning does exactly this). The readers drop such transfers before the cap and never make a
-- flow of them; this counts, per chain, how many the read dropped (carried with the chain's
-- evidence like unverified_token_transfers). Null: the chain read no tokens, or rows before this.
ALTER TABLE snapshot_chains ADD COLUMN zero_value_token_transfers bigint;
