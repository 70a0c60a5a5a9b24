/**
 * Prints the hottest functions of a V8 CPU profile (from `upload-bench.ts --cpu-prof <dir>`):
 * self time, and inclusive time per function.
 *
 *   npx tsx tools/bench/upload/profile-summary.ts <file.cpuprofile> [--top 25] [--filter text]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' }, filter: { type: 'string' } } });
const file = positionals[0];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top 25] [--filter text]');
const top = Number(values.top);
const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const totalHits = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
const msPerHit = (profile.endTime - profile.startTime) / 1000 / Math.max(1, totalHits);
const label = (n: ProfileNode) => {
  const url = n.callFrame.url.replace(/^file:\/\//, '').replace(/^.*\/work\/main\//, '');
  return `${n.callFrame.functionName || '(anonymous)'}  ${url ? `${url}:${n.callFrame.lineNumber + 1}` : ''}`.trim();
};

const self = new Map<string, number>();
for (const n of profile.nodes) self.set(label(n), (self.get(label(n)) ?? 0) + (n.hitCount ?? 0));

// Inclusive: each function counted once per stack, however deep it recurses.
const inclusive = new Map<string, number>();
const walk = (id: number, onStack: Set<string>): number => {
  const node = byId.get(id);
  if (!node) return 0;
  const key = label(node);
  let hits = node.hitCount ?? 0;
  const fresh = !onStack.has(key);
  if (fresh) onStack.add(key);
  for (const child of node.children ?? []) hits += walk(child, onStack);
  if (fresh) {
    onStack.delete(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + hits);
  }
  return hits;
};
const root = profile.nodes[0];
if (root) walk(root.id, new Set());

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (of ${(totalHits * msPerHit / 1000).toFixed(1)} s sampled)`);
  const rows = [...map.entries()].filter(([key]) => !values.filter || key.includes(values.filter)).sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [key, hits] of rows) console.log(`${((hits / totalHits) * 100).toFixed(1).padStart(6)}%  ${((hits * msPerHit) / 1000).toFixed(2).padStart(7)} s  ${key}`);
};
print('self time', self);
print('inclusive time', inclusive);
