import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/**
 * Every environment variable the client reads, parsed once in `run` (only `main.ts` touches
 * process.env). Pipelines configure the client with these instead of `didban login`.
 */
const envSchema = z.object({
  DIDBAN_URL: optional,
  DIDBAN_TOKEN: optional,
  DIDBAN_WORKSPACE: optional,
  DIDBAN_LANG: optional,
  /** Where the config file lives; tests point it at a temp folder. */
  DIDBAN_CONFIG_DIR: optional,
  NO_COLOR: optional,
  LC_ALL: optional,
  LANG: optional,
});

export type CliEnv = z.infer<typeof envSchema>;

export function parseEnv(env: Readonly<Record<string, string | undefined>>): CliEnv {
  // Every field is an optional string, so parsing cannot fail; unknown variables are ignored.
  return envSchema.parse(env);
}
