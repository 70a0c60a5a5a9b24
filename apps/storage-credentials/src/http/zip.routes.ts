import express, { type Router } from 'express';
import { attachmentDisposition } from '../drivers/content-disposition';
import type { StorageDeps } from '../domain/storage.deps';
import { openZip } from '../domain/zip-downloads';
import { createZipStream } from '../domain/zip-stream';

/** GET/HEAD /zip/<token>: the archive, streamed with its exact length and never buffered. */
export function zipRoutes(deps: StorageDeps): Router {
  const router = express.Router();
  router.get('/zip/:token', async (req, res, next) => {
    try {
      const zip = await openZip(deps, req.params.token);
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', attachmentDisposition(zip.name.endsWith('.zip') ? zip.name : `${zip.name}.zip`));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Length', String(zip.size));
      res.setHeader('Cache-Control', 'private, max-age=0');
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const stream = createZipStream(zip.entries);
      stream.on('error', (error) => {
        deps.log.error({ err: error }, 'a ZIP stream failed mid-way');
        res.destroy(error);
      });
      res.on('close', () => stream.destroy());
      stream.pipe(res);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
