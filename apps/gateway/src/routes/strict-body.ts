import { z } from 'zod';

type TJsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is TJsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

function lenientIn(node: unknown, at: string): string | null {
  if (!isSchema(node)) return null;
  const properties = isSchema(node['properties']) ? node['properties'] : undefined;
  // An object with named fields must refuse the rest (a loose object says `additionalProperties: {}`);
  // only a record, with no named fields, may take any key whose value its schema checks.
  const refusesOthers = node['additionalProperties'] === false || (!properties && isSchema(node['additionalProperties']));
  if ((node['type'] === 'object' || properties) && !refusesOthers) return at;
  const children: Array<[unknown, string]> = [
    ...Object.entries(properties ?? {}).map(([key, child]): [unknown, string] => [child, `${at}.${key}`]),
    [node['items'], `${at}[]`],
    [node['additionalProperties'], `${at}.*`],
    ...['anyOf', 'oneOf', 'allOf'].flatMap((key) => (Array.isArray(node[key]) ? (node[key] as unknown[]).map((child): [unknown, string] => [child, at]) : [])),
  ];
  for (const [child, path] of children) {
    const found = lenientIn(child, path);
    if (found) return found;
  }
  return null;
}

/**
 * Where a request body schema would let an unknown field through (`body.files[]`), or null
 * when every object in it is strict. The README promises a 400 for unknown fields, so the
 * gateway refuses to mount a route whose body breaks that.
 */
export function findLenientObject(schema: z.ZodType): string | null {
  return lenientIn(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), 'body');
}
