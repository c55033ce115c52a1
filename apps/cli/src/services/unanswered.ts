/**
 * Targets that took the TCP connection but answered nothing: every template that connects failed
 * on them (a failure event, or skipped after too many host errors) and none found anything. The
 * engine reports failed requests, not answered ones, so "each template failed there" stands for
 * "every request failed". A port that accepts connections and never answers passed every gate
 * (`No findings.`, exit 0) before this; it now counts as unreachable, like a refused connection.
 */
export function unansweredTargets(
  targets: readonly string[],
  connectingTemplates: readonly string[],
  events: {
    findings: readonly { host: string; target?: string }[];
    failures: readonly { template_id: string; target: string; message: string }[];
    skipped: readonly { template_id: string; target: string | null; reason: string }[];
  },
): { target: string; reason: string }[] {
  if (connectingTemplates.length === 0) return [];
  const found = new Set(events.findings.map((f) => f.target ?? f.host));
  const failedOn = new Map<string, { templates: Set<string>; reason: string }>();
  const note = (target: string, template: string, reason: string) => {
    const entry = failedOn.get(target) ?? { templates: new Set<string>(), reason };
    entry.templates.add(template);
    failedOn.set(target, entry);
  };
  for (const f of events.failures) note(f.target, f.template_id, f.message);
  for (const s of events.skipped) if (s.target) note(s.target, s.template_id, s.reason);
  const out: { target: string; reason: string }[] = [];
  for (const target of targets) {
    const failed = failedOn.get(target);
    if (!failed || found.has(target)) continue;
    if (connectingTemplates.every((id) => failed.templates.has(id))) {
      out.push({ target, reason: failed.reason });
    }
  }
  return out;
}
