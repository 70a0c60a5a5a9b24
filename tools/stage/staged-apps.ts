/** What the staging needs to know of each deployable app beyond its `build` target. */
export interface StagedApp {
  /** The variable holding the port of the app's /readyz (health or ops port), and its default in the app's config.ts (null: none that can be reached). */
  readyPort: { env: string; default: number | null };
  /** Serves the web app's build: `--web` copies apps/web/dist into the staged folder as `web/`. */
  servesWeb: boolean;
}

export const STAGED_APPS: Record<string, StagedApp> = {
  gateway: { readyPort: { env: 'OPS_PORT', default: 8089 }, servesWeb: true },
  identity: { readyPort: { env: 'HEALTH_PORT', default: 8081 }, servesWeb: false },
  mail: { readyPort: { env: 'HEALTH_PORT', default: 8082 }, servesWeb: false },
  notifications: { readyPort: { env: 'HEALTH_PORT', default: 8083 }, servesWeb: false },
  transfers: { readyPort: { env: 'HEALTH_PORT', default: 8084 }, servesWeb: false },
  billing: { readyPort: { env: 'HEALTH_PORT', default: 8085 }, servesWeb: false },
  geo: { readyPort: { env: 'PORT', default: 8093 }, servesWeb: false },
  'storage-credentials': { readyPort: { env: 'OPS_PORT', default: 8091 }, servesWeb: false },
  // Its ops port is a free one unless OPS_PORT is set, so its healthcheck needs OPS_PORT.
  'all-in-one': { readyPort: { env: 'OPS_PORT', default: null }, servesWeb: true },
};

/** The staged app's healthcheck.js: exits 0 when the app's /readyz answers 200 (the image's HEALTHCHECK). */
export function healthcheckScript(app: string, { readyPort }: StagedApp): string {
  const fallback = readyPort.default === null ? 'undefined' : `'${readyPort.default}'`;
  return `// ${app}: exits 0 when /readyz on ${readyPort.env} answers 200 (written by tools/stage).
const port = process.env.${readyPort.env} ?? ${fallback};
if (!port || port === '0') {
  console.error('healthcheck: set ${readyPort.env} to the port of /readyz');
  process.exit(1);
}
fetch(\`http://127.0.0.1:\${port}/readyz\`, { signal: AbortSignal.timeout(4000) }).then(
  (res) => process.exit(res.status === 200 ? 0 : 1),
  (error) => {
    console.error(\`healthcheck: \${error.message}\`);
    process.exit(1);
  },
);
`;
}
