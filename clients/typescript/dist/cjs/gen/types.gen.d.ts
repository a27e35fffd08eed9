export type ClientOptions = {
    baseUrl: 'http://localhost:8080' | (string & {});
};
export type Webhooks = DecisionChangedWebhookWebhookRequest | TransferScreenedWebhookWebhookRequest;
export type Stats = {
    statsVersion: 'stats_v0.1';
    generatedAt: string;
    wallets: {
        /**
         * Wallets with a committed snapshot
         */
        indexed: number;
    };
    identities: {
        registered: number;
    };
    trust: {
        /**
         * Verified and accepted attestations
         */
        verifiedEdges: number;
    };
    receipts: {
        minted: number;
    };
    jobs: {
        queued: number;
        running: number;
        failedLastDay: number;
    };
    /**
     * One entry per chain of the catalogue, in catalogue order
     */
    chains: Array<{
        chain: string;
        chainId: number;
        /**
         * The catalogue gives this chain rpcUrls
         */
        configured: boolean;
        /**
         * From the coverage rows committed in the last 24 hours: failing when most are error, degraded when any is error, healthy otherwise, unknown when none
         *
         */
        health: 'healthy' | 'degraded' | 'failing' | 'unknown';
        lastIndexedAt: string | null;
        /**
         * Coverage rows indexed in the last 24 hours
         */
        indexed: number;
        error: number;
        limited: number;
    }>;
};
export type Health = {
    status: 'UP' | 'DOWN';
    outcome?: 'UP' | 'DOWN';
    checks?: Array<{
        id: string;
        status: 'UP' | 'DOWN';
        data?: {
            [key: string]: unknown;
        };
    }>;
};
export type TrustPeer = {
    wallet?: string;
    username?: string | null;
    trustWeight?: number;
};
export type TrustGraphData = {
    wallet: string;
    trustGraph: {
        walletAddress: string;
        edges: Array<{
            /**
             * attestation ids
             */
            ids?: Array<number>;
            wallet?: string;
            peerWallet?: string;
            peerUsername?: string | null;
            /**
             * the peer's latest committed score
             */
            peerScore?: number | null;
            /**
             * accepted attestations with this peer
             */
            interactionCount?: number;
            verifiedVolume?: Array<{
                chainId?: number;
                /**
                 * native base units of the attested transactions
                 */
                amount?: string;
            }>;
            firstInteractionAt?: string;
            lastInteractionAt?: string;
            interactionTypes?: Array<'attested_by_wallet' | 'attested_by_peer' | 'native_transfer'>;
            trustWeight?: number;
            reciprocal?: boolean;
            /**
             * counterparties both latest snapshots observed
             */
            sharedCounterparties?: number;
            /**
             * latest acceptance
             */
            acceptedAt?: string;
        }>;
        snapshot: {
            walletAddress?: string;
            trustedPeerCount?: number;
            strongestConnectionWallet?: string | null;
            strongestConnectionWeight?: number;
            reciprocalCount?: number;
            networkHealth?: 'isolated' | 'emerging' | 'developing' | 'healthy' | 'at_risk' | 'suspicious';
            totalTrustWeight?: number;
            propagatedTrustScore?: number;
            trustConfidence?: number;
            anomalyScore?: number;
            maturityReason?: string;
            topTrustedPeers?: Array<string>;
            createdAt?: string | null;
            updatedAt?: string | null;
        };
        anomalies: Array<{
            code?: 'YOUNG_RING' | 'ATTESTATION_BURST' | 'TINY_TRANSACTIONS' | 'SELF_FUNDED' | 'COMMON_FUNDER';
            severity?: 'low' | 'medium' | 'high';
            peerCount?: number;
            message?: string;
            /**
             * always empty
             */
            details?: {
                [key: string]: unknown;
            };
        }>;
        reciprocalPeers: Array<TrustPeer>;
        strongestPeers: Array<TrustPeer>;
        metrics: {
            trustedPeerCount?: number;
            reciprocalCount?: number;
            totalTrustWeight?: number;
            strongestConnectionWeight?: number;
            networkHealth?: string;
            relationshipDiversity?: number;
            networkMaturity?: 'isolated' | 'new' | 'established' | 'mature';
            trustLevel?: 'Isolated' | 'Low' | 'Moderate' | 'High' | 'Suspicious';
            propagatedTrustScore?: number;
            trustConfidence?: number;
            anomalyScore?: number;
            maturityReason?: string;
            suspicious?: boolean;
        };
        explanations: Array<string>;
        suspiciousWallets: Array<string>;
    };
};
export type ExposureData = {
    wallet: string;
    cacheStatus: 'cached' | 'indexing_required';
    lastIndexedAt: string | null;
    exposureModelVersion: string;
    summary: ExposureSummary;
    /**
     * Valued inflow (registered USD stablecoins), the denominator of in shares
     */
    valuedInUsd: number;
    valuedOutUsd: number;
    direct: Array<ExposureFigure>;
    indirect: Array<ExposureFigure>;
    /**
     * Largest first, at most 100
     */
    evidence: Array<ExposureEvidence>;
    evidenceTruncated: boolean;
    /**
     * exposure_v3: the indirect figures per hop count (each with hops); indirect sums them over every hop count
     */
    indirectByHops?: Array<ExposureFigure>;
};
/**
 * One step of an indirect path, from the wallet outward, in the evidence item's direction
 */
export type ExposurePathStep = {
    /**
     * The address this step reaches: an intermediary, then last the labelled address
     */
    address: string;
    /**
     * Transfers between the previous address (the wallet for the first step) and this one
     */
    transfers: number;
    /**
     * Their USD value (registered stablecoins); 0 when none was valued
     */
    usd: number;
};
export type ExposureEvidence = {
    /**
     * The labelled address
     */
    counterparty: string;
    /**
     * Indirect: the intermediary that dealt with it (at one hop the wallet's counterparty); null for direct
     */
    via: string | null;
    chainId: number;
    category: ExposureCategory;
    label: string;
    /**
     * The list the label came from
     */
    source: string;
    direction: 'in' | 'out';
    /**
     * Token symbol; null for the native coin
     */
    symbol: string | null;
    /**
     * Token contract; null for the native coin
     */
    token: string | null;
    transfers: number;
    /**
     * Base units (wei or the token's smallest unit)
     */
    value: string;
    /**
     * null when the asset is not valued (native coins)
     */
    usd: number | null;
    firstAt: string | null;
    lastAt: string | null;
    /**
     * At most 10, newest first; empty for native flows
     */
    txHashes: Array<string>;
    /**
     * Indirect only: intermediaries on the path (exposure_v3)
     */
    hops?: number;
    /**
     * Indirect only (exposure_v3): wallet <- via <- ... <- labelled address, the wallet's counterparty first
     */
    path?: Array<ExposurePathStep>;
};
export type ExposureCategory = 'sanctioned' | 'mixer' | 'scam' | 'stolen_funds' | 'darknet' | 'ransomware' | 'exchange' | 'bridge' | 'gambling';
export type ExposureFigure = {
    category: ExposureCategory;
    /**
     * in: source of funds; out: destination of funds
     */
    direction: 'in' | 'out';
    /**
     * Labelled counterparties (direct) or intermediaries (indirect)
     */
    counterparties: number;
    /**
     * The wallet's transfers with them in that direction
     */
    transfers: number;
    usd: number;
    /**
     * usd over the valued flow in that direction; null without valued flow
     */
    share: number | null;
    /**
     * In indirectByHops only: the intermediaries on the paths (exposure_v3)
     */
    hops?: number;
};
/**
 * How complete the trace of the wallet's intermediaries is (issue 33 item 2, docs/models.md "Tracing"): after a wallet commits, Vouch indexes, as low-priority work charged to no caller, the unlabelled counterparties on its valued paths (largest USD first, a bounded number per wallet, to a configured depth) that it has not indexed or whose snapshot is stale. Absent when the wallet was never traced (tracing off, or a snapshot from before tracing). In a stored summary (decision, batch row, score, receipt) it is the status when the summary was last computed: it is recomputed as the traced intermediaries commit.
 *
 */
export type TraceStatus = {
    /**
     * complete: every wanted intermediary is indexed; pending: some are queued or running (or the trace is still being planned); partial: nothing pending, but a budget skipped some or their run failed. Clients treat an unknown value as partial.
     *
     */
    status: 'complete' | 'pending' | 'partial';
    /**
     * Intermediaries the trace wants
     */
    wanted: number;
    /**
     * Wanted ones with a fresh snapshot
     */
    indexed: number;
    /**
     * Wanted ones with a job queued or running
     */
    pending: number;
    /**
     * Wanted ones not queued because the wallet's or the global tracing budget was spent
     */
    skippedByBudget: number;
    /**
     * Wanted ones neither indexed nor pending (their run failed)
     */
    unreached: number;
};
/**
 * What decision_v0.7 reads of the exposure (docs/models.md "Exposure"). As the additive `exposure` of a decision, batch row, score or receipt (issue 24) it is the summary stored with the wallet's snapshot at its commit, and the one the verdict read (on a receipt, part of the hashed and signed payload); it is absent when the snapshot has none (committed before exposure was stored: decision_v0.5's FLAGGED_COUNTERPARTY_<LIST> rule then applies, and such a receipt keeps its bytes and hash) or there is no snapshot.
 *
 */
export type ExposureSummary = {
    sanctions: 'direct' | 'indirect' | 'none';
    sourceCategories: Array<ExposureCategory>;
    destinationCategories: Array<ExposureCategory>;
    sanctionedInTransfers: number;
    /**
     * Of sanctionedInTransfers, those in assets Vouch does not value (native coins)
     */
    sanctionedInUnvaluedTransfers: number;
    sanctionedInUsd: number;
    /**
     * Of the valued inflow, 4 decimals; null without valued inflow
     */
    sanctionedInShare: number | null;
    /**
     * No sanctioned counterparty that paid the wallet was ever paid back
     */
    sanctionedInUnsolicited: boolean;
    sanctionedOutTransfers: number;
    /**
     * From mixer, scam, stolen_funds, darknet and ransomware addresses
     */
    highRiskInUsd: number;
    highRiskInShare: number | null;
    highRiskOutTransfers: number;
    /**
     * The larger of the indirect sanctioned shares in and out, over every hop count
     */
    indirectSanctionedShare: number | null;
    /**
     * Hash of the labels in force (sha256:...), none without any
     */
    labelsVersion: string;
    /**
     * exposure_v3 (issue 33): the indirect sanctioned share per hop count (intermediaries on the path), for the hop counts that have any, fewest first; decision_v0.7 asks a larger share the more hops a path has. Absent from summaries stored before exposure_v3 (their receipts keep their bytes and hash).
     *
     */
    indirectSanctionedByHop?: Array<{
        hops: number;
        /**
         * The larger of in and out, 4 decimals; null without valued flow
         */
        share: number | null;
    }>;
    trace?: TraceStatus;
};
export type Attestation = {
    id: number;
    attester: string;
    subject: string;
    chainId: number;
    txHash: string;
    status: 'pending' | 'accepted' | 'rejected' | 'revoked';
    /**
     * What the chain said when the attestation was verified
     */
    transaction: {
        from?: string;
        to?: string;
        /**
         * native value in base units, exact decimal
         */
        value?: string;
        blockNumber?: number;
        timestamp?: string;
    };
    createdAt: string;
    verifiedAt?: string | null;
    acceptedAt?: string | null;
    rejectedAt?: string | null;
    revokedAt?: string | null;
    revokedBy?: string | null;
};
export type Profile = {
    username: string;
    wallet: string;
    displayName: string;
    createdAt: string;
    /**
     * 0 until the first committed snapshot
     */
    score: number;
    scoreModelVersion: string;
    riskLevel: string;
    globalWalletAgeDays: number;
    activeChainCount: number;
    totalTxCount: number;
    scoreUpdatedAt: string | null;
    dataSource: 'cached' | 'indexing_required';
    attestations: {
        /**
         * accepted, unrevoked attestations involving the wallet
         */
        count?: number;
    };
    trust: {
        trustedPeerCount?: number;
        reciprocalCount?: number;
        networkHealth?: string;
        trustConfidence?: number;
    };
};
export type Directory = {
    identities: Array<{
        username: string;
        wallet: string;
        displayName: string;
        profileUrl: string;
        createdAt: string;
    }>;
    pagination: {
        limit: number;
        nextCursor: string | null;
        hasMore: boolean;
    };
};
export type Identity = {
    username: string;
    wallet: string;
    displayName: string;
    /**
     * /u/<username>
     */
    profileUrl: string;
    registered: boolean;
    signatureKind: 'eoa' | 'eip1271';
    createdAt: string;
};
export type Challenge = {
    wallet: string;
    /**
     * <name>.vouch, lowercase
     */
    username: string;
    nonce: string;
    /**
     * EIP-4361 text to sign with personal_sign, exactly as given
     */
    message: string;
    issuedAt: string;
    expiresAt: string;
};
/**
 * A registered token's transfers between the wallet and one counterparty on one chain (CONTRACT 9).
 */
export type GraphAsset = {
    /**
     * the registry's symbol
     */
    symbol: string;
    /**
     * token contract (lowercase)
     */
    contract: string;
    chainId: number;
    /**
     * the registry's decimals; value amounts are base units moved this many places
     */
    decimals: number;
    transactionCount: {
        total: number;
        /**
         * transfers from the counterparty to the wallet
         */
        in: number;
        /**
         * transfers from the wallet to the counterparty
         */
        out: number;
    };
    value: {
        /**
         * exact decimal of whole token units
         */
        in: string;
        out: string;
    };
    /**
     * registered USD stablecoins only (1.00 each, rounded down to the micro-dollar); null for other tokens
     */
    usd: {
        in: string;
        out: string;
    } | null;
    firstTransferAt: string;
    lastTransferAt: string;
};
export type GraphNode = {
    walletAddress: string;
    username: string | null;
    /**
     * /u/<username>
     */
    profileUrl: string | null;
    registered: boolean;
    /**
     * the wallet's verified trust graph also contains this node; observation alone never creates a trust edge
     */
    verifiedVouchPeer: boolean;
    chains: Array<{
        chain: string;
        chainId: number;
        /**
         * null only for a chain no longer in the catalogue or one without an explorer template
         */
        explorerUrl: string | null;
    }>;
    /**
     * null when no countable evidence is captured (aggregate-only chain, snapshot before stats capture); null is not zero
     */
    metrics: {
        transactionCount: {
            total: number;
            in: number;
            out: number;
        };
        firstInteractionAt: string;
        lastInteractionAt: string;
        /**
         * a counted chain hit its history cap, or some chains of the node are not counted
         */
        lowerBound: boolean;
        basis: {
            counted: number;
            pending: number;
            unavailable: number;
        };
        value: Array<{
            /**
             * native symbol; ETH pooled across Ethereum, Base and Arbitrum
             */
            symbol: string;
            /**
             * exact decimal of the native unit
             */
            in: string;
            out: string;
        }>;
    } | null;
    /**
     * only in sort=activity reads; null for nodes with metrics null
     */
    rank?: number | null;
    /**
     * Additive (token evidence). Present when the snapshot was taken with a token registry (absent otherwise: unknown, not none); one entry per registered token and chain with transfers between the wallet and this counterparty, ordered by catalogue chain, symbol, contract; empty when there are none. Transfers of unregistered tokens never appear and never make a node. metrics stays native: a counterparty met only through registered tokens has transactionCount 0 and a "0" native value, and its first and last interaction are its token transfers' times.
     *
     */
    assets?: Array<GraphAsset>;
};
export type InteractionGraph = {
    walletAddress: string;
    nodes: Array<GraphNode>;
    summary: {
        /**
         * nodes in the snapshot (native counterparties and those met only through registered tokens)
         */
        totalCounterparties: number;
        /**
         * nodes on this page
         */
        returnedCounterparties: number;
        /**
         * registered nodes on this page
         */
        vouchProfilesOnPage: number;
        /**
         * nodes of the whole snapshot in the wallet's verified trust graph
         */
        verifiedVouchPeers: number;
        chainsWithCounterparties: number;
    };
    coverage: {
        /**
         * complete = every chain indexed in full and current (only then does an empty graph mean no observed counterparties); partial = the address set is a lower bound (a chain failed, kept earlier evidence after a transient failure, was read in aggregate mode or hit its cap)
         */
        status: 'complete' | 'partial' | 'not_indexed';
        /**
         * persisted_snapshot = the page is read from the wallet's stored snapshot (the graph read never scans live); none = the wallet was never indexed. persisted_snapshot is the value the peer service's typed clients know.
         */
        source: 'persisted_snapshot' | 'none';
        /**
         * commit time of the snapshot this page belongs to
         */
        observedAt: string | null;
        stale: boolean;
        /**
         * an indexing run for the wallet is queued or running
         */
        indexing: boolean;
        historyCapped: boolean;
        hasTransientIssues: boolean;
        hasStandingLimitations: boolean;
        chains: Array<{
            chain: string;
            chainId: number;
            status: 'indexed' | 'limited' | 'error';
            counterpartyCount: number;
            /**
             * When this chain's evidence was read; older than observedAt when a transient failure kept earlier evidence (transientIssue true)
             */
            indexedAt: string;
            /**
             * Provider that answered (rpc = aggregate figures); snapshots before provider sources say history or aggregate
             */
            source: 'otterscan' | 'etherscan' | 'blockscout' | 'rpc' | 'history' | 'aggregate';
            historyCapped: boolean | null;
            recencyReliable: boolean | null;
            transientIssue: boolean;
            standingLimitation: boolean;
            /**
             * Registered-token transfers of value 0 on this chain, which make no node (address poisoning); absent when the chain read no tokens or the snapshot predates the count.
             */
            zeroValueTokenTransfers?: number;
        }>;
    };
    pagination: {
        limit: number;
        nextCursor: string | null;
        hasMore: boolean;
    };
    /**
     * What the service provides, the same for every wallet (never-indexed ones included), so a client can read them once; a node without countable evidence has metrics null. assetDetails is true when a token registry is configured; nodes of snapshots taken with it carry assets.
     */
    capabilities: {
        perCounterpartyTransactionCount: boolean;
        direction: boolean;
        firstInteractionAt: boolean;
        lastInteractionAt: boolean;
        value: boolean;
        /**
         * true when a token registry is configured: nodes of snapshots taken with it carry assets (registered-token figures) and counterparties met only through registered tokens are nodes
         */
        assetDetails: boolean;
    };
    explanations: Array<string>;
};
export type ScanStatus = {
    wallet: string;
    status: 'already_indexed' | 'indexing' | 'started' | 'fresh';
    /**
     * refresh answers with status started
     */
    mode?: 'reindex' | 'first_index';
    /**
     * already_indexed and fresh
     */
    lastIndexedAt?: string;
    /**
     * fresh
     */
    nextRefreshAt?: string;
    /**
     * fresh
     */
    retryAfterSeconds?: number;
    /**
     * indexing: when the run in flight was queued
     */
    startedAt?: string;
};
export type Score = {
    wallet: string;
    username: string | null;
    score: number;
    scoreModelVersion: string;
    riskLevel: string;
    badge: string;
    /**
     * Caps in docs/models.md; riskPenalty is 0 or negative
     */
    breakdown: {
        globalWalletAge?: number;
        crossChainActivity?: number;
        arcActivity?: number;
        counterpartyDiversity?: number;
        verifiedAttestations?: number;
        propagatedTrust?: number;
        transactionActivity?: number;
        riskPenalty?: number;
    };
    activeChains: Array<string>;
    totalTxCount: number;
    arcTxCount: number;
    globalWalletAgeDays: number;
    attestations: {
        acceptedCount?: number;
        uniqueCounterparties?: number;
    };
    cacheStatus: 'cached' | 'indexing_required';
    lastIndexedAt: string | null;
    refreshInProgress: boolean;
    refreshRecommended: boolean;
    exposure?: ExposureSummary;
};
export type Freshness = {
    cacheStatus: 'cached' | 'indexing_required';
    lastIndexedAt: string | null;
    refreshInProgress: boolean;
    refreshRecommended: boolean;
};
/**
 * The decision data without coverage, plus id, createdAt, payloadHash and signature. The payload is every field except id, createdAt, payloadHash and signature; payloadHash is the SHA-256 (lowercase hex) of its RFC 8785 canonical JSON.
 *
 */
export type Receipt = {
    id: string;
    createdAt: string;
    payloadHash: string;
    wallet: string;
    username: string | null;
    useCase: UseCase;
    decision: 'allow' | 'caution' | 'block';
    riskLevel: string;
    recommendedLimit: Limit;
    reasons: Array<Coded>;
    warnings: Array<Coded>;
    score: number;
    evidence: {
        used: Array<string>;
        missing: Array<string>;
    };
    freshness: Freshness;
    scoreModelVersion: string;
    decisionModelVersion: string;
    exposure?: ExposureSummary;
    policy?: PolicyRef;
    /**
     * The Ed25519 signature over the receipt's canonical payload. Verify offline as the README shows (the keys are at /.well-known/jwks.json).
     */
    signature: {
        alg: 'EdDSA';
        /**
         * Key id in /.well-known/jwks.json
         */
        kid: string;
        /**
         * Detached compact JWS (header..signature, RFC 7515 appendix F) over the canonical payload bytes
         */
        jws: string;
    };
};
/**
 * The customer policy the verdict was reached with (issue 32). Absent when the caller has none: the default policy, and then the answer is exactly what it was before policies. On a receipt it is inside the hashed and signed payload.
 */
export type PolicyRef = {
    id: string;
    version: number;
    /**
     * SHA-256 (lowercase hex) of the RFC 8785 canonical JSON of the policy (GET /api/v1/policies?version=)
     */
    hash: string;
};
export type Coded = {
    code: string;
    message: string;
};
export type Limit = {
    /**
     * Whole USDC (0 when the verdict is block).
     */
    amountUsdc: number;
    currency: 'USDC';
    basis: string;
};
export type UseCase = 'payment' | 'escrow' | 'lending' | 'marketplace';
export type ReceiptCreated = {
    receipt: Receipt;
    /**
     * Human-readable view, /check/r/<id>
     */
    url: string;
    deduped: boolean;
};
export type BatchRow = {
    /**
     * The trimmed entry as sent (first occurrence)
     */
    input: string;
    status: 'ok' | 'no_score' | 'invalid' | 'error';
    /**
     * Lowercase; set for addresses and resolved usernames
     */
    wallet: string | null;
    username: string | null;
    decision: 'allow' | 'caution' | 'block' | null;
    score: number | null;
    riskLevel: string | null;
    recommendedLimit: Limit | null;
    reasons: Array<Coded>;
    warnings: Array<Coded>;
    /**
     * Why a row has no verdict (no_score, invalid, error)
     */
    note: string | null;
    exposure?: ExposureSummary;
};
export type BatchResult = {
    useCase: UseCase;
    decisionModelVersion: string;
    summary: {
        total: number;
        allow: number;
        caution: number;
        block: number;
        noScore: number;
        invalid: number;
        error: number;
    };
    results: Array<BatchRow>;
    policy?: PolicyRef;
};
export type PolicyAnswer = {
    /**
     * pol_<n>; null for the default policy
     */
    id: string | null;
    /**
     * 0 for the default policy
     */
    version: number;
    hash: string;
    default: boolean;
    createdAt: string | null;
    /**
     * The whole policy in force, every field filled (PolicyInput with no field left out)
     */
    policy: {
        [key: string]: unknown;
    };
    /**
     * PUT only: whether a new version was made
     */
    created?: boolean;
};
/**
 * A customer policy (docs/models.md, Risk policies). Every field is optional and defaults to today's thresholds.
 */
export type PolicyInput = {
    categories?: {
        sanctioned?: PolicySanctionedRules;
        mixer?: PolicyCategoryRules;
        scam?: PolicyCategoryRules;
        stolen_funds?: PolicyCategoryRules;
        darknet?: PolicyCategoryRules;
        ransomware?: PolicyCategoryRules;
        exchange?: PolicyCategoryRules;
        bridge?: PolicyCategoryRules;
        gambling?: PolicyCategoryRules;
    };
    /**
     * Index = hop count: the indirect sanctioned share from which a wallet is cautioned at that hop (null: no rule at that hop). Index 0 is direct exposure, ruled by categories: always null. Default [null, 0.10, 0.25, 0.50] (decision_v0.7); a shorter list has no rule at the hops it leaves out.
     */
    indirectSanctionedShares?: [
        null,
        number | null
    ];
    /**
     * Sanctioned inflow under usd (valued, every chain together), with at most maxUnvaluedTransfers native transfers and never paid back, is only a warning. It may only be tightened.
     */
    dust?: {
        usd?: number;
        maxUnvaluedTransfers?: number;
    };
    /**
     * Multiplies the recommended limit of each use case (rounded down to whole USDC). Default 1.
     */
    limitScale?: {
        payment?: number;
        marketplace?: number;
        escrow?: number;
        lending?: number;
    };
    /**
     * A transfer screening valued under this many USD is not cautioned for its counterparty's high-risk label or flows; sanctions block at any amount. Default 0.
     */
    transferMinUsd?: number;
};
/**
 * What a rule does when it fires: block or caution add a reason (the worst sets the verdict), warn adds a warning only, ignore nothing
 */
export type PolicyAction = 'block' | 'caution' | 'warn' | 'ignore';
/**
 * Fires when the wallet has transfers that way with the category, their USD value is at least minUsd and their share of the wallet's valued flow that way at least minShare (0 asks for no share, so unvalued native transfers count). Categories with the same rule and risk class are judged together on their combined flow.
 */
export type PolicyRule = {
    action?: PolicyAction;
    minUsd?: number;
    minShare?: number;
};
export type PolicyCategoryRules = {
    in?: PolicyRule;
    out?: PolicyRule;
};
/**
 * Direct sanctioned exposure always blocks: a policy may lower its inflow thresholds, never raise them or change the action; any payment to a sanctioned address blocks.
 */
export type PolicySanctionedRules = {
    in?: {
        action?: 'block';
        minUsd?: number;
        minShare?: number;
    };
    out?: {
        action?: 'block';
        minUsd?: 0;
        minShare?: 0;
    };
};
export type Decision = {
    wallet: string;
    username: string | null;
    useCase: UseCase;
    decision: 'allow' | 'caution' | 'block';
    /**
     * Unrated, High Risk, Trusted, Reliable, Moderate, Emerging, Unproven
     */
    riskLevel: string;
    recommendedLimit: {
        /**
         * Whole USDC (0 when the verdict is block).
         */
        amountUsdc: number;
        currency: 'USDC';
        basis: string;
    };
    /**
     * Drive the verdict: SANCTIONED_ADDRESS (the wallet is on a screening list), RISK_PENALTY_HIGH, FLAGGED_COUNTERPARTY_<LIST> (one per screening list naming a counterparty, e.g. FLAGGED_COUNTERPARTY_OFAC_SDN), TRUST_GRAPH_SUSPICIOUS, TRUST_ANOMALY_HIGH, SCORE_BELOW_MINIMUM, RISK_SIGNALS, TRUST_ANOMALY, VOUCH_TRUST_GRAPH_MISSING, HISTORY_UNSEASONED and TRUST_PEERS_UNSEASONED (decision_v0.5), DATA_LIMITED, DATA_STALE; from decision_v0.6, when the wallet's exposure is known (docs/models.md), EXPOSURE_SANCTIONED_OUT and EXPOSURE_SANCTIONED_IN (block), EXPOSURE_SANCTIONED_IN_MINOR, EXPOSURE_HIGH_RISK_IN, EXPOSURE_HIGH_RISK_OUT and EXPOSURE_INDIRECT_SANCTIONED (caution) replace the FLAGGED_COUNTERPARTY_<LIST> penalty; a customer policy (issue 32) may make EXPOSURE_HIGH_RISK_IN / _OUT a block, and add EXPOSURE_CATEGORY_IN / _OUT for gambling, exchange or bridge; from decision_v0.7, EXPOSURE_INDIRECT_SANCTIONED needs 10, 25 or 50 % of the valued flow at 1, 2 or 3 intermediaries (never a block)
     */
    reasons: Array<Coded>;
    /**
     * Advisory only: WALLET_NOT_INDEXED, DATA_PROVIDER_TRANSIENT, DATA_HISTORY_CAPPED, DATA_TOKENS_CAPPED (a chain's token read stopped at its cap: only the newest registered transfers were weighed), DATA_AGGREGATE_ONLY, EXPOSURE_SANCTIONED_DUST (decision_v0.6: unsolicited dust from a sanctioned address, never a block)
     */
    warnings: Array<Coded>;
    score: number;
    evidence: {
        used: Array<string>;
        missing: Array<string>;
    };
    freshness: Freshness;
    coverage: {
        chains: Array<{
            chain: string;
            status: 'indexed' | 'error' | 'limited';
            transient: boolean;
            standing: boolean;
            historyCapped: boolean | null;
            recencyReliable: boolean | null;
            /**
             * Provider that answered: otterscan, etherscan, blockscout, or rpc (aggregate figures); for an error, the last one tried. Older snapshots say history or aggregate.
             */
            source?: string | null;
            /**
             * Sources tried first in the run that failed, in order; empty when the first choice answered.
             */
            fallbackFrom?: Array<string>;
            /**
             * Registered-token transfers of value 0 touching the wallet on this chain, left out of every counterparty, flow and exposure figure (anyone can move 0 of another holder's tokens, the address-poisoning shape). Absent when the chain read no tokens or the snapshot predates the count.
             */
            zeroValueTokenTransfers?: number;
        }>;
        historyCapped: boolean;
        hasTransientIssues: boolean;
        hasStandingLimitations: boolean;
    };
    scoreModelVersion: string;
    decisionModelVersion: string;
    exposure?: ExposureSummary;
    policy?: PolicyRef;
};
/**
 * A screened transfer attested: the payload is every field except id, createdAt, payloadHash and signature; payloadHash is the SHA-256 (lowercase hex) of its RFC 8785 canonical JSON, signature a detached EdDSA JWS over those bytes.
 *
 */
export type TransferReceipt = {
    id: string;
    createdAt: string;
    payloadHash: string;
    kind: 'transfer_screening';
    screeningId: number;
    chainId: number;
    txHash: string;
    logIndex?: number;
    address: string;
    direction: 'received' | 'sent';
    counterparty: string;
    asset: 'native' | 'token';
    token?: string;
    symbol?: string;
    decimals?: number;
    valued: boolean;
    /**
     * base units, exact
     */
    amount: string;
    /**
     * exact decimal string; only for a registered USD stablecoin
     */
    amountUsd?: string;
    block: number;
    /**
     * when it was screened
     */
    confirmations: number;
    requiredConfirmations: number;
    verdict: 'allow' | 'caution' | 'block';
    reasons: Array<Coded>;
    warnings: Array<Coded>;
    counterpartyEvidence?: CounterpartyEvidence;
    modelVersion: string;
    screenedAt: string;
    policy?: PolicyRef;
    signature: {
        alg: 'EdDSA';
        kid: string;
        jws: string;
    };
};
/**
 * What the verdict (or the pending state) rested on about the counterparty, kept with it; absent on screenings decided before it was kept.
 */
export type CounterpartyEvidence = {
    address: string;
    /**
     * categories of its labels on the chain (screening lists as sanctioned)
     */
    labels: Array<string>;
    /**
     * it had a committed snapshot
     */
    indexed: boolean;
    /**
     * its own decision (use case payment); absent when not indexed
     */
    decision?: 'allow' | 'caution' | 'block';
    score?: number;
    reasonCodes?: Array<string>;
    lastIndexedAt?: string;
    decisionModelVersion?: string;
    exposure?: ExposureSummary;
};
export type TransferReceiptCreated = {
    receipt: TransferReceipt;
    /**
     * Human-readable view, /check/t/<screeningId>
     */
    url: string;
    deduped: boolean;
};
export type TransferBatchRow = {
    /**
     * the position of the entry in the request (the first of identical entries)
     */
    index: number;
    status: 'screened' | 'pending' | 'invalid' | 'not_found' | 'error';
    /**
     * this request created the screening (the single form's 201); with transfer
     */
    created?: boolean;
    transfer?: TransferScreening;
    /**
     * the error the single form would have answered; with invalid, not_found and error
     */
    error?: {
        code: string;
        message: string;
    };
};
/**
 * One screened transfer (docs/transfers.md); transfer_v0.1.
 */
export type TransferScreening = {
    id: number;
    chainId: number;
    txHash: string;
    /**
     * the token Transfer log; absent for the native value
     */
    logIndex?: number;
    address: string;
    direction: 'received' | 'sent';
    /**
     * the sender of a received transfer, the recipient of a sent one
     */
    counterparty: string;
    asset: 'native' | 'token';
    /**
     * the token contract; absent for the native value
     */
    token?: string;
    /**
     * absent for an unregistered token
     */
    symbol?: string;
    decimals?: number;
    /**
     * the native value or a registered token; false for a token outside the registry
     */
    valued: boolean;
    /**
     * base units, exact
     */
    amount: string;
    /**
     * only for a registered USD stablecoin
     */
    amountUsd?: number;
    /**
     * 0 while not mined
     */
    block: number;
    confirmations: number;
    /**
     * the chain's confirmations setting
     */
    requiredConfirmations: number;
    status: 'pending' | 'screened';
    /**
     * absent while pending
     */
    verdict?: 'allow' | 'caution' | 'block';
    /**
     * TRANSFER_UNCONFIRMED or TRANSFER_COUNTERPARTY_UNKNOWN while pending; TRANSFER_SANCTIONED_COUNTERPARTY, TRANSFER_COUNTERPARTY_SANCTIONS_EXPOSURE (block at any amount, under any policy), TRANSFER_HIGH_RISK_COUNTERPARTY, TRANSFER_HIGH_RISK_SOURCE, TRANSFER_HIGH_RISK_DESTINATION (caution by default; block, a warning or nothing as the caller's policy says), TRANSFER_CATEGORY_COUNTERPARTY (gambling, exchange or bridge, only when a policy acts on it), TRANSFER_COUNTERPARTY_BLOCKED (caution)
     */
    reasons: Array<Coded>;
    /**
     * TRANSFER_UNVALUED_TOKEN, TRANSFER_MINT_OR_BURN, TRANSFER_INTAKE_NOT_QUEUED; with a policy, a rule whose action is warn gives its code as a warning, and TRANSFER_BELOW_POLICY_MINIMUM names findings not held against a transfer under the policy's transferMinUsd
     */
    warnings: Array<Coded>;
    counterpartyEvidence?: CounterpartyEvidence;
    modelVersion: string;
    policy?: PolicyRef;
    createdAt: string;
    updatedAt: string;
};
export type TransferBatchResult = {
    modelVersion: string;
    policy?: PolicyRef;
    /**
     * allow, caution and block count the screened rows
     */
    summary: {
        total: number;
        allow: number;
        caution: number;
        block: number;
        pending: number;
        invalid: number;
        notFound: number;
        error: number;
    };
    results: Array<TransferBatchRow>;
};
export type ErrorEnvelope = {
    ok: false;
    version: 'v1';
    error: {
        /**
         * One of ErrorCode; a code added later is any other string (treat it by its HTTP status).
         */
        code: ErrorCode | string;
        /**
         * Says what to do next
         */
        message: string;
    };
};
/**
 * Error codes this version answers. METHOD_NOT_ALLOWED comes with Allow; identity and attestation writes add the codes from CHALLENGE_UNKNOWN to ATTESTATION_CLOSED; any POST with an Idempotency-Key adds IDEMPOTENCY_IN_FLIGHT (409) and IDEMPOTENCY_KEY_REUSED (422); monitoring adds LIMIT_REACHED (409). Any write may answer CONFLICT (409) when it contradicts data changed concurrently in a way no route expects (nothing was changed; read the state before retrying).
 *
 */
export type ErrorCode = 'INVALID_WALLET' | 'INVALID_USERNAME' | 'INVALID_REQUEST' | 'INVALID_SORT' | 'INVALID_KEY' | 'NOT_ALLOWED' | 'NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'PAYLOAD_TOO_LARGE' | 'RATE_LIMITED' | 'SCHEMA_MISSING' | 'UNAVAILABLE' | 'INTERNAL' | 'CHALLENGE_UNKNOWN' | 'CHALLENGE_EXPIRED' | 'NONCE_USED' | 'SIGNATURE_INVALID' | 'SIGNATURE_EXPIRED' | 'USERNAME_TAKEN' | 'WALLET_ALREADY_REGISTERED' | 'CHAIN_NOT_SUPPORTED' | 'CHAIN_UNAVAILABLE' | 'TX_NOT_FOUND' | 'TX_REVERTED' | 'TX_NOT_FINAL' | 'TX_WRONG_PARTIES' | 'ATTESTER_NOT_REGISTERED' | 'COUNTERPARTY_NOT_REGISTERED' | 'ATTESTATION_CLOSED' | 'IDEMPOTENCY_IN_FLIGHT' | 'IDEMPOTENCY_KEY_REUSED' | 'LIMIT_REACHED' | 'CONFLICT';
export type OkEnvelope = {
    ok: true;
    version: 'v1';
    data: {
        [key: string]: unknown;
    };
};
/**
 * Body of a decision.changed delivery (Standard Webhooks shape)
 */
export type WebhookPayload = {
    type: 'decision.changed';
    /**
     * When the event was written
     */
    timestamp: string;
    data: {
        eventId: string;
        watchlistId: string;
        wallet: string;
        useCase: UseCase;
        cause: 'reindex' | 'identity' | 'trust' | 'screening';
        previous: DecisionSummary;
        current: DecisionSummary;
    };
};
/**
 * The parts of a decision whose change makes an event
 */
export type DecisionSummary = {
    decision: 'allow' | 'caution' | 'block';
    recommendedLimitUsdc: number;
    /**
     * Null without committed evidence
     */
    scoreBand: 'A' | 'B' | 'C' | 'D' | 'E' | null;
    /**
     * Sorted set of the decision's reason codes
     */
    reasonCodes: Array<string>;
};
export type WebhookDelivery = {
    id: string;
    eventId?: string;
    wallet?: string;
    state: 'pending' | 'running' | 'delivered' | 'failed';
    attempts: number;
    nextAttemptAt?: string;
    lastAttemptAt?: string;
    lastStatus?: number;
    lastError?: string;
    deliveredAt?: string;
    createdAt?: string;
};
export type WebhookEndpoint = {
    id: string;
    url: string;
    eventTypes: Array<string>;
    createdAt: string;
    enabled: boolean;
    disabledAt?: string;
    disabledReason?: string;
    /**
     * Only when created; store it, it is not shown again
     */
    secret?: string;
};
/**
 * Body of a transfer.screened delivery (Standard Webhooks shape)
 */
export type TransferScreenedPayload = {
    type: 'transfer.screened';
    /**
     * When the event was written
     */
    timestamp: string;
    data: {
        eventId: string;
        watchlistId: null;
        wallet: string;
        useCase: null;
        cause: 'transfer';
        previous: null;
        current: TransferScreened;
    };
};
/**
 * The screening (GET /api/v1/transfers/{screeningId}) and its verdict
 */
export type TransferScreened = {
    screeningId: number;
    chainId: number;
    txHash: string;
    /**
     * Absent for the native value
     */
    logIndex?: number;
    address: string;
    direction: 'received' | 'sent';
    counterparty: string;
    asset: 'native' | 'token';
    token?: string;
    symbol?: string;
    /**
     * Base units, exact
     */
    amount: string;
    /**
     * Only for a registered USD stablecoin
     */
    amountUsd?: number;
    verdict: 'allow' | 'caution' | 'block';
    reasonCodes: Array<string>;
    modelVersion: string;
};
export type TransferScreenedEvent = {
    /**
     * Also the cursor; the webhook-id of its deliveries is evt_<id>
     */
    id: string;
    type: 'transfer.screened';
    watchlistId: null;
    /**
     * The screened transfer's address (the caller's own)
     */
    wallet: string;
    useCase: null;
    cause: 'transfer';
    previous: null;
    current: TransferScreened;
    createdAt: string;
};
export type DecisionChangedEvent = {
    /**
     * Also the cursor; the webhook-id of its deliveries is evt_<id>
     */
    id: string;
    type: 'decision.changed';
    watchlistId: string;
    wallet: string;
    useCase: UseCase;
    cause: 'reindex' | 'identity' | 'trust' | 'screening';
    previous: DecisionSummary;
    current: DecisionSummary;
    createdAt: string;
};
export type Watchlist = {
    id: string;
    name: string;
    useCase: UseCase;
    size: number;
    createdAt: string;
    /**
     * New transfers into or out of its wallets are screened (transfer.screened)
     */
    screenTransfers: boolean;
};
/**
 * EVM address, case-insensitive on input, returned lowercase
 */
export type Wallet = string;
/**
 * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
 *
 */
export type IdempotencyKey = string;
export type Decision2 = {
    /**
     * unix seconds, the one signed
     */
    deadline: number;
    signature: string;
};
export type Wallets = {
    wallets: Array<string>;
};
export type GetDecisionData = {
    body?: never;
    path: {
        /**
         * EVM address, case-insensitive on input, returned lowercase
         */
        wallet: string;
    };
    query?: {
        useCase?: UseCase;
    };
    url: '/api/v1/decision/{wallet}';
};
export type GetDecisionErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type GetDecisionError = GetDecisionErrors[keyof GetDecisionErrors];
export type GetDecisionResponses = {
    /**
     * Decision; a wallet without a committed snapshot gets a caution baseline with cacheStatus indexing_required. Costs 1 unit.
     */
    200: OkEnvelope & {
        data?: Decision;
    };
};
export type GetDecisionResponse = GetDecisionResponses[keyof GetDecisionResponses];
export type ScreenBatchData = {
    body: {
        inputs: Array<string>;
        useCase?: UseCase;
    };
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/v1/decision/batch';
};
export type ScreenBatchErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     */
    409: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type ScreenBatchError = ScreenBatchErrors[keyof ScreenBatchErrors];
export type ScreenBatchResponses = {
    /**
     * One row per unique entry, in input order, and the summary. Costs N units.
     */
    200: OkEnvelope & {
        data?: BatchResult;
    };
};
export type ScreenBatchResponse = ScreenBatchResponses[keyof ScreenBatchResponses];
export type CreateReceiptData = {
    body: {
        wallet?: string;
        username?: string;
        useCase?: UseCase;
    };
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/v1/decision-receipts';
};
export type CreateReceiptErrors = {
    /**
     * INVALID_REQUEST (both or neither of wallet/username, bad body or useCase), INVALID_WALLET, INVALID_USERNAME
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     */
    409: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type CreateReceiptError = CreateReceiptErrors[keyof CreateReceiptErrors];
export type CreateReceiptResponses = {
    /**
     * The identical decision state already has a receipt today (deduped true)
     */
    200: OkEnvelope & {
        data?: ReceiptCreated;
    };
    /**
     * Created. Location names the receipt read.
     */
    201: OkEnvelope & {
        data?: ReceiptCreated;
    };
};
export type CreateReceiptResponse = CreateReceiptResponses[keyof CreateReceiptResponses];
export type GetReceiptData = {
    body?: never;
    headers?: {
        /**
         * An ETag from an earlier read answers 304 Not Modified
         */
        'If-None-Match'?: string;
    };
    path: {
        id: string;
    };
    query?: never;
    url: '/api/v1/decision-receipts/{id}';
};
export type GetReceiptErrors = {
    /**
     * INVALID_REQUEST (malformed receipt id)
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type GetReceiptError = GetReceiptErrors[keyof GetReceiptErrors];
export type GetReceiptResponses = {
    /**
     * The receipt. Costs 1 unit.
     */
    200: OkEnvelope & {
        data?: {
            receipt: Receipt;
        };
    };
};
export type GetReceiptResponse = GetReceiptResponses[keyof GetReceiptResponses];
export type GetScoreData = {
    body?: never;
    path: {
        /**
         * EVM address, case-insensitive on input, returned lowercase
         */
        wallet: string;
    };
    query?: never;
    url: '/api/v1/score/{wallet}';
};
export type GetScoreErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type GetScoreError = GetScoreErrors[keyof GetScoreErrors];
export type GetScoreResponses = {
    /**
     * Score. Costs 1 unit (a background rescan of a stale known wallet spends 5 more from the caller's anonymous per-IP budget).
     */
    200: OkEnvelope & {
        data?: Score;
    };
};
export type GetScoreResponse = GetScoreResponses[keyof GetScoreResponses];
export type StartIntakeData = {
    body?: never;
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path: {
        /**
         * EVM address, case-insensitive on input, returned lowercase
         */
        wallet: string;
    };
    query?: never;
    url: '/api/v1/intake/{wallet}';
};
export type StartIntakeErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     */
    409: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type StartIntakeError = StartIntakeErrors[keyof StartIntakeErrors];
export type StartIntakeResponses = {
    /**
     * already_indexed, with lastIndexedAt; free
     */
    200: OkEnvelope & {
        data?: ScanStatus;
    };
    /**
     * started (charged, with rate headers) or indexing (free)
     */
    202: OkEnvelope & {
        data?: ScanStatus;
    };
};
export type StartIntakeResponse = StartIntakeResponses[keyof StartIntakeResponses];
export type StreamIntakeProgressData = {
    body?: never;
    path: {
        /**
         * EVM address, case-insensitive on input, returned lowercase
         */
        wallet: string;
    };
    query?: never;
    url: '/api/v1/intake/{wallet}/events';
};
export type StreamIntakeProgressErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (the wallet was never indexed and nothing is queued for it); charged
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type StreamIntakeProgressError = StreamIntakeProgressErrors[keyof StreamIntakeProgressErrors];
export type StreamIntakeProgressResponses = {
    /**
     * The event stream; charged
     */
    200: string;
};
export type StreamIntakeProgressResponse = StreamIntakeProgressResponses[keyof StreamIntakeProgressResponses];
export type GetInteractionGraphData = {
    body?: never;
    path: {
        /**
         * EVM address, case-insensitive on input, returned lowercase
         */
        wallet: string;
    };
    query?: {
        /**
         * Nodes per page, 1 to 50, default 25. Integers above 50 are capped at 50 (the answer's pagination.limit shows 50); 0, negative or non-integer values answer 400 INVALID_REQUEST.
         *
         */
        limit?: number;
        /**
         * pagination.nextCursor of the previous page, unchanged (opaque base64url, signed, bound to the wallet and snapshot). Edited, foreign or undecodable cursors answer 400 INVALID_REQUEST; so does a cursor whose snapshot's rows retention removed (start again).
         *
         */
        cursor?: string;
        /**
         * Only activity: transaction count desc, last interaction desc, address asc; nodes with metrics null last with rank null; a single page (nextCursor null, hasMore false). Any other value, or sort together with cursor, answers 400 INVALID_SORT.
         *
         */
        sort?: 'activity';
    };
    url: '/api/v1/interaction-graph/{wallet}';
};
export type GetInteractionGraphErrors = {
    /**
     * INVALID_WALLET, INVALID_SORT, or INVALID_REQUEST (limit, cursor); not charged except an expired cursor
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type GetInteractionGraphError = GetInteractionGraphErrors[keyof GetInteractionGraphErrors];
export type GetInteractionGraphResponses = {
    /**
     * The graph page; a wallet without a committed snapshot answers coverage.status not_indexed and no nodes. Costs 1 unit.
     */
    200: OkEnvelope & {
        data?: {
            wallet: string;
            interactionGraph: InteractionGraph;
        };
    };
};
export type GetInteractionGraphResponse = GetInteractionGraphResponses[keyof GetInteractionGraphResponses];
export type RefreshWalletData = {
    body?: never;
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path: {
        /**
         * EVM address, case-insensitive on input, returned lowercase
         */
        wallet: string;
    };
    query?: never;
    url: '/api/v1/interaction-graph/{wallet}/refresh';
};
export type RefreshWalletErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * NOT_ALLOWED (no API key) or INVALID_KEY (malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     */
    409: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * SCHEMA_MISSING (refresh ledger not provisioned, reindex requested) or UNAVAILABLE
     */
    503: ErrorEnvelope;
};
export type RefreshWalletError = RefreshWalletErrors[keyof RefreshWalletErrors];
export type RefreshWalletResponses = {
    /**
     * fresh; free
     */
    200: OkEnvelope & {
        data?: ScanStatus;
    };
    /**
     * started with mode (charged, with rate headers) or indexing (free)
     */
    202: OkEnvelope & {
        data?: ScanStatus;
    };
};
export type RefreshWalletResponse = RefreshWalletResponses[keyof RefreshWalletResponses];
export type GetJwksData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/.well-known/jwks.json';
};
export type GetJwksResponses = {
    /**
     * JWK set (kty OKP, crv Ed25519, x, kid, use sig, alg EdDSA)
     */
    200: {
        keys: Array<{
            kty: 'OKP';
            crv: 'Ed25519';
            /**
             * base64url public key
             */
            x: string;
            kid: string;
            use?: 'sig';
            alg?: 'EdDSA';
        }>;
    };
};
export type GetJwksResponse = GetJwksResponses[keyof GetJwksResponses];
export type GetTrustGraphData = {
    body?: never;
    path: {
        /**
         * EVM address, case-insensitive on input, returned lowercase
         */
        wallet: string;
    };
    query?: never;
    url: '/api/v1/trust/{wallet}';
};
export type GetTrustGraphErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type GetTrustGraphError = GetTrustGraphErrors[keyof GetTrustGraphErrors];
export type GetTrustGraphResponses = {
    /**
     * Trust graph (an unknown or isolated wallet answers with no edges and networkHealth isolated)
     */
    200: OkEnvelope & {
        data?: TrustGraphData;
    };
};
export type GetTrustGraphResponse = GetTrustGraphResponses[keyof GetTrustGraphResponses];
export type GetExposureData = {
    body?: never;
    path: {
        /**
         * EVM address, case-insensitive on input, returned lowercase
         */
        wallet: string;
    };
    query?: never;
    url: '/api/v1/exposure/{wallet}';
};
export type GetExposureErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type GetExposureError = GetExposureErrors[keyof GetExposureErrors];
export type GetExposureResponses = {
    /**
     * Exposure of the wallet
     */
    200: OkEnvelope & {
        data?: ExposureData;
    };
};
export type GetExposureResponse = GetExposureResponses[keyof GetExposureResponses];
export type GetProfileData = {
    body?: never;
    path: {
        /**
         * <name>.<suffix>, case-insensitive, 2 to 64 characters
         */
        username: string;
    };
    query?: never;
    url: '/api/v1/profile/{username}';
};
export type GetProfileErrors = {
    /**
     * INVALID_WALLET, INVALID_USERNAME, INVALID_REQUEST (bad body, deadline too far ahead), CHALLENGE_UNKNOWN (not a challenge this service issued, or altered), CHALLENGE_EXPIRED, SIGNATURE_INVALID (not made by the wallet that must sign), SIGNATURE_EXPIRED (deadline passed), CHAIN_NOT_SUPPORTED (chainId outside the catalogue). Nothing was recorded.
     *
     */
    400: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
};
export type GetProfileError = GetProfileErrors[keyof GetProfileErrors];
export type GetProfileResponses = {
    /**
     * Profile
     */
    200: OkEnvelope & {
        data?: Profile;
    };
};
export type GetProfileResponse = GetProfileResponses[keyof GetProfileResponses];
export type ListIdentitiesData = {
    body?: never;
    path?: never;
    query?: {
        limit?: number;
        /**
         * pagination.nextCursor of the previous page
         */
        cursor?: string;
    };
    url: '/api/v1/identities';
};
export type ListIdentitiesErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
};
export type ListIdentitiesError = ListIdentitiesErrors[keyof ListIdentitiesErrors];
export type ListIdentitiesResponses = {
    /**
     * One page
     */
    200: OkEnvelope & {
        data?: Directory;
    };
};
export type ListIdentitiesResponse = ListIdentitiesResponses[keyof ListIdentitiesResponses];
export type ClaimIdentityData = {
    body: {
        message: string;
        signature: string;
    };
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/v1/identities';
};
export type ClaimIdentityErrors = {
    /**
     * INVALID_WALLET, INVALID_USERNAME, INVALID_REQUEST (bad body, deadline too far ahead), CHALLENGE_UNKNOWN (not a challenge this service issued, or altered), CHALLENGE_EXPIRED, SIGNATURE_INVALID (not made by the wallet that must sign), SIGNATURE_EXPIRED (deadline passed), CHAIN_NOT_SUPPORTED (chainId outside the catalogue). Nothing was recorded.
     *
     */
    400: ErrorEnvelope;
    /**
     * NONCE_USED (the challenge was already used), USERNAME_TAKEN, WALLET_ALREADY_REGISTERED, ATTESTATION_CLOSED (the attestation is rejected or revoked, or accepted when rejecting). Nothing was changed. Or IDEMPOTENCY_IN_FLIGHT (with Retry-After): a request with the same Idempotency-Key is still running.
     *
     */
    409: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * CHAIN_UNAVAILABLE (the chain's node did not answer; nothing was recorded)
     */
    503: ErrorEnvelope;
};
export type ClaimIdentityError = ClaimIdentityErrors[keyof ClaimIdentityErrors];
export type ClaimIdentityResponses = {
    /**
     * Registered
     */
    201: OkEnvelope & {
        data?: Identity;
    };
};
export type ClaimIdentityResponse = ClaimIdentityResponses[keyof ClaimIdentityResponses];
export type CreateClaimChallengeData = {
    body: {
        wallet: string;
        username: string;
        /**
         * defaults to the name as typed
         */
        displayName?: string;
    };
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/v1/identities/challenge';
};
export type CreateClaimChallengeErrors = {
    /**
     * INVALID_WALLET, INVALID_USERNAME, INVALID_REQUEST (bad body, deadline too far ahead), CHALLENGE_UNKNOWN (not a challenge this service issued, or altered), CHALLENGE_EXPIRED, SIGNATURE_INVALID (not made by the wallet that must sign), SIGNATURE_EXPIRED (deadline passed), CHAIN_NOT_SUPPORTED (chainId outside the catalogue). Nothing was recorded.
     *
     */
    400: ErrorEnvelope;
    /**
     * NONCE_USED (the challenge was already used), USERNAME_TAKEN, WALLET_ALREADY_REGISTERED, ATTESTATION_CLOSED (the attestation is rejected or revoked, or accepted when rejecting). Nothing was changed. Or IDEMPOTENCY_IN_FLIGHT (with Retry-After): a request with the same Idempotency-Key is still running.
     *
     */
    409: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
};
export type CreateClaimChallengeError = CreateClaimChallengeErrors[keyof CreateClaimChallengeErrors];
export type CreateClaimChallengeResponses = {
    /**
     * Challenge to sign with personal_sign
     */
    201: OkEnvelope & {
        data?: Challenge;
    };
};
export type CreateClaimChallengeResponse = CreateClaimChallengeResponses[keyof CreateClaimChallengeResponses];
export type CreateAttestationData = {
    body: {
        attester: string;
        subject: string;
        /**
         * a chain of the catalogue
         */
        chainId: number;
        txHash: string;
        /**
         * unix seconds; not past, at most identity.maxDeadlineSeconds ahead
         */
        deadline: number;
        signature: string;
    };
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/v1/attestations';
};
export type CreateAttestationErrors = {
    /**
     * INVALID_WALLET, INVALID_USERNAME, INVALID_REQUEST (bad body, deadline too far ahead), CHALLENGE_UNKNOWN (not a challenge this service issued, or altered), CHALLENGE_EXPIRED, SIGNATURE_INVALID (not made by the wallet that must sign), SIGNATURE_EXPIRED (deadline passed), CHAIN_NOT_SUPPORTED (chainId outside the catalogue). Nothing was recorded.
     *
     */
    400: ErrorEnvelope;
    /**
     * IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     */
    409: ErrorEnvelope;
    /**
     * TX_NOT_FOUND, TX_REVERTED, TX_NOT_FINAL (fewer confirmations than the chain's configured number; retry later), TX_WRONG_PARTIES (sender and recipient are not the two wallets), ATTESTER_NOT_REGISTERED, COUNTERPARTY_NOT_REGISTERED. Nothing was recorded. Or IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was used for another request.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * CHAIN_UNAVAILABLE (the chain's node did not answer; nothing was recorded)
     */
    503: ErrorEnvelope;
};
export type CreateAttestationError = CreateAttestationErrors[keyof CreateAttestationErrors];
export type CreateAttestationResponses = {
    /**
     * This transaction was already attested in this direction; the existing attestation
     */
    200: unknown;
    /**
     * Verified and recorded as pending
     */
    201: OkEnvelope & {
        data?: Attestation;
    };
};
export type CreateAttestationResponse = CreateAttestationResponses[keyof CreateAttestationResponses];
export type GetAttestationData = {
    body?: never;
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/attestations/{id}';
};
export type GetAttestationErrors = {
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
};
export type GetAttestationError = GetAttestationErrors[keyof GetAttestationErrors];
export type GetAttestationResponses = {
    /**
     * The attestation
     */
    200: OkEnvelope & {
        data?: Attestation;
    };
};
export type GetAttestationResponse = GetAttestationResponses[keyof GetAttestationResponses];
export type AcceptAttestationData = {
    body: Decision2;
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/attestations/{id}/accept';
};
export type AcceptAttestationErrors = {
    /**
     * INVALID_WALLET, INVALID_USERNAME, INVALID_REQUEST (bad body, deadline too far ahead), CHALLENGE_UNKNOWN (not a challenge this service issued, or altered), CHALLENGE_EXPIRED, SIGNATURE_INVALID (not made by the wallet that must sign), SIGNATURE_EXPIRED (deadline passed), CHAIN_NOT_SUPPORTED (chainId outside the catalogue). Nothing was recorded.
     *
     */
    400: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * NONCE_USED (the challenge was already used), USERNAME_TAKEN, WALLET_ALREADY_REGISTERED, ATTESTATION_CLOSED (the attestation is rejected or revoked, or accepted when rejecting). Nothing was changed. Or IDEMPOTENCY_IN_FLIGHT (with Retry-After): a request with the same Idempotency-Key is still running.
     *
     */
    409: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
};
export type AcceptAttestationError = AcceptAttestationErrors[keyof AcceptAttestationErrors];
export type AcceptAttestationResponses = {
    /**
     * Already accepted
     */
    200: unknown;
    /**
     * The decision was applied
     */
    201: OkEnvelope & {
        data?: Attestation;
    };
};
export type AcceptAttestationResponse = AcceptAttestationResponses[keyof AcceptAttestationResponses];
export type RejectAttestationData = {
    body: Decision2;
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/attestations/{id}/reject';
};
export type RejectAttestationErrors = {
    /**
     * INVALID_WALLET, INVALID_USERNAME, INVALID_REQUEST (bad body, deadline too far ahead), CHALLENGE_UNKNOWN (not a challenge this service issued, or altered), CHALLENGE_EXPIRED, SIGNATURE_INVALID (not made by the wallet that must sign), SIGNATURE_EXPIRED (deadline passed), CHAIN_NOT_SUPPORTED (chainId outside the catalogue). Nothing was recorded.
     *
     */
    400: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * NONCE_USED (the challenge was already used), USERNAME_TAKEN, WALLET_ALREADY_REGISTERED, ATTESTATION_CLOSED (the attestation is rejected or revoked, or accepted when rejecting). Nothing was changed. Or IDEMPOTENCY_IN_FLIGHT (with Retry-After): a request with the same Idempotency-Key is still running.
     *
     */
    409: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
};
export type RejectAttestationError = RejectAttestationErrors[keyof RejectAttestationErrors];
export type RejectAttestationResponses = {
    /**
     * Already rejected
     */
    200: unknown;
    /**
     * The decision was applied
     */
    201: OkEnvelope & {
        data?: Attestation;
    };
};
export type RejectAttestationResponse = RejectAttestationResponses[keyof RejectAttestationResponses];
export type RevokeAttestationData = {
    body: Decision2;
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/attestations/{id}/revoke';
};
export type RevokeAttestationErrors = {
    /**
     * INVALID_WALLET, INVALID_USERNAME, INVALID_REQUEST (bad body, deadline too far ahead), CHALLENGE_UNKNOWN (not a challenge this service issued, or altered), CHALLENGE_EXPIRED, SIGNATURE_INVALID (not made by the wallet that must sign), SIGNATURE_EXPIRED (deadline passed), CHAIN_NOT_SUPPORTED (chainId outside the catalogue). Nothing was recorded.
     *
     */
    400: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * NONCE_USED (the challenge was already used), USERNAME_TAKEN, WALLET_ALREADY_REGISTERED, ATTESTATION_CLOSED (the attestation is rejected or revoked, or accepted when rejecting). Nothing was changed. Or IDEMPOTENCY_IN_FLIGHT (with Retry-After): a request with the same Idempotency-Key is still running.
     *
     */
    409: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
};
export type RevokeAttestationError = RevokeAttestationErrors[keyof RevokeAttestationErrors];
export type RevokeAttestationResponses = {
    /**
     * Already revoked
     */
    200: unknown;
    /**
     * The decision was applied
     */
    201: OkEnvelope & {
        data?: Attestation;
    };
};
export type RevokeAttestationResponse = RevokeAttestationResponses[keyof RevokeAttestationResponses];
export type ScreenTransferData = {
    body: {
        /**
         * a chain of the catalogue with rpcUrls
         */
        chainId: number;
        txHash: string;
        /**
         * your own deposit or withdrawal address
         */
        address: string;
        direction: 'received' | 'sent';
        /**
         * the token Transfer log to screen when the transaction moves several
         */
        logIndex?: number;
    };
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/v1/transfers';
};
export type ScreenTransferErrors = {
    /**
     * INVALID_REQUEST: a malformed body, a chain Vouch does not read, a transaction that reverted (it moved nothing), one that moves nothing to or from address that way, or one that moves several such transfers and no logIndex named one
     *
     */
    400: ErrorEnvelope;
    /**
     * NOT_FOUND (the chain knows no transaction by that hash)
     */
    404: ErrorEnvelope;
    /**
     * IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     */
    409: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * CHAIN_UNAVAILABLE (the chain's node did not answer; nothing was recorded)
     */
    503: ErrorEnvelope;
};
export type ScreenTransferError = ScreenTransferErrors[keyof ScreenTransferErrors];
export type ScreenTransferResponses = {
    /**
     * This transfer was screened before; the same screening (a pending one brought up to date)
     */
    200: OkEnvelope & {
        data?: TransferScreening;
    };
    /**
     * Screened (or pending) for the first time
     */
    201: OkEnvelope & {
        data?: TransferScreening;
    };
};
export type ScreenTransferResponse = ScreenTransferResponses[keyof ScreenTransferResponses];
export type GetTransferScreeningData = {
    body?: never;
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/transfers/{id}';
};
export type GetTransferScreeningErrors = {
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * CHAIN_UNAVAILABLE (the chain's node did not answer; nothing was recorded)
     */
    503: ErrorEnvelope;
};
export type GetTransferScreeningError = GetTransferScreeningErrors[keyof GetTransferScreeningErrors];
export type GetTransferScreeningResponses = {
    /**
     * The screening
     */
    200: OkEnvelope & {
        data?: TransferScreening;
    };
};
export type GetTransferScreeningResponse = GetTransferScreeningResponses[keyof GetTransferScreeningResponses];
export type ScreenTransferBatchData = {
    body: {
        transfers: Array<{
            chainId: number;
            txHash: string;
            address: string;
            direction: 'received' | 'sent';
            logIndex?: number;
        }>;
    };
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/v1/transfers/batch';
};
export type ScreenTransferBatchErrors = {
    /**
     * INVALID_REQUEST (not an object with a transfers array, empty, over the plan's raw or unique cap); free
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     */
    409: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type ScreenTransferBatchError = ScreenTransferBatchErrors[keyof ScreenTransferBatchErrors];
export type ScreenTransferBatchResponses = {
    /**
     * One row per unique entry, in request order
     */
    200: OkEnvelope & {
        data?: TransferBatchResult;
    };
};
export type ScreenTransferBatchResponse = ScreenTransferBatchResponses[keyof ScreenTransferBatchResponses];
export type StreamTransferScreeningData = {
    body?: never;
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/transfers/{id}/events';
};
export type StreamTransferScreeningErrors = {
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * CHAIN_UNAVAILABLE (the chain's node did not answer; nothing was recorded)
     */
    503: ErrorEnvelope;
};
export type StreamTransferScreeningError = StreamTransferScreeningErrors[keyof StreamTransferScreeningErrors];
export type StreamTransferScreeningResponses = {
    /**
     * The event stream; charged
     */
    200: string;
};
export type StreamTransferScreeningResponse = StreamTransferScreeningResponses[keyof StreamTransferScreeningResponses];
export type CreateTransferReceiptData = {
    body: {
        /**
         * the id of POST /api/v1/transfers
         */
        screeningId: number;
    };
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/v1/transfer-receipts';
};
export type CreateTransferReceiptErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * CONFLICT (the screening is pending; mint once it is screened), or IDEMPOTENCY_IN_FLIGHT
     */
    409: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type CreateTransferReceiptError = CreateTransferReceiptErrors[keyof CreateTransferReceiptErrors];
export type CreateTransferReceiptResponses = {
    /**
     * The screening already has its receipt (deduped true)
     */
    200: OkEnvelope & {
        data?: TransferReceiptCreated;
    };
    /**
     * Created. Location names the receipt read.
     */
    201: OkEnvelope & {
        data?: TransferReceiptCreated;
    };
};
export type CreateTransferReceiptResponse = CreateTransferReceiptResponses[keyof CreateTransferReceiptResponses];
export type GetTransferReceiptData = {
    body?: never;
    headers?: {
        /**
         * An ETag from an earlier read answers 304 Not Modified
         */
        'If-None-Match'?: string;
    };
    path: {
        id: string;
    };
    query?: never;
    url: '/api/v1/transfer-receipts/{id}';
};
export type GetTransferReceiptErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type GetTransferReceiptError = GetTransferReceiptErrors[keyof GetTransferReceiptErrors];
export type GetTransferReceiptResponses = {
    /**
     * The receipt
     */
    200: OkEnvelope & {
        data?: {
            receipt: TransferReceipt;
        };
    };
};
export type GetTransferReceiptResponse = GetTransferReceiptResponses[keyof GetTransferReceiptResponses];
export type GetPolicyData = {
    body?: never;
    path?: never;
    query?: {
        version?: number;
    };
    url: '/api/v1/policies';
};
export type GetPolicyErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
};
export type GetPolicyError = GetPolicyErrors[keyof GetPolicyErrors];
export type GetPolicyResponses = {
    /**
     * The policy
     */
    200: OkEnvelope & {
        data?: PolicyAnswer;
    };
};
export type GetPolicyResponse = GetPolicyResponses[keyof GetPolicyResponses];
export type PutPolicyData = {
    body: PolicyInput;
    path?: never;
    query?: never;
    url: '/api/v1/policies';
};
export type PutPolicyErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * CONFLICT (two first changes of the key's policy at once; send it again)
     */
    409: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type PutPolicyError = PutPolicyErrors[keyof PutPolicyErrors];
export type PutPolicyResponses = {
    /**
     * The body equals the version in force; nothing changed
     */
    200: OkEnvelope & {
        data?: PolicyAnswer;
    };
    /**
     * A new version is in force
     */
    201: OkEnvelope & {
        data?: PolicyAnswer;
    };
};
export type PutPolicyResponse = PutPolicyResponses[keyof PutPolicyResponses];
export type GetStatsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/v1/stats';
};
export type GetStatsErrors = {
    /**
     * INVALID_KEY (Authorization present with another scheme, or a malformed, unknown or revoked key)
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * INTERNAL (an unexpected failure; the log holds the trace under the answer's X-Request-Id)
     */
    500: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type GetStatsError = GetStatsErrors[keyof GetStatsErrors];
export type GetStatsResponses = {
    /**
     * Statistics. Costs 1 unit.
     */
    200: OkEnvelope & {
        data?: Stats;
    };
};
export type GetStatsResponse = GetStatsResponses[keyof GetStatsResponses];
export type GetLivenessData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/health/live';
};
export type GetLivenessResponses = {
    /**
     * Alive
     */
    200: {
        status: 'UP';
    };
};
export type GetLivenessResponse = GetLivenessResponses[keyof GetLivenessResponses];
export type GetReadinessData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/health/ready';
};
export type GetReadinessErrors = {
    /**
     * A backing store is unreachable
     */
    503: Health;
};
export type GetReadinessError = GetReadinessErrors[keyof GetReadinessErrors];
export type GetReadinessResponses = {
    /**
     * Ready
     */
    200: Health;
};
export type GetReadinessResponse = GetReadinessResponses[keyof GetReadinessResponses];
export type GetMetricsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/metrics';
};
export type GetMetricsResponses = {
    /**
     * Prometheus text exposition format
     */
    200: string;
};
export type GetMetricsResponse = GetMetricsResponses[keyof GetMetricsResponses];
export type GetOpenApiData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/openapi.yaml';
};
export type GetOpenApiResponses = {
    /**
     * OpenAPI 3.1 document
     */
    200: string;
};
export type GetOpenApiResponse = GetOpenApiResponses[keyof GetOpenApiResponses];
export type GetApiReferenceData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/docs';
};
export type GetApiReferenceResponses = {
    /**
     * HTML page; its scripts and styles come from /docs/{asset} only
     */
    200: string;
};
export type GetApiReferenceResponse = GetApiReferenceResponses[keyof GetApiReferenceResponses];
export type GetApiReferenceAssetData = {
    body?: never;
    path: {
        asset: 'swagger-ui-bundle.js' | 'swagger-ui.css' | 'favicon-32x32.png' | 'reference.js' | 'reference.css';
    };
    query?: never;
    url: '/docs/{asset}';
};
export type GetApiReferenceAssetResponses = {
    /**
     * The asset
     */
    200: Blob | File;
};
export type GetApiReferenceAssetResponse = GetApiReferenceAssetResponses[keyof GetApiReferenceAssetResponses];
export type ListWatchlistsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/v1/watchlists';
};
export type ListWatchlistsErrors = {
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type ListWatchlistsError = ListWatchlistsErrors[keyof ListWatchlistsErrors];
export type ListWatchlistsResponses = {
    /**
     * Watchlists
     */
    200: OkEnvelope & {
        data?: {
            watchlists: Array<Watchlist>;
        };
    };
};
export type ListWatchlistsResponse = ListWatchlistsResponses[keyof ListWatchlistsResponses];
export type CreateWatchlistData = {
    body: {
        name: string;
        useCase?: UseCase;
        /**
         * Screen every new transfer into or out of the list's wallets (registered tokens and top-level native value, on every chain Vouch reads) as blocks arrive; each raises transfer.screened (docs/transfers.md, watched deposit addresses).
         *
         */
        screenTransfers?: boolean;
    };
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/v1/watchlists';
};
export type CreateWatchlistErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * LIMIT_REACHED (watchlists, watched wallets or endpoints of the key's plan; nothing was changed), or IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     *
     */
    409: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type CreateWatchlistError = CreateWatchlistErrors[keyof CreateWatchlistErrors];
export type CreateWatchlistResponses = {
    /**
     * The watchlist
     */
    201: OkEnvelope & {
        data?: Watchlist;
    };
};
export type CreateWatchlistResponse = CreateWatchlistResponses[keyof CreateWatchlistResponses];
export type DeleteWatchlistData = {
    body?: never;
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/watchlists/{id}';
};
export type DeleteWatchlistErrors = {
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type DeleteWatchlistError = DeleteWatchlistErrors[keyof DeleteWatchlistErrors];
export type DeleteWatchlistResponses = {
    /**
     * Deleted
     */
    200: OkEnvelope & {
        data?: {
            id: string;
            deleted: boolean;
        };
    };
};
export type DeleteWatchlistResponse = DeleteWatchlistResponses[keyof DeleteWatchlistResponses];
export type GetWatchlistPageData = {
    body?: never;
    path: {
        id: number;
    };
    query?: {
        /**
         * nextCursor of the previous page
         */
        cursor?: string;
        limit?: number;
    };
    url: '/api/v1/watchlists/{id}';
};
export type GetWatchlistPageErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type GetWatchlistPageError = GetWatchlistPageErrors[keyof GetWatchlistPageErrors];
export type GetWatchlistPageResponses = {
    /**
     * A page
     */
    200: OkEnvelope & {
        data?: {
            watchlist: Watchlist;
            wallets: Array<{
                wallet: string;
                decision: Decision | null;
            }>;
            /**
             * Absent at the end of the list
             */
            nextCursor: string | null;
        };
    };
};
export type GetWatchlistPageResponse = GetWatchlistPageResponses[keyof GetWatchlistPageResponses];
export type UpdateWatchlistData = {
    body: {
        screenTransfers: boolean;
    };
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/watchlists/{id}';
};
export type UpdateWatchlistErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type UpdateWatchlistError = UpdateWatchlistErrors[keyof UpdateWatchlistErrors];
export type UpdateWatchlistResponses = {
    /**
     * The watchlist
     */
    200: OkEnvelope & {
        data?: Watchlist;
    };
};
export type UpdateWatchlistResponse = UpdateWatchlistResponses[keyof UpdateWatchlistResponses];
export type AddWatchlistWalletsData = {
    body: Wallets;
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/watchlists/{id}/wallets';
};
export type AddWatchlistWalletsErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * LIMIT_REACHED (watchlists, watched wallets or endpoints of the key's plan; nothing was changed), or IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     *
     */
    409: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type AddWatchlistWalletsError = AddWatchlistWalletsErrors[keyof AddWatchlistWalletsErrors];
export type AddWatchlistWalletsResponses = {
    /**
     * What changed; intake fields only on additions
     */
    200: OkEnvelope & {
        data?: {
            watchlistId: string;
            /**
             * Distinct wallets in the request
             */
            requested: number;
            /**
             * Wallets added (or removed) that were not (or were) on the list
             */
            changed: number;
            size: number;
            /**
             * New wallets never indexed whose intake was queued
             */
            queuedForIntake?: number;
            /**
             * New wallets never indexed left unqueued by the caller's scan cap or units
             */
            notQueued?: number;
            intakeNote?: string;
        };
    };
};
export type AddWatchlistWalletsResponse = AddWatchlistWalletsResponses[keyof AddWatchlistWalletsResponses];
export type RemoveWatchlistWalletsData = {
    body: Wallets;
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/watchlists/{id}/wallets/remove';
};
export type RemoveWatchlistWalletsErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     */
    409: ErrorEnvelope;
    /**
     * PAYLOAD_TOO_LARGE (body over the configured limit, default 256 KiB)
     */
    413: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type RemoveWatchlistWalletsError = RemoveWatchlistWalletsErrors[keyof RemoveWatchlistWalletsErrors];
export type RemoveWatchlistWalletsResponses = {
    /**
     * What changed; intake fields only on additions
     */
    200: OkEnvelope & {
        data?: {
            watchlistId: string;
            /**
             * Distinct wallets in the request
             */
            requested: number;
            /**
             * Wallets added (or removed) that were not (or were) on the list
             */
            changed: number;
            size: number;
            /**
             * New wallets never indexed whose intake was queued
             */
            queuedForIntake?: number;
            /**
             * New wallets never indexed left unqueued by the caller's scan cap or units
             */
            notQueued?: number;
            intakeNote?: string;
        };
    };
};
export type RemoveWatchlistWalletsResponse = RemoveWatchlistWalletsResponses[keyof RemoveWatchlistWalletsResponses];
export type ListEventsData = {
    body?: never;
    path?: never;
    query?: {
        after?: string;
        limit?: number;
    };
    url: '/api/v1/events';
};
export type ListEventsErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type ListEventsError = ListEventsErrors[keyof ListEventsErrors];
export type ListEventsResponses = {
    /**
     * Events
     */
    200: OkEnvelope & {
        data?: {
            events: Array<DecisionChangedEvent | TransferScreenedEvent>;
            nextCursor: string;
        };
    };
};
export type ListEventsResponse = ListEventsResponses[keyof ListEventsResponses];
export type ListWebhookEndpointsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/v1/webhooks';
};
export type ListWebhookEndpointsErrors = {
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type ListWebhookEndpointsError = ListWebhookEndpointsErrors[keyof ListWebhookEndpointsErrors];
export type ListWebhookEndpointsResponses = {
    /**
     * Endpoints
     */
    200: OkEnvelope & {
        data?: {
            endpoints: Array<WebhookEndpoint>;
        };
    };
};
export type ListWebhookEndpointsResponse = ListWebhookEndpointsResponses[keyof ListWebhookEndpointsResponses];
export type CreateWebhookEndpointData = {
    body: {
        url: string;
        eventTypes?: Array<'decision.changed' | 'transfer.screened'>;
    };
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/v1/webhooks';
};
export type CreateWebhookEndpointErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * LIMIT_REACHED (watchlists, watched wallets or endpoints of the key's plan; nothing was changed), or IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     *
     */
    409: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type CreateWebhookEndpointError = CreateWebhookEndpointErrors[keyof CreateWebhookEndpointErrors];
export type CreateWebhookEndpointResponses = {
    /**
     * The endpoint; secret only in the answer that created it
     */
    201: OkEnvelope & {
        data?: WebhookEndpoint;
    };
};
export type CreateWebhookEndpointResponse = CreateWebhookEndpointResponses[keyof CreateWebhookEndpointResponses];
export type DeleteWebhookEndpointData = {
    body?: never;
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/webhooks/{id}';
};
export type DeleteWebhookEndpointErrors = {
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type DeleteWebhookEndpointError = DeleteWebhookEndpointErrors[keyof DeleteWebhookEndpointErrors];
export type DeleteWebhookEndpointResponses = {
    /**
     * Deleted
     */
    200: OkEnvelope & {
        data?: {
            id: string;
            deleted: boolean;
        };
    };
};
export type DeleteWebhookEndpointResponse = DeleteWebhookEndpointResponses[keyof DeleteWebhookEndpointResponses];
export type GetWebhookEndpointData = {
    body?: never;
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/webhooks/{id}';
};
export type GetWebhookEndpointErrors = {
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type GetWebhookEndpointError = GetWebhookEndpointErrors[keyof GetWebhookEndpointErrors];
export type GetWebhookEndpointResponses = {
    /**
     * The endpoint; secret only in the answer that created it
     */
    200: OkEnvelope & {
        data?: WebhookEndpoint;
    };
};
export type GetWebhookEndpointResponse = GetWebhookEndpointResponses[keyof GetWebhookEndpointResponses];
export type EnableWebhookEndpointData = {
    body?: never;
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path: {
        id: number;
    };
    query?: never;
    url: '/api/v1/webhooks/{id}/enable';
};
export type EnableWebhookEndpointErrors = {
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     */
    409: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type EnableWebhookEndpointError = EnableWebhookEndpointErrors[keyof EnableWebhookEndpointErrors];
export type EnableWebhookEndpointResponses = {
    /**
     * The endpoint; secret only in the answer that created it
     */
    200: OkEnvelope & {
        data?: WebhookEndpoint;
    };
};
export type EnableWebhookEndpointResponse = EnableWebhookEndpointResponses[keyof EnableWebhookEndpointResponses];
export type ListWebhookDeliveriesData = {
    body?: never;
    path: {
        id: number;
    };
    query?: {
        cursor?: string;
        limit?: number;
    };
    url: '/api/v1/webhooks/{id}/deliveries';
};
export type ListWebhookDeliveriesErrors = {
    /**
     * INVALID_WALLET (malformed wallet) or INVALID_REQUEST (unknown useCase, bad body)
     */
    400: ErrorEnvelope;
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type ListWebhookDeliveriesError = ListWebhookDeliveriesErrors[keyof ListWebhookDeliveriesErrors];
export type ListWebhookDeliveriesResponses = {
    /**
     * Deliveries
     */
    200: OkEnvelope & {
        data?: {
            deliveries: Array<WebhookDelivery>;
            nextCursor: string | null;
        };
    };
};
export type ListWebhookDeliveriesResponse = ListWebhookDeliveriesResponses[keyof ListWebhookDeliveriesResponses];
export type ReplayWebhookDeliveryData = {
    body?: never;
    headers?: {
        /**
         * Optional on every POST. 1 to 255 visible ASCII characters (a UUID is a good key); any other value, or the header sent twice, is 400 INVALID_REQUEST. Scoped to the caller (the API key, else the client address). The same key with the same request (method, URI and body bytes) within 24 hours answers the first request's stored status, body and Location with Idempotent-Replayed: true, runs nothing and charges nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT (Retry-After 1). Kept: every 2xx and 4xx answer except 401, 403 and 429; 5xx, 401, 403 and 429 are not kept (a retry with the key runs the request again).
         *
         */
        'Idempotency-Key'?: string;
    };
    path: {
        id: number;
        delivery: number;
    };
    query?: never;
    url: '/api/v1/webhooks/{id}/deliveries/{delivery}/replay';
};
export type ReplayWebhookDeliveryErrors = {
    /**
     * NOT_ALLOWED (no key; monitoring needs one) or INVALID_KEY
     */
    401: ErrorEnvelope;
    /**
     * NOT_ALLOWED (the key is suspended)
     */
    403: ErrorEnvelope;
    /**
     * NOT_FOUND (unknown receipt id or unknown username)
     */
    404: ErrorEnvelope;
    /**
     * IDEMPOTENCY_IN_FLIGHT (a request with this Idempotency-Key is still running; retry after Retry-After)
     */
    409: ErrorEnvelope;
    /**
     * IDEMPOTENCY_KEY_REUSED (this Idempotency-Key was used by the same caller for a different request, method, URI or body, within 24 hours; send a new key). Nothing ran, nothing was charged.
     *
     */
    422: ErrorEnvelope;
    /**
     * RATE_LIMITED: per-minute budget (refused whole, nothing spent; carries the rate headers), receipt creation budget, daily scan caps (Retry-After to next UTC midnight) or the per-wallet 10-minute cooldown; the message says which
     *
     */
    429: ErrorEnvelope;
    /**
     * UNAVAILABLE: a backing store is down or too slow (every database wait has a deadline, so this comes within seconds, never after the client's patience). The message says whether anything was created; an internal timeout on a write says it may still take effect. Retry after the Retry-After seconds.
     *
     */
    503: ErrorEnvelope;
};
export type ReplayWebhookDeliveryError = ReplayWebhookDeliveryErrors[keyof ReplayWebhookDeliveryErrors];
export type ReplayWebhookDeliveryResponses = {
    /**
     * Queued again
     */
    202: OkEnvelope & {
        data?: WebhookDelivery;
    };
};
export type ReplayWebhookDeliveryResponse = ReplayWebhookDeliveryResponses[keyof ReplayWebhookDeliveryResponses];
export type DecisionChangedWebhookWebhookPayload = WebhookPayload;
export type DecisionChangedWebhookWebhookRequest = {
    body: DecisionChangedWebhookWebhookPayload;
    key: 'decision.changed';
    path?: never;
    query?: never;
};
export type TransferScreenedWebhookWebhookPayload = TransferScreenedPayload;
export type TransferScreenedWebhookWebhookRequest = {
    body: TransferScreenedWebhookWebhookPayload;
    key: 'transfer.screened';
    path?: never;
    query?: never;
};
