/**
 * The loopback range the browser tests' targets live in. The e2e server's built-in worker refuses
 * loopback unless the operator opens it (DIDBAN_BUILTIN_WORKER_ALLOW, issue 15), so global setup
 * opens exactly this /16 and every lab or local target of a spec is placed inside it.
 */
export const E2E_LAB_RANGE = '127.77.0.0/16';

/** A lab subnet (`127.77.x`) for startLab({ subnet }); random so a rerun does not collide. */
export function e2eLabSubnet(): string {
  return `127.77.${1 + Math.floor(Math.random() * 250)}`;
}

/**
 * Alert deliveries: the e2e server may send to this /24 only (DIDBAN_ALERTS_ALLOW), where the
 * specs' webhook receivers listen. Outside the lab subnets (127.77.1–250).
 */
export const E2E_ALERT_RANGE = '127.77.254.0/24';
export const E2E_ALERT_RECEIVER_HOST = '127.77.254.1';

/** A fixed address of the range for a spec's own local target (outside the lab subnets). */
export const E2E_TARGET_HOST = '127.77.255.200';
