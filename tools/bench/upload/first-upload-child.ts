/**
 * A fresh process's uploads of one file through a product's HTTP API (first-upload-api.ts), `count`
 * in a row; prints each one's measures as JSON. Its start and module loading come before the first
 * and are not in it. Run by first-upload-bench.ts.
 */
import { uploadThroughApi } from './first-upload-api';

const [api, token, path, partBytes, checkpoints, count] = process.argv.slice(2);
if (!api || !token || !path || !partBytes || !checkpoints || !count) throw new Error('usage: first-upload-child.ts <api> <token> <file> <part bytes> <checkpoint dir> <count>');
const measures = [];
for (let n = 0; n < Number(count); n++) measures.push(await uploadThroughApi({ api, token, path, partBytes: Number(partBytes), checkpoints }));
process.stdout.write(JSON.stringify(measures));
