import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * The properties of `defineHttpRoute({...})` that hold zod schemas the servers validate with and the
 * web app never does. `params` stays: defineHttpRoute checks it against the path, and it is small.
 */
const SCHEMA_KEYS = new Set(['body', 'response', 'query']);
const ROUTE_FILES = /libs\/contracts\/src\/http\/[^/]+\.routes\.ts$/;
const CONTRACT_FILES = /libs\/contracts\/src\/.+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((child) => walk(child, visit));
  const value = node as Node;
  if (typeof value.type === 'string') visit(value);
  for (const key of Object.keys(value)) if (key !== 'type' && key !== 'start' && key !== 'end') walk(value[key], visit);
}

/**
 * Vite plugin: in the web app's build, the route definitions of `@ferry/contracts` keep their method,
 * path and the rest, without the schemas of body, response and query. The app uses a route for
 * its method and path (route-args.ts); with the schemas referenced, every schema of every route the
 * first page's code touches was built by zod as the page started: ~120 ms of ~500 ms of JavaScript on
 * the home page here, four times that on Lighthouse's phone. Types are untouched (tsc reads the
 * source); schemas the app does use (forms, the session) are still imported where they are used.
 */
export function routesWithoutSchemas(): Plugin {
  return {
    name: 'ferry-routes-without-schemas',
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!CONTRACT_FILES.test(file)) return null;
      const ast = this.parse(code) as unknown as Node & { body: Node[] };
      const out = new MagicString(code);
      // A contract's top-level constants are schemas and route tables built by calls. Each is wrapped
      // in a function call marked pure, `/* @__PURE__ */ (() => z.object(...))()`: one the app does not
      // use is then left out whole, arguments and all (a pure call alone keeps its arguments' calls).
      for (const statement of ast.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement['declaration'] as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration['declarations'] as Node[]) {
          const init = declarator['init'] as Node | null;
          if (init?.type !== 'CallExpression') continue;
          out.appendLeft(init.start, '/* @__PURE__ */ (() => ');
          out.appendRight(init.end, ')()');
        }
      }
      if (!ROUTE_FILES.test(file)) return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true, source: id }) } : null;
      walk(ast, (node) => {
        if (node.type !== 'CallExpression') return;
        const callee = node['callee'] as Node & { name?: string };
        const [route] = node['arguments'] as Node[];
        if (callee.type !== 'Identifier' || callee.name !== 'defineHttpRoute' || route?.type !== 'ObjectExpression') return;
        for (const property of route['properties'] as Array<Node & { key?: Node & { name?: string } }>) {
          if (property.type !== 'Property' || property.key?.type !== 'Identifier' || !SCHEMA_KEYS.has(property.key.name ?? '')) continue;
          const comma = code.slice(property.end).match(/^\s*,/);
          out.remove(property.start, property.end + (comma ? comma[0].length : 0));
        }
      });
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true, source: id }) } : null;
    },
  };
}
