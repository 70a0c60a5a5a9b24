import { z } from 'zod';
import { envLogLevel, envPort, envUrl, loadConfig, envNats, envMigrations } from '@ferry/service-kit';

/** 32 bytes as 64 hex characters or base64. */
const ZKey32 = z.string().transform((value, ctx) => {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (bytes.length !== 32) {
    ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, as 64 hex characters or base64' });
    return z.NEVER;
  }
  return bytes;
});

const ZRegionOverride = z.object({
  driver: z.enum(['local', 's3', 'oss']).optional(),
  bucket: z.string().min(3).max(63).optional(),
  endpoint: z.string().url().optional(),
});

const ZRegionOverrides = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), ZRegionOverride));

export const ZStorageConfig = z.object({
  DATABASE_URL: envUrl(['postgres', 'postgresql']),
  ...envNats(),
  ...envMigrations(),
  LOG_LEVEL: envLogLevel(),
  /** The byte endpoints of the local driver, ZIP downloads, /healthz and /readyz. */
  PORT: envPort(8090),
  /** The ops port: /metrics, /healthz, /readyz — never on the byte port. */
  OPS_PORT: envPort(8091),
  /** The origin browsers reach this service on (signed URLs of the local driver and ZIPs point here). */
  STORAGE_PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:8090'),
  /** The driver every region uses unless STORAGE_REGIONS says otherwise. */
  STORAGE_DRIVER: z.enum(['local', 's3', 'oss']).default('local'),
  /** Per region (or "anon" for the anonymous Hong Kong bucket): {"driver","bucket","endpoint"} as JSON. */
  STORAGE_REGIONS: ZRegionOverrides.optional(),
  /** Prefix of the default bucket names (`<prefix>-<region>`, `<prefix>-anon-hongkong`). */
  STORAGE_BUCKET_PREFIX: z.string().regex(/^[a-z0-9][a-z0-9-]{1,30}$/).default('ferry'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Wraps the data key of every object the local driver stores (AES-256-GCM at rest). */
  STORAGE_MASTER_KEY: ZKey32.optional(),
  /**
   * The master key before a rotation: objects it wrapped stay readable (never written with) until
   * `ferry-admin rotate-master-key` has re-wrapped them; then it is dropped.
   */
  STORAGE_MASTER_KEY_PREVIOUS: ZKey32.optional(),
  /** Signs upload tokens, ZIP links and the local driver's byte URLs. */
  STORAGE_URL_SECRET: z.string().min(32, 'must be at least 32 characters'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  S3_SERVER_SIDE_ENCRYPTION: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  OSS_ACCESS_KEY_ID: z.string().optional(),
  OSS_ACCESS_KEY_SECRET: z.string().optional(),
  /** Overrides the regional endpoint (for a CDN or accelerate domain). */
  OSS_ENDPOINT: z.string().url().optional(),
  /** How often incomplete multipart uploads are looked for. */
  LIFECYCLE_INTERVAL_MS: z.coerce.number().int().positive().default(3_600_000),
  /** Incomplete multipart uploads older than this are removed (resumable within 7 days). */
  INCOMPLETE_UPLOAD_MAX_AGE_DAYS: z.coerce.number().positive().default(7),
});
export type StorageConfig = z.infer<typeof ZStorageConfig>;

/** Reads storage-credentials' configuration; a bad value fails at boot with the variable's name. */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const config = loadConfig(ZStorageConfig, env);
  return config;
}
