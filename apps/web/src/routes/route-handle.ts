/** What a route tells the shell about itself (react-router `handle`). */
export type RouteHandle = {
  /** Spec §2: /templates uses the whole width instead of the centred column. */
  fullWidth?: boolean;
};
