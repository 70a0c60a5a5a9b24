/** A seeded PRNG (mulberry32): the same seed gives the same run, so a failure reproduces. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
export type TRandom = ReturnType<typeof seededRandom>;

type TJson = null | boolean | number | string | TJson[] | { [key: string]: TJson };
type TPath = Array<string | number>;

/** NUL and the other characters no text field takes, plus characters that are text but odd. */
export const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f', '\u0085', '\u009b', '\ud800', '\udfff'];
const ODD_UNICODE = ['\u202e', '\u200b', '\ufeff', '\u2028', '\u2029', 'e\u0301\u0301\u0301', '🧨', '𝕏', '\uffff', '\ufffd', 'Ａ', 'ß', 'İ', '\u00a0', '\u3000', '../', '..\\', '%00', '<script>', "' or 1=1 --", '${x}', '\\u0000'];
const WRONG_TYPES: TJson[] = [null, true, false, 0, -1, 1.5, 1e308, -1e308, 9_007_199_254_740_993, '', 'x', [], {}, [null], { a: 1 }, '1', 'true'];
const ODD_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'role', 'userId', 'ownerId', '', ' ', 'a\u0000b', '$where', 'toString'];

/** A fresh copy: the shared samples must never end up inside a body that is mutated further. */
const wrongType = (random: TRandom): TJson => structuredClone(random.pick(WRONG_TYPES));

function leaves(value: TJson, path: TPath = []): TPath[] {
  if (Array.isArray(value)) return [path, ...value.flatMap((child, i) => leaves(child, [...path, i]))];
  if (value && typeof value === 'object') return [path, ...Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]))];
  return [path];
}

function getAt(value: TJson, path: TPath): TJson {
  return path.reduce<TJson>((node, key) => (node as Record<string | number, TJson>)[key] as TJson, value);
}

function setAt(value: TJson, path: TPath, next: TJson | undefined): TJson {
  if (path.length === 0) return next === undefined ? null : next;
  const parent = getAt(value, path.slice(0, -1)) as Record<string | number, TJson> | TJson[];
  const key = path[path.length - 1] as string | number;
  if (next === undefined) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else {
    (parent as Record<string | number, TJson>)[key] = next;
  }
  return value;
}

function nestedJunk(random: TRandom, depth: number): TJson {
  let junk: TJson = wrongType(random);
  for (let i = 0; i < depth; i += 1) junk = random.next() < 0.5 ? [junk] : { [random.pick(ODD_KEYS) || 'k']: junk };
  return junk;
}

function oddString(random: TRandom, original: string): string {
  const insert = (extra: string) => {
    const at = random.int(original.length + 1);
    return original.slice(0, at) + extra + original.slice(at);
  };
  switch (random.int(6)) {
    case 0:
      return insert(random.pick(CONTROL_CHARACTERS));
    case 1:
      return random.pick(CONTROL_CHARACTERS).repeat(1 + random.int(4));
    case 2:
      return insert(random.pick(ODD_UNICODE));
    case 3:
      return original.repeat(1 + random.int(3)) + 'x'.repeat(random.pick([300, 5_000, 40_000]));
    case 4:
      return ` ${original}\t\n `;
    default:
      return insert(random.pick(CONTROL_CHARACTERS) + random.pick(ODD_UNICODE));
  }
}

/** One mutation of a JSON body: a control character or odd text in a string, a wrong type, a field added or removed, nested junk. */
export function mutateOnce(random: TRandom, body: TJson): TJson {
  const paths = leaves(body);
  const path = random.pick(paths);
  const current = getAt(body, path);
  const strings = paths.filter((p) => typeof getAt(body, p) === 'string');
  switch (random.int(8)) {
    case 0:
    case 1: {
      // Most findings hide in strings: give them the most tries.
      const target = strings.length > 0 ? random.pick(strings) : path;
      const value = getAt(body, target);
      return setAt(body, target, oddString(random, typeof value === 'string' ? value : ''));
    }
    case 2:
      return setAt(body, path, wrongType(random));
    case 3: {
      const objects = paths.filter((p) => {
        const node = getAt(body, p);
        return node !== null && typeof node === 'object' && !Array.isArray(node);
      });
      if (objects.length === 0) return setAt(body, path, wrongType(random));
      const target = getAt(body, random.pick(objects)) as Record<string, TJson>;
      target[random.pick(ODD_KEYS) || 'extra'] = wrongType(random);
      return body;
    }
    case 4:
      return path.length === 0 ? body : setAt(body, path, undefined);
    case 5:
      return setAt(body, path, nestedJunk(random, random.pick([2, 20, 200])));
    case 6:
      // Long arrays hold small numbers: copies of a big element would make bodies of gigabytes.
      return Array.isArray(current) ? setAt(body, path, Array.from({ length: random.pick([0, 50, 20_000]) }, (_, i) => i)) : setAt(body, path, [current]);
    default:
      return setAt(body, path, typeof current === 'number' ? random.pick([-0.5, 2 ** 63, -(2 ** 53), 1e21, 0]) : wrongType(random));
  }
}

/** The body as sent: usually JSON of 1 to 3 mutations; now and then not a JSON object at all. */
export function mutatedBodyText(random: TRandom, valid: unknown): string {
  const roll = random.next();
  if (roll < 0.03) return random.pick(['', '{', '{"a":', 'null', '[]', '"text"', '42', '{"a":1}{"b":2}', '\u0000', '{"__proto__":{"isAdmin":true}}']);
  let body = structuredClone(valid) as TJson;
  const times = 1 + random.int(3);
  for (let i = 0; i < times; i += 1) body = mutateOnce(random, body);
  return JSON.stringify(body);
}
