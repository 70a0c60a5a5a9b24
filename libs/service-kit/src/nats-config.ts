import { z } from 'zod';
import { envNatsPrefix } from './config';

const NATS_PROTOCOLS = ['nats:', 'tls:', 'ws:', 'wss:'];

function isUrlOf(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The NATS variables every service reads, spread into its config schema:
 * where NATS is, which environment on it, who the service is, which CA to trust, how many stream copies.
 */
export function envNats() {
  return {
    /** One URL or a comma-separated list of the cluster's servers. */
    NATS_URL: z
      .string()
      .default('nats://127.0.0.1:4222')
      .refine((value) => value.split(',').every((part) => isUrlOf(part.trim(), NATS_PROTOCOLS)), 'must be one or more comma-separated URLs with protocol nats, tls, ws or wss'),
    /** NATS_PREFIX: this environment's own streams and subjects on a shared NATS. */
    NATS_PREFIX: envNatsPrefix(),
    /** The service's own NATS user and password (each service has one, with its own permissions). */
    NATS_USER: z.string().min(1).optional(),
    NATS_PASSWORD: z.string().min(1).optional(),
    /** A bearer token, when the server takes one instead of users. */
    NATS_TOKEN: z.string().min(1).optional(),
    /** Path of a `.creds` file (operator-mode accounts). */
    NATS_CREDS: z.string().min(1).optional(),
    /** Path of the CA bundle of the server's TLS certificate; set it and the connection must be TLS. */
    NATS_TLS_CA: z.string().min(1).optional(),
    /** Copies JetStream keeps of each stream: 1 on a single server, 3 on the three-node cluster. */
    NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  };
}

type TNatsConfig = z.infer<z.ZodObject<ReturnType<typeof envNats>>>;

/** The bus options that come from the environment (prefix, credentials, stream replicas). */
export function natsBusOptionsOf(config: TNatsConfig) {
  return {
    prefix: config.NATS_PREFIX,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    credentials: {
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
      token: config.NATS_TOKEN,
      credsFile: config.NATS_CREDS,
      tlsCaFile: config.NATS_TLS_CA,
    },
  };
}
