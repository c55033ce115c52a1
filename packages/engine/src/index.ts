// discovery

// end nuclei
// Headless templates: the worker's browser budget (one Chromium, a page pool).
export {
  BrowserPool,
  type BrowserPoolOptions,
  type BrowserPoolStats,
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_TIMEOUT_MS,
} from './browser/browser-pool.js';
export {
  CRAWL_DEFAULTS,
  CrawlInputError,
  crawl,
} from './discovery/crawl/crawl.js';
export {
  endpointToFuzzInput,
  MULTIPART_BOUNDARY,
} from './discovery/crawl/fuzz-input.js';
export {
  type CrawledEndpoint,
  type CrawlOptions,
  type CrawlResult,
  type CrawlStop,
  ENDPOINT_SOURCES,
  type EndpointBodyType,
  type EndpointSource,
} from './discovery/crawl/types.js';
export {
  type DiscoverOptions,
  DiscoveryInputError,
  discover,
} from './discovery/discover.js';
export { type AxfrResult, attemptAxfr } from './discovery/dns/axfr.js';
export {
  type DnsAnswer,
  DnsResolver,
  type QueryType,
  type ResolvedHost,
  type ResolverOptions,
} from './discovery/dns/resolver.js';
export { detectWildcard, matchesWildcard, type WildcardInfo } from './discovery/dns/wildcard.js';
export { faviconHash } from './discovery/http/favicon-hash.js';
export {
  type Anomaly,
  type HttpProbeResult,
  type HttpRedirect,
  type ProbeOptions,
  type ProbeTarget,
  probeService,
  type ServiceProbe,
} from './discovery/http/probe.js';
export type { TlsFacts } from './discovery/http/request.js';
export {
  BODY_START_BYTES,
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUTS,
  type DiscoveryConcurrency,
  type DiscoveryTimeouts,
  resolveConcurrency,
  resolveTimeouts,
  type WorkerTimeoutSettings,
  workerTimeouts,
} from './discovery/options.js';
export {
  type PortResult,
  type PortTarget,
  portPairs,
  probePort,
  scanPorts,
} from './discovery/ports/connect-scan.js';
export { type PortSelection, PortSpecError, selectPorts } from './discovery/ports/port-selection.js';
export { TOP_100_PORTS, TOP_1000_PORTS } from './discovery/ports/top-ports.js';
export { createScope, type ScopeOptions } from './discovery/scope.js';
export {
  CHROMIUM_ARGS,
  type ScreenshotOptions,
  Screenshotter,
} from './discovery/screenshot/screenshotter.js';
export { bruteForceCandidates } from './discovery/subdomains/brute-force.js';
export type { PassiveProvider, ProviderName } from './discovery/subdomains/passive/provider.js';
export { PASSIVE_PROVIDERS } from './discovery/subdomains/passive/providers.js';
export {
  type PassiveProviderConfig,
  type ProviderOutcome,
  runProvider,
} from './discovery/subdomains/passive/run-providers.js';
export { BUNDLED_WORDLIST } from './discovery/subdomains/wordlist.js';
export { DEFAULT_TECHNOLOGY_ICON } from './discovery/technologies/default-icon.js';
export {
  type DetectedTechnology,
  detectTechnologies,
  type TechnologyResult,
} from './discovery/technologies/detect.js';
export type {
  DiscoveredAsset,
  DiscoveryEvent,
  DiscoveryRecord,
  DiscoveryStage,
  DiscoveryStats,
  HostSource,
  ScreenshotResult,
} from './discovery/types.js';
export { concurrentMap } from './discovery/util/concurrent-map.js';
// end discovery
// nuclei
export {
  type CompiledTemplate,
  collectScan,
  compileGoRegex,
  type DslValue,
  evaluateDsl,
  evaluateDslCondition,
  type Finding,
  FUZZ_INPUT_FORMATS,
  type FuzzedPoint,
  type FuzzInput,
  FuzzInputError,
  type FuzzInputFormat,
  type GoRegex,
  helperNames,
  type InvalidTemplate,
  isFuzzingTemplate,
  type LoadOptions,
  type LoadResult,
  loadTemplateFiles,
  loadTemplates,
  NUCLEI_DEFAULTS,
  type ParseInputsOptions,
  parseFuzzInputs,
  parseTarget,
  type RejectedTemplate,
  RequestCapError,
  type RunTemplatesInput,
  resolverLookup,
  runTemplates,
  type ScanEvent,
  type ScanOptions,
  type ScanProtocol,
  type ScanResult,
  type Scope,
  type Target,
  type TemplateSource,
} from './nuclei/index.js';
// The interactsh client: out-of-band templates, and the client of Didban's own interaction server.
export {
  type Interaction,
  InteractshClient,
  type InteractshConfig,
} from './nuclei/interactsh/interactsh-client.js';
export { interactshServerUrl } from './nuclei/interactsh/server-url.js';
export type { HeadlessScanOptions } from './nuclei/protocols/headless/headless-options.js';
export {
  CAPABILITY_GATES,
  type CapabilityGate,
  type GateDefault,
  type GateName,
  type GateState,
  gate,
  gateSkipReason,
  type Runner,
  runnerGates,
} from './nuclei/trust/gates.js';
export {
  PROJECTDISCOVERY_CERTIFICATE,
  type SignatureVerdict,
  signTemplate,
  type TrustedKey,
  trustedKey,
  trustedKeys,
  verifyTemplate,
} from './nuclei/trust/signature.js';
export {
  createScopePolicy,
  INTERNAL_RANGE_TEXT,
  installSocketGuard,
  type LookupCallback,
  parseAddress,
  parseScopeRange,
  parseScopeRanges,
  ScopeError,
  type ScopePolicy,
  type ScopePolicyOptions,
  type ScopeRange,
  ScopeRangeError,
  type ScopeRefusal,
  type SocketGuardOptions,
} from './scope/index.js';
