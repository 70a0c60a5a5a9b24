/**
 * Whether this process is on its way out. From the moment a shutdown starts, `/readyz` answers
 * 503 so the load balancer (a Kubernetes Service, a proxy) stops sending new requests, while the
 * process keeps serving the ones that still arrive until its drain period ends.
 */
let draining = false;

export function markDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}

/** Tests only: a process that shut down in-process starts again. */
export function resetDrainingForTests(): void {
  draining = false;
}
