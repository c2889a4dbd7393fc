import 'server-only';

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { skynetChainsVariable } from '@/lib/schemas/skynet-chains';
import { z } from '@/lib/zod';

/** Empty strings in the environment mean "unset". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const url = (protocols: string[]) =>
  z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`) });

const configSchema = z
  .object({
    NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
    PORT: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? (/^\d+$/.test(value.trim()) ? Number(value) : value) : undefined),
      z.number('must be a whole number from 1 to 65535').int().min(1).max(65535).default(3000),
    ),
    DATA_DIR: optional(z.string()),
    DATABASE_URL: optional(url(['postgres', 'postgresql'])),
    AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    SMTP_URL: optional(url(['smtp', 'smtps'])),
    MAIL_FROM: optional(z.string().min(3)),
    // Makes every code readable at /dev/mailbox and in the log: for one developer's machine only.
    DEV_MAILBOX: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z.enum(['1', 'true', '0', 'false'], 'must be 1, true, 0 or false').optional(),
    ),
    // `off` starts a site with no generated figures at all (server/db/seed.ts); the default keeps the demo.
    DEMO_DATA: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z.enum(['on', 'off'], 'must be on or off').optional(),
    ),
    REDIS_URL: optional(url(['redis', 'rediss'])),
    // Namespace of the rate-limit keys in Redis, so sites (or test runs) sharing one Redis never share budgets.
    RATE_LIMIT_PREFIX: optional(z.string().regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits, or . : _ -')),
    // `name` turns a flag on for everyone, `!name` off for everyone, whatever PostHog says (server/flags.ts).
    FEATURE_FLAGS: optional(z.string().regex(/^!?[\w-]+(,!?[\w-]+)*$/, 'must be a comma-separated list of flag names, each optionally prefixed with !')),
    NEXT_PUBLIC_POSTHOG_KEY: optional(z.string()),
    NEXT_PUBLIC_POSTHOG_HOST: optional(url(['http', 'https'])),
    AUTH_GOOGLE_ID: optional(z.string()),
    AUTH_GOOGLE_SECRET: optional(z.string()),
    IMAGE_CDN_URL: optional(url(['http', 'https'])),
    AVATAR_BASE_URL: optional(url(['http', 'https'])),
    // Staff uploads (logos, audit reports): a bucket accepting PUT; unset keeps them under DATA_DIR/files.
    FILES_BASE_URL: optional(url(['http', 'https'])),
    RPC_URL: optional(url(['http', 'https', 'ws', 'wss'])),
    // The chains Skynet follows (lib/schemas/skynet-chains.ts); RPC_URL alone is the one-chain shorthand.
    SKYNET_CHAINS: skynetChainsVariable,
    EXPLORER_URL: optional(url(['http', 'https'])),
    SKYNET_REORG_DEPTH: optional(z.coerce.number('must be a whole number').int().min(0).max(1000)),
    SKYNET_BATCH_BLOCKS: optional(z.coerce.number('must be a whole number').int().min(1).max(10_000)),
    SKYNET_INTERVAL_SECONDS: optional(z.coerce.number('must be a whole number').int().min(1).max(86_400)),
    SKYNET_RPC_TIMEOUT_MS: optional(z.coerce.number('must be a whole number').int().min(100).max(600_000)),
    SKYNET_BACKFILL_BLOCKS: optional(z.coerce.number('must be a whole number').int().min(0).max(100_000_000)),
    SKYNET_POLL_SECONDS: optional(z.coerce.number('must be a number of seconds').min(0.1).max(3600)),
    ANNOUNCEMENT_CONTENT: optional(z.string().max(200)),
    ANNOUNCEMENT_LINK_TEXT: optional(z.string().max(60)),
    ANNOUNCEMENT_LINK: optional(z.string().regex(/^(\/|https?:\/\/)/, 'must be a path or an http(s) URL')),
    QUOTE_FORM_EMBED_URL: optional(url(['https'])),
    // Told of every new quote request; unset, the requests wait in the console's inbox.
    QUOTE_NOTIFY_EMAIL: optional(z.email('must be an email address')),
    SITE_URL: optional(url(['http', 'https'])),
    // Where vulnerability reports go (security.txt's Contact): a mailto: address or an https page the team reads.
    SECURITY_CONTACT: optional(z.string().regex(/^(mailto:[^@\s]+@[^@\s]+\.[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')),
    LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
    // Proxies in front of us that append to X-Forwarded-For (server/request-ip.ts); 0 trusts none.
    TRUSTED_PROXY_HOPS: optional(z.coerce.number('must be a whole number').int().min(0).max(10)),
    // Lets a Prometheus on another machine read /metrics (Authorization: Bearer <token>); unset, only this machine may.
    METRICS_TOKEN: optional(z.string().min(32, 'must be at least 32 characters').regex(/^[\x21-\x7e]+$/, 'must be printable ASCII with no spaces')),
    SHUTDOWN_TIMEOUT_SECONDS: optional(z.coerce.number('must be a whole number').int().min(1).max(600)),
    DATABASE_QUERY_TIMEOUT_MS: optional(z.coerce.number('must be a whole number').int().min(100).max(600_000)),
    // Skynet's detectors: a mint, or a transfer out of the contract, above this share of the supply raises an alert.
    SKYNET_MINT_ALERT_SHARE: optional(z.coerce.number('must be a share from 0 to 1, e.g. 0.01').min(0, 'must be a share from 0 to 1, e.g. 0.01').max(1, 'must be a share from 0 to 1, e.g. 0.01')),
    SKYNET_OUTFLOW_ALERT_SHARE: optional(z.coerce.number('must be a share from 0 to 1, e.g. 0.01').min(0, 'must be a share from 0 to 1, e.g. 0.01').max(1, 'must be a share from 0 to 1, e.g. 0.01')),
    // Lets webhook endpoints use plain http and private or loopback addresses: for tests with a local receiver only.
    WEBHOOK_ALLOW_PRIVATE: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z.enum(['1', 'true', '0', 'false'], 'must be 1, true, 0 or false').optional(),
    ),
    // `off`: this web process runs no mail, webhook, digest or Skynet loop; `npm run worker` runs them (docs/deploy.md).
    BACKGROUND_WORKERS: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z.enum(['on', 'off'], 'must be on or off').optional(),
    ),
    // Set by the platforms themselves (serverlessPlatform below); read only to refuse what cannot work there.
    VERCEL: optional(z.string()),
    AWS_LAMBDA_FUNCTION_NAME: optional(z.string()),
    NETLIFY: optional(z.string()),
    FUNCTIONS_WORKER_RUNTIME: optional(z.string()),
    NEXT_PHASE: optional(z.string()),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !URL.canParse(env.DATABASE_URL.replace(/^postgres(ql)?:/, 'http:'))) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'must be a full PostgreSQL URL with a host' });
    } else if (env.DATABASE_URL && !new URL(env.DATABASE_URL.replace(/^postgres(ql)?:/, 'http:')).hostname) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'must be a full PostgreSQL URL with a host' });
    }
    // `next build` needs no session key; the server that runs the build does.
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.AUTH_SECRET && env.NEXT_PHASE !== 'phase-production-build') {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production with DATABASE_URL' });
    }
    // A real deployment must mail its codes, and must never show them to whoever opens /dev/mailbox.
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && env.NEXT_PHASE !== 'phase-production-build') {
      if (!env.SMTP_URL) {
        ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production with DATABASE_URL: without it no verification or reset code would ever reach its user' });
      }
      if (env.DEV_MAILBOX === '1' || env.DEV_MAILBOX === 'true') {
        ctx.addIssue({ code: 'custom', path: ['DEV_MAILBOX'], message: 'must be off in production with DATABASE_URL: it shows every code to anyone' });
      }
    }
    // A site others reach (SITE_URL not on this machine) in production: links, canonical URLs, feed ids, Secure
    // cookies and HSTS all follow SITE_URL, so it must be https; and security.txt must name a contact that is read.
    if (env.NODE_ENV === 'production' && env.NEXT_PHASE !== 'phase-production-build' && env.SITE_URL && !isLoopbackUrl(env.SITE_URL)) {
      if (new URL(env.SITE_URL).protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', path: ['SITE_URL'], message: 'must be an https:// URL in production (plain http only for localhost)' });
      }
      if (!env.SECURITY_CONTACT) {
        ctx.addIssue({ code: 'custom', path: ['SECURITY_CONTACT'], message: 'is required in production: security.txt must name where vulnerability reports are read (mailto: or https://)' });
      }
    }
    // One registry: RPC_URL is the shorthand for a single chain, not a chain added to SKYNET_CHAINS.
    if (env.SKYNET_CHAINS && env.RPC_URL) {
      ctx.addIssue({ code: 'custom', path: ['RPC_URL'], message: 'must be unset when SKYNET_CHAINS is set: list that endpoint as a chain of SKYNET_CHAINS' });
    }
    // The loops must run somewhere: on the embedded database no other process may open the folder to run them.
    if (env.BACKGROUND_WORKERS === 'off' && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['BACKGROUND_WORKERS'], message: 'off needs DATABASE_URL: on the embedded database only this server can run the mail, webhook and Skynet work (`npm run worker` runs them beside it on PostgreSQL)' });
    }
    const platform = serverlessPlatform(env);
    // The build's prerendered pages read a throwaway copy; only the functions that serve must use shared state.
    if (platform && env.NEXT_PHASE !== 'phase-production-build') {
      const why = `${platform} runs many short-lived copies of the server with no lasting disk of their own (docs/deploy.md)`;
      if (!env.DATABASE_URL) {
        ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: `is required on ${platform}: the embedded database lives in one process's DATA_DIR, and ${why}` });
      }
      if (!env.REDIS_URL) {
        ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: `is required on ${platform}: in-process rate limits would give every copy a budget of its own, and ${why}` });
      }
      if (!env.AUTH_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: `is required on ${platform}: a session key generated into DATA_DIR would differ from copy to copy` });
      }
      if (!env.AVATAR_BASE_URL) {
        ctx.addIssue({ code: 'custom', path: ['AVATAR_BASE_URL'], message: `is required on ${platform}: avatars would otherwise be written under DATA_DIR, and ${why}` });
      }
      if (!env.FILES_BASE_URL) {
        ctx.addIssue({ code: 'custom', path: ['FILES_BASE_URL'], message: `is required on ${platform}: staff uploads would otherwise be written under DATA_DIR, and ${why}` });
      }
      if (env.BACKGROUND_WORKERS === 'on') {
        ctx.addIssue({ code: 'custom', path: ['BACKGROUND_WORKERS'], message: `must be off on ${platform}: a function is frozen between requests, so a loop would stop mid-send; run \`npm run worker\` on a long-running host` });
      }
    }
    if (Boolean(env.AUTH_GOOGLE_ID) !== Boolean(env.AUTH_GOOGLE_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_GOOGLE_SECRET'], message: 'AUTH_GOOGLE_ID and AUTH_GOOGLE_SECRET go together' });
    }
    if ((env.ANNOUNCEMENT_LINK || env.ANNOUNCEMENT_LINK_TEXT) && !env.ANNOUNCEMENT_CONTENT) {
      ctx.addIssue({ code: 'custom', path: ['ANNOUNCEMENT_CONTENT'], message: 'is required when the announcement has a link' });
    }
    if (Boolean(env.ANNOUNCEMENT_LINK) !== Boolean(env.ANNOUNCEMENT_LINK_TEXT)) {
      ctx.addIssue({ code: 'custom', path: ['ANNOUNCEMENT_LINK'], message: 'ANNOUNCEMENT_LINK and ANNOUNCEMENT_LINK_TEXT go together' });
    }
  });

/** True for a URL whose host is this machine (localhost, 127.0.0.0/8, ::1): a site only its own machine reaches. */
export function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '::1';
}

/**
 * The serverless platform this process runs on, by the variables each sets in its functions, or null. Cloud Run
 * (K_SERVICE) is not one: it runs our container image with start.mjs as on any container host (docs/decisions.md).
 */
export function serverlessPlatform(env: { VERCEL?: string; AWS_LAMBDA_FUNCTION_NAME?: string; NETLIFY?: string; FUNCTIONS_WORKER_RUNTIME?: string }): string | null {
  if (env.VERCEL) return 'Vercel';
  if (env.NETLIFY) return 'Netlify';
  if (env.AWS_LAMBDA_FUNCTION_NAME) return 'AWS Lambda';
  if (env.FUNCTIONS_WORKER_RUNTIME) return 'Azure Functions';
  return null;
}

export type Config = ReturnType<typeof shapeConfig>;

/** Thrown for a bad environment; the message names every offending variable. */
export class ConfigError extends Error {
  name = 'ConfigError';
}

function shapeConfig(env: z.infer<typeof configSchema>) {
  const dataDir = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR ?? 'data');
  const nodeEnv = env.NODE_ENV ?? 'development';
  return {
    nodeEnv,
    isProduction: nodeEnv === 'production',
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? null,
    authSecret: env.AUTH_SECRET ?? null,
    smtpUrl: env.SMTP_URL ?? null,
    /** Only when the operator turns it on: /dev/mailbox lists the outbox and the log carries each mail's text. */
    devMailbox: env.DEV_MAILBOX === '1' || env.DEV_MAILBOX === 'true',
    mailFrom: env.MAIL_FROM ?? 'Sentinel Shield <no-reply@localhost>',
    /** The seed generates demo figures (ranks, scores, audits, alerts, Skynet series); off, only plain projects. */
    demoData: env.DEMO_DATA !== 'off',
    redisUrl: env.REDIS_URL ?? null,
    rateLimitPrefix: env.RATE_LIMIT_PREFIX ?? 'sentinel',
    featureFlags: (env.FEATURE_FLAGS ?? 'extendedUserSetting').split(',').filter(Boolean),
    posthog: env.NEXT_PUBLIC_POSTHOG_KEY
      ? { key: env.NEXT_PUBLIC_POSTHOG_KEY, host: env.NEXT_PUBLIC_POSTHOG_HOST ?? 'https://us.i.posthog.com' }
      : null,
    google: env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET ? { id: env.AUTH_GOOGLE_ID, secret: env.AUTH_GOOGLE_SECRET } : null,
    imageCdnUrl: env.IMAGE_CDN_URL ?? null,
    avatarBaseUrl: env.AVATAR_BASE_URL ?? null,
    filesBaseUrl: env.FILES_BASE_URL ?? null,
    /** The one-chain shorthand of SKYNET_CHAINS: this endpoint, its chain id asked of it (server/skynet/chains.ts). */
    rpcUrl: env.RPC_URL ?? null,
    /** Block explorer base (e.g. https://etherscan.io): privileged transactions link to `<base>/tx/<hash>`. */
    explorerUrl: env.EXPLORER_URL?.replace(/\/+$/, '') ?? null,
    skynet: {
      /** The chain registry (SKYNET_CHAINS), empty when only RPC_URL (or nothing) is set. */
      chains: env.SKYNET_CHAINS ?? [],
      /** Blocks re-read at the start of every run, so a reorg shallower than this is corrected. */
      reorgDepth: env.SKYNET_REORG_DEPTH ?? 12,
      batchBlocks: env.SKYNET_BATCH_BLOCKS ?? 200,
      /** A pass runs at least this often, even when no new head was seen (a safety net for a missed poll). */
      intervalSeconds: env.SKYNET_INTERVAL_SECONDS ?? 30,
      rpcTimeoutMs: env.SKYNET_RPC_TIMEOUT_MS ?? 15_000,
      /** Transactions of a newly watched contract are scanned at most this many blocks back (logs from its creation). */
      backfillBlocks: env.SKYNET_BACKFILL_BLOCKS ?? 50_000,
      /** How often the server asks for the head (eth_blockNumber); a pass runs when it moved. */
      pollSeconds: env.SKYNET_POLL_SECONDS ?? 1,
    },
    announcement: env.ANNOUNCEMENT_CONTENT
      ? { content: env.ANNOUNCEMENT_CONTENT, linkText: env.ANNOUNCEMENT_LINK_TEXT ?? null, link: env.ANNOUNCEMENT_LINK ?? null }
      : null,
    quoteFormEmbedUrl: env.QUOTE_FORM_EMBED_URL ?? null,
    /** Where a new quote request is announced by mail, or null for nobody. */
    quoteNotifyEmail: env.QUOTE_NOTIFY_EMAIL ?? null,
    siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    /** security.txt's Contact, or null: then no security.txt is served (required in production for a public site). */
    securityContact: env.SECURITY_CONTACT ?? null,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    trustedProxyHops: env.TRUSTED_PROXY_HOPS ?? 0,
    /** The bearer token /metrics accepts from other machines, or null: then it answers a direct loopback request only. */
    metricsToken: env.METRICS_TOKEN ?? null,
    /** How long a SIGTERM waits for in-flight requests before closing anyway (read by scripts/start.mjs too). */
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS ?? 10,
    /** PostgreSQL's statement_timeout; a connection silent for longer than this plus a margin is dropped. */
    databaseQueryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS ?? 5000,
    /** Thresholds of Skynet's detectors (server/skynet/detectors.ts), as shares of the token's total supply. */
    detectors: {
      mintAlertShare: env.SKYNET_MINT_ALERT_SHARE ?? 0.01,
      outflowAlertShare: env.SKYNET_OUTFLOW_ALERT_SHARE ?? 0.01,
    },
    /** Off (the default), webhook endpoints must be https and resolve to public addresses only (SSRF). */
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1' || env.WEBHOOK_ALLOW_PRIVATE === 'true',
    /** The serverless platform detected (its requirements are enforced above), or null on a Node or container host. */
    serverless: serverlessPlatform(env),
    /**
     * Whether this server runs the mail, webhook, digest and Skynet loops itself; off by default on a serverless
     * platform, where `npm run worker` on a long-running host runs them (server/background-work.ts).
     */
    backgroundWorkers: (env.BACKGROUND_WORKERS ?? (serverlessPlatform(env) ? 'off' : 'on')) === 'on',
  };
}

/** Validates an environment; throws a ConfigError naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined>) {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `- ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return shapeConfig(result.data);
}

let cached: Config | null = null;

/** The process configuration, read once from the environment. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * The embedded default keeps a generated session key in DATA_DIR so sessions survive restarts without any
 * setup; production with PostgreSQL must set AUTH_SECRET (enforced by the schema above).
 */
export function resolveAuthSecret(config: Config = getConfig()): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // not generated yet
  }
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
