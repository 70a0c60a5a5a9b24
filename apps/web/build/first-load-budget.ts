import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

type OutputChunk = { type: 'chunk'; fileName: string; code: string; imports: string[]; isEntry: boolean; facadeModuleId: string | null; moduleIds: string[] };
type OutputBundle = Record<string, OutputChunk | { type: 'asset' }>;

export interface FirstLoadBudget {
  /** The page's component module (its lazy route chunk). */
  page: string;
  /** Other modules the page loads before it shows (e.g. its locale files). */
  alsoLoads: string[];
  /** Most gzip bytes of JavaScript the page may load before it shows. */
  maxGzipBytes: number;
  /** Modules (a part of their path) the page must not load before it shows: they load when first used. */
  keepsOut?: string[];
}

/** The chunks a page needs before it shows: the entry's and the page's, with all their static imports. */
export function firstLoadChunks(bundle: OutputBundle, budget: Pick<FirstLoadBudget, 'page' | 'alsoLoads'>): OutputChunk[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byFacade = (suffix: string) => chunks.find((chunk) => chunk.facadeModuleId?.endsWith(suffix));
  const roots = [chunks.find((chunk) => chunk.isEntry), byFacade(budget.page), ...budget.alsoLoads.map(byFacade)];
  const missing = [budget.page, ...budget.alsoLoads].filter((suffix) => !byFacade(suffix));
  if (missing.length > 0) throw new Error(`first-load budget: no chunk for ${missing.join(', ')}`);
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) visit(bundle[name]?.type === 'chunk' ? (bundle[name] as OutputChunk) : undefined);
  };
  roots.forEach(visit);
  return [...seen.values()];
}

/** The entries of `keepsOut` that some module of these chunks matches. */
export function modulesKeptOutButLoaded(chunks: OutputChunk[], keepsOut: readonly string[]): string[] {
  const ids = chunks.flatMap((chunk) => chunk.moduleIds.map((id) => id.replaceAll('\\', '/')));
  return keepsOut.filter((part) => ids.some((id) => id.includes(part)));
}

/**
 * Vite plugin: the build fails when a page's first-load JavaScript (gzip) grows past its budget, or
 * when it loads a module it keeps out.
 */
export function firstLoadBudget(budget: FirstLoadBudget): Plugin {
  return {
    name: 'ferry-first-load-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment?.name && this.environment.name !== 'client') return;
      const chunks = firstLoadChunks(bundle as unknown as OutputBundle, budget);
      const bytes = chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
      const line = `first-load JavaScript of ${budget.page}: ${(bytes / 1024).toFixed(1)} KiB gzip in ${chunks.length} chunks (budget ${(budget.maxGzipBytes / 1024).toFixed(0)} KiB)`;
      const leaked = modulesKeptOutButLoaded(chunks, budget.keepsOut ?? []);
      if (leaked.length > 0) this.error(`${budget.page} loads ${leaked.join(', ')} before it shows: import it where it is used (a dynamic import, React.lazy), or take it off keepsOut in vite.config.ts.`);
      if (bytes > budget.maxGzipBytes) this.error(`${line}: over budget. Load what the page does not show lazily, or raise the budget in vite.config.ts with a reason.`);
      this.info(line);
    },
  };
}
