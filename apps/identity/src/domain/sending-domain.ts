import { generateKeyPairSync } from 'node:crypto';
import { SEALED_FIELDS_HEADER } from '@ferry/bus';
import { AppError, SENDING_DOMAIN_BROKEN, type SENDING_DOMAIN_RPC, type TDnsRecord, type TMailSigner, type TSendingDomain, type TSendingDomainProblem } from '@ferry/contracts';
import { entitledPlan, getPlanLimits } from '@ferry/plans';
import { companyOf } from './download-host';
import type { TxtAnswer } from './download-host-dns';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import type { SendingDomainRecord } from './identity.ports';

type Deps = Pick<IdentityDeps, 'store' | 'clock' | 'sendingDomains' | 'log'>;

/** The DKIM selector of keys Ferry makes: `ferry1._domainkey.{domain}`. */
const SELECTOR = 'ferry1';
const SEALED = { [SEALED_FIELDS_HEADER]: 'privateKey' };

const dkimName = (record: Pick<SendingDomainRecord, 'selector' | 'domain'>) => `${record.selector}._domainkey.${record.domain}`;
const dkimValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;
const spfValue = (include: string) => `v=spf1 include:${include} ~all`;

/** The records to create: DKIM and SPF are required, DMARC suggested; `isFound` from the last check. */
function recordsOf(deps: Deps, record: SendingDomainRecord): TDnsRecord[] {
  const found = (purpose: 'dkim' | 'spf' | 'dmarc') => (record.checkedAt ? record.found.includes(purpose) : null);
  return [
    { purpose: 'dkim', type: 'TXT', name: dkimName(record), value: dkimValue(record.publicKey), isRequired: true, isFound: found('dkim') },
    { purpose: 'spf', type: 'TXT', name: record.domain, value: spfValue(deps.sendingDomains.spfInclude), isRequired: true, isFound: found('spf') },
    { purpose: 'dmarc', type: 'TXT', name: `_dmarc.${record.domain}`, value: `v=DMARC1; p=none; rua=mailto:dmarc@${record.domain}`, isRequired: false, isFound: found('dmarc') },
  ];
}

const canSendFromDomain = (role: string | null, status: string | null | undefined) => getPlanLimits(entitledPlan(role, status)).emailDomain > 0;
const fromOf = (company: { company: string | null; fullName: string | null }, domain: string) =>
  `"${(company.company ?? company.fullName ?? domain).replace(/["\\\r\n]/g, '')}" <no-reply@${domain}>`;

function viewOf(deps: Deps, record: SendingDomainRecord | null, context: { canUse: boolean; isEditable: boolean; from: string | null }): TSendingDomain {
  return {
    domain: record?.domain ?? null,
    status: record?.status ?? 'none',
    records: record ? recordsOf(deps, record) : [],
    problems: record?.problems ?? [],
    fromAddress: record?.status === 'verified' && context.canUse ? context.from : null,
    checkedAt: record?.checkedAt?.getTime() ?? null,
    verifiedAt: record?.verifiedAt?.getTime() ?? null,
    canUse: context.canUse,
    isEditable: context.isEditable,
  };
}

const strip = (value: string) => value.replace(/\s+/g, '');

/**
 * A domain's record after looking its TXT records up: DKIM must carry this key (`p=`), SPF must
 * include Ferry's. Both there: verified. A lookup that does not answer changes nothing but says so.
 */
export function afterTxtLookup(record: SendingDomainRecord, answers: { dkim: TxtAnswer; spf: TxtAnswer; dmarc: TxtAnswer }, spfInclude: string, now: Date): SendingDomainRecord {
  if (answers.dkim.kind === 'failed' || answers.spf.kind === 'failed') {
    return { ...record, problems: record.status === 'verified' ? [] : ['LOOKUP_FAILED'], checkedAt: now };
  }
  const dkimRecords = answers.dkim.kind === 'found' ? answers.dkim.records.map(strip) : [];
  const isDkim = dkimRecords.some((txt) => txt.includes(`p=${record.publicKey}`));
  const isSpf = answers.spf.kind === 'found' && answers.spf.records.some((txt) => txt.startsWith('v=spf1') && txt.split(/\s+/).includes(`include:${spfInclude}`));
  const isDmarc = answers.dmarc.kind === 'found' && answers.dmarc.records.some((txt) => strip(txt).startsWith('v=DMARC1'));
  const problems: TSendingDomainProblem[] = [];
  if (!isDkim) problems.push(dkimRecords.some((txt) => txt.includes('v=DKIM1')) ? 'DKIM_MISMATCH' : 'DKIM_MISSING');
  if (!isSpf) problems.push('SPF_MISSING');
  const found = [...(isDkim ? ['dkim' as const] : []), ...(isSpf ? ['spf' as const] : []), ...(isDmarc ? ['dmarc' as const] : [])];
  const isVerified = problems.length === 0;
  return { ...record, status: isVerified ? 'verified' : 'pending', problems, found, checkedAt: now, verifiedAt: isVerified ? (record.verifiedAt ?? now) : null };
}

async function lookUp(deps: Deps, record: SendingDomainRecord, now: Date): Promise<SendingDomainRecord> {
  const { lookupTxt, spfInclude } = deps.sendingDomains;
  const [dkim, spf, dmarc] = await Promise.all([lookupTxt(dkimName(record)), lookupTxt(record.domain), lookupTxt(`_dmarc.${record.domain}`)]);
  return afterTxtLookup(record, { dkim, spf, dmarc }, spfInclude, now);
}

async function contextOf(deps: Deps, userId: string) {
  const { user, company } = await companyOf(deps, userId);
  return { user, company, canUse: canSendFromDomain(company.role, company.status), isEditable: company.id === user.id, from: null as string | null };
}

async function editableContext(deps: Deps, userId: string) {
  const context = await contextOf(deps, userId);
  if (!context.isEditable) throw new AppError('FORBIDDEN', { message: 'Only the team admin can change the sending domain.' });
  return context;
}

export async function getSendingDomain(deps: Deps, request: RpcRequest<typeof SENDING_DOMAIN_RPC.get>): Promise<TSendingDomain> {
  const context = await contextOf(deps, request.userId);
  const record = await deps.store.findSendingDomain(context.company.id);
  return viewOf(deps, record, { ...context, from: record ? fromOf(context.company, record.domain) : null });
}

/** A new domain gets a new 2048-bit RSA DKIM key (the private half sealed at rest); the same domain again keeps its key. */
export async function setSendingDomain(deps: Deps, request: RpcRequest<typeof SENDING_DOMAIN_RPC.set>): Promise<TSendingDomain> {
  const context = await editableContext(deps, request.userId);
  if (!context.canUse) throw new AppError('PLAN_REQUIRED', { message: 'A custom sending domain needs a Business plan.' });
  const held = await deps.store.findSendingDomain(context.company.id);
  const now = deps.clock();
  let record: SendingDomainRecord;
  if (held?.domain === request.domain) record = held;
  else {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const sealed = deps.sendingDomains.sealer.seal({ privateKey: pem }, SEALED) as { privateKey: string };
    record = {
      companyId: context.company.id, domain: request.domain, selector: SELECTOR, privateKeySealed: sealed.privateKey,
      publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'), status: 'pending', problems: [], found: [], checkedAt: null, verifiedAt: null,
    };
  }
  const checked = await lookUp(deps, record, now);
  if (!(await deps.store.saveSendingDomain(checked, now))) throw new AppError('HOST_TAKEN', { message: 'Another company already uses this domain.', details: { field: 'domain' } });
  return viewOf(deps, checked, { ...context, from: fromOf(context.company, checked.domain) });
}

export async function checkSendingDomain(deps: Deps, request: RpcRequest<typeof SENDING_DOMAIN_RPC.check>): Promise<TSendingDomain> {
  const context = await editableContext(deps, request.userId);
  const record = await deps.store.findSendingDomain(context.company.id);
  if (!record) throw new AppError('NOT_FOUND', { message: 'No sending domain is set.' });
  const now = deps.clock();
  const checked = await lookUp(deps, record, now);
  await deps.store.saveSendingDomain(checked, now);
  return viewOf(deps, checked, { ...context, from: fromOf(context.company, checked.domain) });
}

export async function removeSendingDomain(deps: Deps, request: RpcRequest<typeof SENDING_DOMAIN_RPC.remove>): Promise<TSendingDomain> {
  const context = await editableContext(deps, request.userId);
  await deps.store.deleteSendingDomain(context.company.id);
  return viewOf(deps, null, context);
}

/** How mail signs an owner's company's mails: only while the domain is verified and the plan allows it. */
export async function mailSigner(deps: Deps, request: RpcRequest<typeof SENDING_DOMAIN_RPC.signer>): Promise<{ signer: TMailSigner | null }> {
  if (!(await deps.store.findUserById(request.userId))) return { signer: null };
  const context = await contextOf(deps, request.userId);
  const record = await deps.store.findSendingDomain(context.company.id);
  if (!record || record.status !== 'verified' || !context.canUse) return { signer: null };
  return { signer: { from: fromOf(context.company, record.domain), domainName: record.domain, keySelector: record.selector, privateKey: record.privateKeySealed } };
}

/**
 * The background re-check of every sending domain: a verified one whose records broke goes back to
 * pending (mail falls back to Ferry's address at once) and its admin is told once by mail. The row is
 * locked and read again before it is written: a domain removed or replaced meanwhile is left alone,
 * and of two replicas checking at once only the first sees the break.
 */
const opens = (sealer: Deps['sendingDomains']['sealer'], sealed: string) => {
  try {
    sealer.open({ privateKey: sealed }, SEALED);
    return true;
  } catch {
    return false;
  }
};

/**
 * After EVENT_SEAL_KEY rotates (the old one given as EVENT_SEAL_KEY_PREVIOUS), the DKIM keys sealed
 * under the old one are sealed again under the new one, so that dropping EVENT_SEAL_KEY_PREVIOUS
 * later leaves every key readable (mail opens them with its own EVENT_SEAL_KEY, the same secret).
 * Runs before each re-check round; answers how many keys it sealed again. A key neither opens is
 * logged and left (its domain's mails go out From Ferry's address).
 */
export async function resealSendingDomainKeys(deps: Deps): Promise<number> {
  let count = 0;
  for (const listed of await deps.store.listSendingDomains()) {
    if (opens(deps.sendingDomains.currentSealer, listed.privateKeySealed)) continue;
    if (!opens(deps.sendingDomains.sealer, listed.privateKeySealed)) {
      deps.log.warn({ domain: listed.domain }, 'the DKIM key of a sending domain opens with neither EVENT_SEAL_KEY nor EVENT_SEAL_KEY_PREVIOUS');
      continue;
    }
    const resealed = await deps.store.transaction(async (tx) => {
      const current = await tx.findSendingDomain(listed.companyId, { forUpdate: true });
      if (!current || current.privateKeySealed !== listed.privateKeySealed) return false;
      const opened = deps.sendingDomains.sealer.open({ privateKey: current.privateKeySealed }, SEALED) as { privateKey: string };
      const sealed = deps.sendingDomains.currentSealer.seal(opened, SEALED) as { privateKey: string };
      await tx.saveSendingDomain({ ...current, privateKeySealed: sealed.privateKey }, deps.clock());
      return true;
    });
    if (resealed) count += 1;
  }
  if (count > 0) deps.log.info({ count }, 'DKIM keys sealed again under the current EVENT_SEAL_KEY');
  return count;
}

export async function recheckSendingDomains(deps: Deps): Promise<string[]> {
  const broken: string[] = [];
  for (const listed of await deps.store.listSendingDomains()) {
    const looked = await lookUp(deps, listed, deps.clock());
    const didBreak = await deps.store.transaction(async (tx) => {
      const current = await tx.findSendingDomain(listed.companyId, { forUpdate: true });
      if (!current || current.domain !== listed.domain || current.publicKey !== listed.publicKey) return false;
      // The key as it is now (a re-seal may have replaced it since the list was read).
      const checked = { ...looked, privateKeySealed: current.privateKeySealed, status: looked.status, verifiedAt: looked.status === 'verified' ? (current.verifiedAt ?? looked.verifiedAt) : null };
      await tx.saveSendingDomain(checked, looked.checkedAt ?? deps.clock());
      if (current.status !== 'verified' || checked.status === 'verified') return false;
      const admin = await tx.findUserById(current.companyId);
      if (admin) await tx.emit(SENDING_DOMAIN_BROKEN, { companyId: admin.id, email: admin.email, lang: admin.lang, domain: current.domain, problems: checked.problems });
      return true;
    });
    if (didBreak) broken.push(listed.domain);
  }
  return broken;
}
