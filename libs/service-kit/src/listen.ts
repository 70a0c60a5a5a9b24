import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RunningServer {
  server: Server;
  /** The bound port (useful with port 0). */
  port: number;
  /**
   * Stops accepting connections, closes idle keep-alive connections at once, lets in-flight
   * requests finish (their connections close after the response) and resolves when all
   * connections are gone. Calling it again returns the same promise.
   */
  close(): Promise<void>;
}

/** Starts an HTTP server for `app` and resolves once it listens. */
export function listen(app: RequestListener, port: number, host?: string): Promise<RunningServer> {
  const server = createServer(app);
  const activeRequests = new Map<Socket, number>();
  const openResponses = new Set<ServerResponse>();
  let isClosing = false;
  let closing: Promise<void> | undefined;

  server.on('connection', (socket: Socket) => {
    activeRequests.set(socket, 0);
    socket.once('close', () => activeRequests.delete(socket));
  });

  server.on('request', (req, res: ServerResponse) => {
    const socket = req.socket;
    activeRequests.set(socket, (activeRequests.get(socket) ?? 0) + 1);
    openResponses.add(res);
    if (isClosing) res.shouldKeepAlive = false;
    let isDone = false;
    const done = () => {
      if (isDone) return;
      isDone = true;
      openResponses.delete(res);
      const left = (activeRequests.get(socket) ?? 1) - 1;
      activeRequests.set(socket, left);
      if (isClosing && left === 0) socket.end();
    };
    res.once('finish', done);
    res.once('close', done);
  });

  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve, reject) => {
      isClosing = true;
      server.close((error) => (error ? reject(error) : resolve()));
      for (const res of openResponses) {
        if (!res.headersSent) res.shouldKeepAlive = false;
      }
      for (const [socket, count] of activeRequests) {
        if (count === 0) socket.end();
      }
    });
    return closing;
  };

  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address() as AddressInfo;
      resolve({ server, port: address.port, close });
    });
  });
}
