// The browser bench's "Chromium alone" run (browser-upload-bench.ts): a page with a file input on
// one port, and on another port (so each request is cross-origin, as to storage) an endpoint that
// answers part uploads the way the local driver's byte routes do (CORS, an ETag) but drops the bytes.
// The page sends each part as the web app does: a POST of the File slice with no headers, a CORS
// "simple" request that needs no preflight (the local driver's part URLs); `method` 'PUT' sends
// preflighted PUTs with a Content-Type instead, as to S3 or OSS. Prints the two ports as JSON on its
// first line of output.
import { createServer } from 'node:http';

const PAGE = `<!doctype html><title>put sink</title><input type="file" id="file">
<script>
window.putSlices = async (target, partSize, inFlight, method = 'POST') => {
  const file = document.getElementById('file').files[0];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next * partSize < file.size) {
      const n = next++;
      const url = target + '/part?partNumber=' + (n + 1) + '&signature=' + Math.random().toString(36).slice(2);
      const body = file.slice(n * partSize, (n + 1) * partSize);
      const res = await fetch(url, method === 'PUT' ? { method, headers: { 'content-type': 'application/octet-stream' }, body } : { method, body });
      if (!res.ok || !res.headers.get('etag')) throw new Error('PUT ' + n + ' answered ' + res.status);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return performance.now() - started;
};
</script>`;

const page = createServer((req, res) => {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(PAGE);
});
const sink = createServer((req, res) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'ETag');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'PUT, POST');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '3600');
    res.writeHead(204).end();
    return;
  }
  let bytes = 0;
  req.on('data', (chunk) => (bytes += chunk.length));
  req.on('end', () => {
    res.setHeader('ETag', `"${bytes}"`);
    res.end();
  });
});
page.listen(0, '127.0.0.1', () =>
  sink.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ page: page.address().port, sink: sink.address().port }))),
);
