import {
  constants,
  createDecipheriv,
  generateKeyPairSync,
  privateDecrypt,
  randomInt,
  randomUUID,
} from 'node:crypto';

/** One out-of-band interaction as an interactsh server reports it. */
export interface Interaction {
  readonly protocol: string;
  readonly uniqueId: string;
  readonly fullId: string;
  readonly rawRequest: string;
  readonly rawResponse: string;
  readonly remoteAddress: string;
  readonly timestamp: string;
}

export interface InteractshConfig {
  readonly serverUrl: string;
  /** The domain callbacks use; defaults to the server URL's host name. */
  readonly domain?: string;
  readonly token?: string;
  readonly pollIntervalMs?: number;
  readonly cooldownMs?: number;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (n: number) =>
  Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const CORRELATION_LENGTH = 20;
const NONCE_LENGTH = 13;

/**
 * A client for a self-hosted interactsh server (register → poll → deregister). The server
 * encrypts interactions with AES-256-CFB under a key wrapped with our RSA-OAEP (SHA-256) key, so
 * only this client reads them. Each request gets its own URL `<correlation><nonce>.<domain>`.
 */
export class InteractshClient {
  private readonly handlers = new Map<string, (i: Interaction) => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastActivity = Date.now();

  private constructor(
    private readonly config: InteractshConfig,
    private readonly domain: string,
    private readonly correlationId: string,
    private readonly secret: string,
    private readonly privateKey: string,
  ) {}

  static async register(config: InteractshConfig, signal: AbortSignal): Promise<InteractshClient> {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const correlationId = randomId(CORRELATION_LENGTH);
    const secret = randomUUID();
    const url = new URL('/register', config.serverUrl);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(config.token ? { Authorization: config.token } : {}),
      },
      body: JSON.stringify({
        'public-key': Buffer.from(publicKey).toString('base64'),
        'secret-key': secret,
        'correlation-id': correlationId,
      }),
      signal,
    });
    if (!res.ok) throw new Error(`interactsh registration failed: HTTP ${res.status}`);
    const client = new InteractshClient(
      config,
      config.domain ?? new URL(config.serverUrl).hostname,
      correlationId,
      secret,
      privateKey,
    );
    client.timer = setInterval(() => void client.pollOnce(signal), config.pollIntervalMs ?? 5000);
    client.timer.unref?.();
    return client;
  }

  /** A fresh URL for one request, and its handler for callbacks. */
  newUrl(onInteraction: (i: Interaction) => void): string {
    const uniqueId = `${this.correlationId}${randomId(NONCE_LENGTH)}`;
    this.handlers.set(uniqueId, onInteraction);
    return `${uniqueId}.${this.domain}`;
  }

  get pending(): number {
    return this.handlers.size;
  }

  async pollOnce(signal: AbortSignal): Promise<void> {
    if (this.handlers.size === 0 || signal.aborted) return;
    const url = new URL('/poll', this.config.serverUrl);
    url.searchParams.set('id', this.correlationId);
    url.searchParams.set('secret', this.secret);
    let body: { data?: string[] | null; aes_key?: string };
    try {
      const res = await fetch(url, {
        headers: this.config.token ? { Authorization: this.config.token } : {},
        signal,
      });
      if (!res.ok) return;
      body = (await res.json()) as typeof body;
    } catch {
      return;
    }
    if (!body.data?.length || !body.aes_key) return;
    const key = privateDecrypt(
      { key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(body.aes_key, 'base64'),
    );
    for (const item of body.data) {
      const interaction = decryptInteraction(key, item);
      if (!interaction) continue;
      this.lastActivity = Date.now();
      this.handlers.get(interaction.uniqueId)?.(interaction);
    }
  }

  /** Waits out the cooldown after the last request so late callbacks still count. */
  async drain(signal: AbortSignal): Promise<void> {
    const cooldown = this.config.cooldownMs ?? 5000;
    const step = Math.min(this.config.pollIntervalMs ?? 5000, 500);
    const until = Math.max(Date.now() + cooldown, this.lastActivity + cooldown);
    while (Date.now() < until && !signal.aborted && this.handlers.size > 0) {
      await this.pollOnce(signal);
      await new Promise((r) => setTimeout(r, step));
    }
  }

  forget(uniqueHost: string): void {
    this.handlers.delete(uniqueHost.split('.')[0]!);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    try {
      await fetch(new URL('/deregister', this.config.serverUrl), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(this.config.token ? { Authorization: this.config.token } : {}),
        },
        body: JSON.stringify({ 'correlation-id': this.correlationId, 'secret-key': this.secret }),
        signal: AbortSignal.timeout(2000),
      });
    } catch {
      // Deregistration is a courtesy; the server expires the session anyway.
    }
  }
}

/**
 * interactsh ≥ 1.2.5 (and Didban's own server) encrypt with AES-256-CTR; older servers with CFB.
 * Both share the IV and the first block, so the mode is told apart by which one yields JSON.
 */
const AES_MODES = ['aes-256-ctr', 'aes-256-cfb'] as const;

function decryptInteraction(key: Buffer, item: string): Interaction | undefined {
  const bytes = Buffer.from(item, 'base64');
  for (const mode of AES_MODES) {
    const interaction = decryptWith(mode, key, bytes);
    if (interaction) return interaction;
  }
  return undefined;
}

function decryptWith(mode: (typeof AES_MODES)[number], key: Buffer, bytes: Buffer): Interaction | undefined {
  try {
    const decipher = createDecipheriv(mode, key, bytes.subarray(0, 16));
    const text = Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString('utf8');
    const raw = JSON.parse(text) as Record<string, string>;
    return {
      protocol: raw.protocol ?? '',
      uniqueId: raw['unique-id'] ?? '',
      fullId: raw['full-id'] ?? '',
      rawRequest: raw['raw-request'] ?? '',
      rawResponse: raw['raw-response'] ?? '',
      remoteAddress: raw['remote-address'] ?? '',
      timestamp: raw.timestamp ?? '',
    };
  } catch {
    return undefined;
  }
}
