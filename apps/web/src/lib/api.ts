import { createApiClient } from '@didban/core';
import { httpOptions } from './http';

/**
 * The full API client, for signed-in pages. Sign-in, sign-up and the start-up check use the
 * slimmer `authApi` instead, so their chunk does not grow with every endpoint later issues add.
 */
export const api = createApiClient(httpOptions);
