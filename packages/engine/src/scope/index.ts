export { INTERNAL_RANGE_TEXT, INTERNAL_RANGES } from './internal-ranges.js';
export {
  createScopePolicy,
  type LookupCallback,
  ScopeError,
  type ScopePolicy,
  type ScopePolicyOptions,
  type ScopeRefusal,
} from './policy.js';
export {
  type Address,
  parseAddress,
  parseScopeRange,
  parseScopeRanges,
  rangeContains,
  rangesOverlap,
  type ScopeRange,
  ScopeRangeError,
} from './ranges.js';
export { installSocketGuard, type SocketGuardOptions } from './socket-guard.js';
