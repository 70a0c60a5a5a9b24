// The browser bench's "Chromium alone" run (browser-upload-bench.ts): a page with a file input on
// one port, and on another port (so each PUT is cross-origin and preflighted, as to storage) an
// endpoint that answers part PUTs the way storage's byte routes do (CORS, an ETag) but drops the
// bytes. Prints the two ports as JSON on its first line of output.
import { createServer } from 'node:http';

const PAGE = `<!doctype html><title>put sink</title><input type="file" id="file">
<script>
window.putSlices = async (target, partSize, inFlight) => {
  const file = document.getElementById('file').files[0];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next * partSize < file.size) {
      const n = next++;
      const res = await fetch(target + '/part?partNumber=' + (n + 1) + '&signature=' + Math.random().toString(36).slice(2), {
        method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: file.slice(n * partSize, (n + 1) * partSize),
      });
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
    res.setHeader('Access-Control-Allow-Methods', 'PUT');
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
