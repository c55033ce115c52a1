import type { OperatorOutcome } from '../../operators/evaluate-operators.js';
import type { Operators } from '../../operators/types.js';

/**
 * What a flow call such as `http(1)` returns, as nuclei decides it (pkg/tmplexec/flow,
 * protocolResultCallback): true when a response matched; for a block without matchers, true when
 * a response gave an operator result (something extracted) or, with no operators at all, when any
 * response arrived. So `http(1) && http(2)` goes on after an extractor-only first request.
 */
export function callResult(ops: Operators): {
  readonly observe: (outcome: OperatorOutcome) => void;
  readonly value: () => boolean;
} {
  let value = false;
  const noMatchers = ops.matchers.length === 0;
  const noOperators = noMatchers && ops.extractors.length === 0;
  return {
    observe: (outcome) => {
      if (outcome.matched) value = true;
      else if (noOperators) value = true;
      else if (noMatchers && (outcome.findings.length > 0 || outcome.extracted.size > 0)) value = true;
    },
    value: () => value,
  };
}
