import { AppError, DOWNLOAD_HOST_BROKEN, type DOWNLOAD_HOST_RPC, type TDownloadHost } from '@ferry/contracts';
import { canUseDownloadHost, entitledPlan, teamAdminOf } from '@ferry/plans';
import type { CnameAnswer } from './download-host-dns';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import type { DownloadHostRecord } from './identity.ports';
import { userNotFoundError } from './identity.errors';

type Deps = Pick<IdentityDeps, 'store' | 'clock' | 'downloadHosts' | 'log'>;

/** The account's company (its team admin for a member) and what the company's plan allows. */
export async function companyOf(deps: Pick<IdentityDeps, 'store'>, userId: string) {
  const user = await deps.store.findUserById(userId);
  if (!user) throw userNotFoundError();
  const adminId = teamAdminOf(user);
  const company = (adminId ? await deps.store.findUserById(adminId) : undefined) ?? user;
  return { user, company, canUse: canUseDownloadHost(entitledPlan(company.role, company.status)) };
}

const hostLinkOrigin = (host: string) => `https://${host}`;

function viewOf(deps: Deps, record: DownloadHostRecord | null, context: { companyId: string; canUse: boolean; isEditable: boolean }): TDownloadHost {
  const isLive = record?.status === 'verified' && context.canUse;
  return {
    host: record?.host ?? null,
    status: record?.status ?? 'none',
    cnameTarget: deps.downloadHosts.targetOf(context.companyId),
    problem: record?.problem ?? null,
    found: record?.found ?? null,
    checkedAt: record?.checkedAt?.getTime() ?? null,
    verifiedAt: record?.verifiedAt?.getTime() ?? null,
    linkOrigin: isLive && record ? hostLinkOrigin(record.host) : deps.downloadHosts.publicUrl,
    canUse: context.canUse,
    isEditable: context.isEditable,
  };
}

/**
 * A host's record after a lookup: the CNAME to Ferry's target verifies it (once verified, it keeps
 * its first verification time); none, or one elsewhere, leaves or puts it back to pending with why.
 * A lookup that did not answer changes nothing but says so: a DNS hiccup never takes a live host down.
 */
export function afterLookup(record: DownloadHostRecord, answer: CnameAnswer, target: string, now: Date): DownloadHostRecord {
  if (answer.kind === 'failed') return { ...record, problem: record.status === 'verified' ? null : 'LOOKUP_FAILED', checkedAt: now };
  if (answer.kind === 'found' && answer.targets.includes(target)) {
    return { ...record, status: 'verified', problem: null, found: null, checkedAt: now, verifiedAt: record.verifiedAt ?? now };
  }
  const found = answer.kind === 'found' ? (answer.targets[0] ?? null) : null;
  return { ...record, status: 'pending', problem: found ? 'WRONG_TARGET' : 'NO_CNAME', found, checkedAt: now, verifiedAt: null };
}

const hostTakenError = () => new AppError('HOST_TAKEN', { message: 'Another company already uses this host.', details: { field: 'host' } });
const adminOnlyError = () => new AppError('FORBIDDEN', { message: 'Only the team admin can change the download domain.' });
const planError = () => new AppError('PLAN_REQUIRED', { message: 'A custom download domain needs a Business plan.' });

async function editableCompany(deps: Deps, userId: string) {
  const context = await companyOf(deps, userId);
  if (context.company.id !== context.user.id) throw adminOnlyError();
  return context;
}

export async function getDownloadHost(deps: Deps, request: RpcRequest<typeof DOWNLOAD_HOST_RPC.get>): Promise<TDownloadHost> {
  const context = await companyOf(deps, request.userId);
  const record = await deps.store.findDownloadHost(context.company.id);
  return viewOf(deps, record, { companyId: context.company.id, canUse: context.canUse, isEditable: context.company.id === context.user.id });
}

export async function setDownloadHost(deps: Deps, request: RpcRequest<typeof DOWNLOAD_HOST_RPC.set>): Promise<TDownloadHost> {
  const context = await editableCompany(deps, request.userId);
  if (!context.canUse) throw planError();
  const host = request.host;
  const base = deps.downloadHosts.cnameTarget;
  if (host === base || host.endsWith(`.${base}`) || host === new URL(deps.downloadHosts.publicUrl).hostname) {
    throw new AppError('VALIDATION_FAILED', { message: "Enter your own host, not Ferry's.", details: { field: 'host' } });
  }
  const takenBy = await deps.store.findDownloadHostByName(host);
  if (takenBy && takenBy.companyId !== context.company.id) throw hostTakenError();
  const held = await deps.store.findDownloadHost(context.company.id);
  const now = deps.clock();
  const fresh: DownloadHostRecord = held?.host === host ? held : { companyId: context.company.id, host, status: 'pending', problem: null, found: null, checkedAt: null, verifiedAt: null };
  const checked = afterLookup(fresh, await deps.downloadHosts.lookup(host), deps.downloadHosts.targetOf(context.company.id), now);
  if (!(await deps.store.saveDownloadHost(checked, now))) throw hostTakenError();
  return viewOf(deps, checked, { companyId: context.company.id, canUse: true, isEditable: true });
}

export async function checkDownloadHost(deps: Deps, request: RpcRequest<typeof DOWNLOAD_HOST_RPC.check>): Promise<TDownloadHost> {
  const context = await editableCompany(deps, request.userId);
  const record = await deps.store.findDownloadHost(context.company.id);
  if (!record) throw new AppError('NOT_FOUND', { message: 'No download domain is set.' });
  const now = deps.clock();
  const checked = afterLookup(record, await deps.downloadHosts.lookup(record.host), deps.downloadHosts.targetOf(context.company.id), now);
  if (!(await deps.store.saveDownloadHost(checked, now))) throw hostTakenError();
  return viewOf(deps, checked, { companyId: context.company.id, canUse: context.canUse, isEditable: true });
}

export async function removeDownloadHost(deps: Deps, request: RpcRequest<typeof DOWNLOAD_HOST_RPC.remove>): Promise<TDownloadHost> {
  const context = await editableCompany(deps, request.userId);
  await deps.store.deleteDownloadHost(context.company.id);
  return viewOf(deps, null, { companyId: context.company.id, canUse: context.canUse, isEditable: true });
}

/** The company's verified host while its plan allows it; otherwise null (Ferry's origin). */
export async function linkOrigin(deps: Deps, request: RpcRequest<typeof DOWNLOAD_HOST_RPC.linkOrigin>): Promise<{ origin: string | null }> {
  if (!request.userId) return { origin: null };
  const user = await deps.store.findUserById(request.userId);
  if (!user) return { origin: null };
  const context = await companyOf(deps, request.userId);
  const record = await deps.store.findDownloadHost(context.company.id);
  return { origin: record?.status === 'verified' && context.canUse ? hostLinkOrigin(record.host) : null };
}

export async function verifiedDownloadHosts(deps: Deps): Promise<{ hosts: Array<{ host: string; companyId: string }> }> {
  const hosts: Array<{ host: string; companyId: string }> = [];
  for (const record of await deps.store.listDownloadHosts()) {
    if (record.status !== 'verified') continue;
    const company = await deps.store.findUserById(record.companyId);
    if (company && canUseDownloadHost(entitledPlan(company.role, company.status))) hosts.push({ host: record.host, companyId: record.companyId });
  }
  return { hosts };
}

export async function belongsToCompany(deps: Deps, request: RpcRequest<typeof DOWNLOAD_HOST_RPC.belongsTo>): Promise<{ belongs: boolean }> {
  if (!request.ownerId) return { belongs: false };
  const owner = await deps.store.findUserById(request.ownerId);
  if (!owner) return { belongs: false };
  return { belongs: owner.id === request.companyId || teamAdminOf(owner) === request.companyId };
}

/**
 * The background re-check: every host is looked up again. A verified host whose record is gone or
 * points elsewhere goes back to pending (its links fall back to Ferry's origin at once) and the
 * company's admin is told by mail; answers the hosts that broke. The row is locked and read again
 * before it is written: a host removed or changed meanwhile is left alone, and of two replicas
 * checking at once only the first sees the break (one mail).
 */
export async function recheckDownloadHosts(deps: Deps): Promise<string[]> {
  const broken: string[] = [];
  for (const listed of await deps.store.listDownloadHosts()) {
    const answer = await deps.downloadHosts.lookup(listed.host);
    const didBreak = await deps.store.transaction(async (tx) => {
      const current = await tx.findDownloadHost(listed.companyId, { forUpdate: true });
      if (!current || current.host !== listed.host) return false;
      const now = deps.clock();
      const checked = afterLookup(current, answer, deps.downloadHosts.targetOf(current.companyId), now);
      if (!(await tx.saveDownloadHost(checked, now))) return false;
      if (current.status !== 'verified' || checked.status === 'verified') return false;
      const admin = await tx.findUserById(current.companyId);
      if (!admin) return true;
      await tx.emit(DOWNLOAD_HOST_BROKEN, {
        companyId: admin.id,
        email: admin.email,
        lang: admin.lang,
        host: checked.host,
        problem: checked.problem === 'WRONG_TARGET' ? 'WRONG_TARGET' : 'NO_CNAME',
        found: checked.found,
        cnameTarget: deps.downloadHosts.targetOf(current.companyId),
      });
      return true;
    });
    if (didBreak) broken.push(listed.host);
  }
  return broken;
}
