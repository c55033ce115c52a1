/**
 * A changed field's old or new value as text: technology lists by name (version), other arrays
 * and objects as compact JSON, nothing as ''.
 * @example showValue([{ platform: { name: 'nginx' }, version: '1.24' }]) // 'nginx (1.24)'
 */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        if (item && typeof item === 'object') {
          const o = item as { name?: string; version?: string | null; platform?: { name?: string } };
          const name = o.platform?.name ?? o.name;
          if (name) return o.version ? `${name} (${o.version})` : name;
          return JSON.stringify(item);
        }
        return String(item);
      })
      .join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
