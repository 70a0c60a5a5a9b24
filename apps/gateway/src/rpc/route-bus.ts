import { isNoResponders, type Bus } from '@ferry/bus';
import { AppError, isAppError } from '@ferry/contracts';

export interface RouteBusOptions {
  /** The least a route waits for a service (`RPC_TIMEOUT_MS`); an RPC that declares longer waits that long. */
  timeoutFloorMs: number;
  /** Wait before the one retry of a request nobody answered (a rollout between replicas); 250 ms by default. */
  retryDelayMs?: number;
  /** What a 503 tells the client to wait, in seconds; 2 by default. */
  retryAfterSeconds?: number;
}

/**
 * The routes' view of the bus. Each RPC waits as long as its contract declares (at least the
 * floor). A request that reached no service at all (no ready replica, as during a rollout) is sent
 * once more after a short wait — it was never delivered, so it cannot be applied twice — and a
 * service that stays unavailable answers 503 with `Retry-After`.
 */
export function createRouteBus(bus: Bus, options: RouteBusOptions): Bus {
  const retryDelayMs = options.retryDelayMs ?? 250;
  const retryAfterSeconds = options.retryAfterSeconds ?? 2;
  return {
    ...bus,
    async request(rpc, request, requestOptions = {}) {
      const send = () => bus.request(rpc, request, { ...requestOptions, timeoutMs: requestOptions.timeoutMs ?? Math.max(options.timeoutFloorMs, rpc.timeoutMs) });
      try {
        try {
          return await send();
        } catch (error) {
          if (!isNoResponders(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
          return await send();
        }
      } catch (error) {
        if (isAppError(error) && error.code === 'SERVICE_UNAVAILABLE') {
          throw new AppError('SERVICE_UNAVAILABLE', { message: error.message, details: { retryAfterSeconds } });
        }
        throw error;
      }
    },
  };
}
