import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZReceiptKeySet, type TReceiptKeySet } from '@ferry/contracts';
import { verifyReceipt } from '@ferry/receipts';
import type { CliDeps } from '../cli-deps';
import { CliError, EXIT } from '../cli-error';
import { formatBytes } from '../output/format-units';

export interface VerifyOptions {
  receiptPath: string;
  filePath?: string;
  /** A saved copy of the issuer's key set: nothing is fetched. */
  keysPath?: string;
}

const KEYS_PATH = '/.well-known/ferry-receipt-keys.json';

async function readJson(deps: CliDeps, path: string, what: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(resolve(deps.cwd, path), 'utf8')) as unknown;
  } catch (error) {
    throw new CliError('UNREADABLE', `Cannot read the ${what} ${path}: ${(error as Error).message}`);
  }
}

/** The key set: the file given, or the one the receipt's issuer publishes. */
async function keySetFor(deps: CliDeps, receipt: unknown, keysPath: string | undefined): Promise<TReceiptKeySet> {
  if (keysPath !== undefined) {
    const parsed = ZReceiptKeySet.safeParse(await readJson(deps, keysPath, 'key set'));
    if (!parsed.success) throw new CliError('UNREADABLE', `${keysPath} is not a Ferry receipt key set`);
    return parsed.data;
  }
  const issuer = (receipt as { receipt?: { issuer?: unknown } } | null)?.receipt?.issuer;
  if (typeof issuer !== 'string' || !/^https?:\/\//.test(issuer)) throw new CliError('RECEIPT_NOT_GENUINE', 'This is not a Ferry receipt (it names no issuer)');
  const url = new URL(KEYS_PATH, issuer);
  let res: Response;
  try {
    res = await deps.fetch(url);
  } catch (error) {
    throw new CliError('NETWORK', `Cannot fetch ${url.href} (${(error as Error).message}); pass a saved copy with --keys`);
  }
  const parsed = ZReceiptKeySet.safeParse(res.ok ? await res.json() : null);
  if (!parsed.success) throw new CliError('NETWORK', `${url.href} answered ${res.status} without a key set; pass a saved copy with --keys`);
  return parsed.data;
}

async function sha256Of(deps: CliDeps, path: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    await pipeline(createReadStream(resolve(deps.cwd, path)), hash);
  } catch (error) {
    throw new CliError('UNREADABLE', `Cannot read ${path}: ${(error as Error).message}`);
  }
  return hash.digest('hex');
}

/**
 * `ferry verify <receipt.json> [file] [--keys keys.json]`: checks a delivery receipt's Ed25519
 * signature against the issuer's published keys (or a saved key set, offline) and, given the file,
 * that its SHA-256 is one the receipt names. Exit 0 only when both hold.
 */
export async function verifyCommand(deps: CliDeps, options: VerifyOptions): Promise<number> {
  const input = await readJson(deps, options.receiptPath, 'receipt');
  const keys = await keySetFor(deps, input, options.keysPath);
  const sha256 = options.filePath === undefined ? undefined : await sha256Of(deps, options.filePath);
  const check = verifyReceipt(input, keys, sha256);
  if (!check.genuine || !check.receipt) {
    const why = { malformed: 'it is not a Ferry receipt', unknown_key: 'no published key has its key id', bad_signature: 'its signature does not match its contents: it was edited' }[check.problem ?? 'malformed'];
    throw new CliError('RECEIPT_NOT_GENUINE', `The receipt is not genuine: ${why}`);
  }
  const { receipt } = check;
  const place = [receipt.place.city, receipt.place.country].filter((p) => p && p !== 'unknown').join(', ') || 'an unknown place';
  deps.stdout.write(`genuine   receipt ${receipt.id}, signed by ${receipt.issuer} (key ${(input as { signature: { kid: string } }).signature.kid})\n`);
  deps.stdout.write(`delivered ${receipt.downloadedAt} in ${place} to ${receipt.recipient ?? 'someone with the link'}\n`);
  for (const file of receipt.files) deps.stdout.write(`file      ${file.path ? `${file.path}/` : ''}${file.name} (${formatBytes(file.size)}) sha256 ${file.sha256 ?? 'not recorded'}\n`);
  if (sha256 === undefined) return EXIT.ok;
  if (!check.fileMatches) throw new CliError('FILE_MISMATCH', `${options.filePath} (sha256 ${sha256}) is not a file this receipt names`);
  deps.stdout.write(`matches   ${options.filePath} is ${check.matchedFile}\n`);
  return EXIT.ok;
}
