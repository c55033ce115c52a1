import { ApiError } from '@didban/core';
import { CliError } from '../errors.js';

/**
 * The server answers a missing id with a bare "Not found."; the client knows what it asked for,
 * so it says it: `No asset group with id 0b9c… in this workspace.`
 * @example await api.assets.getGroup(id).catch(notFoundAs('error.unknown_group', id))
 */
export const notFoundAs =
  (key: 'error.unknown_group' | 'error.unknown_vulnerability' | 'error.unknown_scan', id: string) =>
  (error: unknown): never => {
    if (error instanceof ApiError && error.status === 404) throw new CliError(key, { id });
    throw error;
  };
