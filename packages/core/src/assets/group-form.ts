/**
 * Asset group form validation (spec §5) over the create/patch body, reusing the target rules of
 * validation/targets.ts so the wizard, the older comma form and the server say the same words.
 */
import type { AssetGroupWriteInput } from '../contract/assets.js';
import {
  type LocalizedMessage,
  splitTargets,
  type ValidateRootsOptions,
  validateAssetGroupTargets,
} from '../validation/targets.js';

export type AssetGroupFormErrors = Partial<Record<'name' | 'roots' | 'custom_ports', LocalizedMessage[]>>;

/**
 * Field errors of a group body; empty when it may be saved.
 * @example validateAssetGroupForm({ name: ' ', roots: '' }).name?.[0]?.en // 'Asset Group Name is required.'
 */
export function validateAssetGroupForm(
  input: Pick<AssetGroupWriteInput, 'name' | 'roots' | 'port_setting' | 'custom_ports'>,
  options: ValidateRootsOptions = {},
): AssetGroupFormErrors {
  const errors = validateAssetGroupTargets(
    {
      name: input.name,
      roots: typeof input.roots === 'string' ? input.roots : input.roots.join('\n'),
      portSetting: input.port_setting ?? 'top-100',
      customPorts: input.custom_ports ?? '',
    },
    options,
  );
  const out: AssetGroupFormErrors = {};
  if (errors.name) out.name = errors.name;
  if (errors.roots) out.roots = errors.roots;
  if (errors.ports) out.custom_ports = errors.ports;
  return out;
}

/** The roots of a body as a clean list (one per line or comma-separated). */
export function assetGroupRoots(roots: AssetGroupWriteInput['roots']): string[] {
  return splitTargets(roots);
}
