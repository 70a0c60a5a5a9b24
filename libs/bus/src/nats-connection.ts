import { readFileSync } from 'node:fs';
import { connect, credsAuthenticator, errors, type NatsConnection, type NodeConnectionOptions } from '@nats-io/transport-node';

/** How a service proves who it is to NATS, and which CA it trusts. Every field is optional. */
export interface NatsCredentials {
  /** NATS_USER / NATS_PASSWORD: the service's own user (per-service permissions in nats.conf). */
  user?: string;
  password?: string;
  /** NATS_TOKEN: a bearer token, when the server is set up with one. */
  token?: string;
  /** NATS_CREDS: path of a `.creds` file (JWT and NKey seed, for operator-mode accounts). */
  credsFile?: string;
  /** NATS_TLS_CA: path of the CA bundle that signed the server's certificate; TLS is required once set. */
  tlsCaFile?: string;
}

/** The connection options for one service: its servers, name, credentials and TLS. */
export function natsConnectionOptions(url: string, name: string, credentials: NatsCredentials = {}): NodeConnectionOptions {
  const { user, password, token, credsFile, tlsCaFile } = credentials;
  return {
    servers: url.split(',').map((server) => server.trim()),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    ...(user ? { user, pass: password ?? '' } : {}),
    ...(token ? { token } : {}),
    ...(credsFile ? { authenticator: credsAuthenticator(readFileSync(credsFile)) } : {}),
    ...(tlsCaFile ? { tls: { caFile: tlsCaFile } } : {}),
  };
}

/**
 * Connects one service to NATS. A refused login says who was refused and which variables to check,
 * instead of the bare protocol error.
 */
export async function connectNats(url: string, name: string, credentials: NatsCredentials = {}): Promise<NatsConnection> {
  try {
    return await connect(natsConnectionOptions(url, name, credentials));
  } catch (error) {
    if (!(error instanceof errors.AuthorizationError)) throw error;
    const who = credentials.user ? `user "${credentials.user}"` : credentials.token ? 'the token' : credentials.credsFile ? `the creds in ${credentials.credsFile}` : 'a connection without credentials';
    throw new Error(`NATS refused ${who} of ${name} (check NATS_USER/NATS_PASSWORD, NATS_TOKEN or NATS_CREDS): ${error.message}`, { cause: error });
  }
}
