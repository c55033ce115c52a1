/** Spec §1: the ten translation namespaces. */
export const NAMESPACES = [
  'auth',
  'scans',
  'home',
  'workers',
  'layout',
  'templates',
  'settings',
  'callbacks',
  'assets',
  'shared',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
