import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { createInProcessBus, type Bus } from '@ferry/bus';
import { handle } from '@ferry/bus/testing';
import {
  AppError,
  BRANDING_RPC,
  DOWNLOAD_HOST_RPC,
  DEFAULT_USER_SETTINGS,
  FERRY_BRANDING,
  GEO_RPC,
  IDENTITY_RPC,
  TRANSFERS_RPC,
  UNKNOWN_LOCATION,
  type EventDef,
  type RpcDef,
  type TAccessClaims,
  type TCreatedTransfer,
  type TGeoLocation,
  type TPublicBranding,
  type TRegion,
  type TTransferDraft,
  type TUser,
  type TUserSettings,
  type TUserStatus,
  USER_SETTINGS_RPC,
  ZTransferDraft,
  ZUser,
} from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { createLogger } from '@ferry/service-kit';
import { loadTransfersConfig, startTransfers, transfersMigrations, type RunningTransfers } from '../../src/index';
import { createFakeStorage, type FakeStorage } from './fake-storage';

export interface SeededTransfer {
  id: string;
  slug: string;
  fileId: string;
  /** The per-recipient token of each mailed recipient's link, in order. */
  recipientTokens: string[];
}

export interface UserOptions {
  /** A role or plan code ('free', 'pro', 'PRM'…); 'pro' by default. */
  role?: string;
  status?: TUserStatus;
  email?: string;
  /** Makes the user a member of this admin's team. */
  admin?: TAccessClaims;
  /** The storage region saved with PATCH /me; Hong Kong by default. */
  region?: TRegion;
  /** The settings tab's transfer and request settings; the defaults by default. */
  settings?: { transferSettings?: Partial<TUserSettings['transferSettings']>; requestSettings?: Partial<TUserSettings['requestSettings']> };
  /** The company brand identity answers for this user (picture paths as identity gives them); Ferry's by default. */
  branding?: TPublicBranding;
}

/** A quick send that was uploaded and completed: what the client holds afterwards. */
export interface SentTransfer extends TCreatedTransfer {
  fileIds: string[];
}

export interface TransfersHarness {
  bus: Bus;
  db: Knex;
  running: RunningTransfers;
  storage: FakeStorage;
  /** Where geo places every address; unknown by default. */
  place: TGeoLocation;
  /** The service's clock; tests move it instead of waiting. */
  now(): Date;
  advance(ms: number): void;
  call<TReq, TRes>(rpc: RpcDef<TReq, TRes>, request: TReq): Promise<TRes>;
  /** A signed-in account known to the identity stand-in (getMe, getTeam). */
  user(options?: UserOptions): TAccessClaims;
  /** A ticket the identity stand-in accepts as this browser's verification of `email` for sending. */
  verificationTicket(email: string): string;
  /** create -> every file uploaded to storage -> complete, the way quick send does it. */
  send(caller: TAccessClaims | null, input: TTransferDraft, options?: { ticket?: string }): Promise<SentTransfer>;
  /** Payloads of one event in transfers' outbox, oldest first: what the service committed. */
  events<T extends { eventId: string }>(event: EventDef<T>, where?: (payload: T) => boolean): Promise<T[]>;
  /** A live transfer of one complete file, as quick send leaves it once uploaded. */
  seedTransfer(options?: { password?: string; recipients?: string[] }): Promise<SeededTransfer>;
  close(): Promise<void>;
}

const randomSlug = () => randomBytes(8).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 7);

/** A quick-send draft with the contract's defaults filled in (email send, 1 week). */
export const draft = (input: TTransferDraft) => ZTransferDraft.parse(input);

/** A small file of a draft; `size` in bytes. */
export const draftFile = (name: string, size = 11, path?: string) => ({ name, size, ...(path ? { path } : {}) });

function identityStandIn(harness: { users: Map<string, TUser>; members: Map<string, string[]>; tickets: Map<string, string>; settings: Map<string, TUserSettings>; brands: Map<string, TPublicBranding> }) {
  return [
    handle(BRANDING_RPC.publicBranding, async ({ userId }) => (userId ? harness.brands.get(userId) : undefined) ?? FERRY_BRANDING),
    // No company here has a verified download host: links are on Ferry's origin.
    handle(DOWNLOAD_HOST_RPC.linkOrigin, async () => ({ origin: null })),
    handle(USER_SETTINGS_RPC.getSettings, async ({ userId }) => harness.settings.get(userId) ?? DEFAULT_USER_SETTINGS),
    handle(IDENTITY_RPC.getMe, async ({ userId }) => {
      const user = harness.users.get(userId);
      if (!user) throw new AppError('USER_NOT_FOUND', { message: 'No such user' });
      return user;
    }),
    handle(IDENTITY_RPC.getTeam, async ({ userId }) => ({
      adminId: userId,
      company: null,
      limit: 5,
      members: (harness.members.get(userId) ?? []).map((id) => ({ id, email: `${id}@team.example`, fullName: null, profilePic: null, finishedOnboarding: true })),
      pendingInvites: [],
    })),
    handle(IDENTITY_RPC.checkEmailVerification, async ({ email, purpose, ticket }) => ({ verified: purpose === 'send' && harness.tickets.get(ticket) === email })),
  ];
}

/** A profile as identity answers getMe, parsed by ZUser: the fixture holds exactly the fields the contract has (plan included once it is there). */
function newUser(options: UserOptions, now: Date): TUser {
  const id = randomUUID();
  return ZUser.parse({
    id,
    email: options.email ?? `user-${id.slice(0, 8)}@acme.example`,
    fullName: 'Ada Lovelace',
    greetingName: null,
    company: null,
    profilePic: null,
    region: options.region ?? 'oss-cn-hongkong',
    role: options.role ?? 'pro',
    plan: options.role ?? 'pro',
    status: options.status ?? 'active',
    lang: 'en',
    loginCount: 1,
    isTeamMember: options.admin !== undefined,
    parentAdmin: null,
    createdAt: now.toISOString(),
  });
}

/** Writes a live transfer of one complete file straight into the tables, as quick send leaves it once uploaded. */
async function seedTransfer(db: Knex, at: Date, options: { password?: string; recipients?: string[] }): Promise<SeededTransfer> {
  const id = randomUUID();
  const fileId = randomUUID();
  const slug = randomSlug();
  await db('transfers').insert({
    id,
    slug,
    sender_email: 'ada@acme.example',
    lang: 'en',
    send_as: options.recipients ? 'email' : 'link',
    region: 'oss-cn-hongkong',
    status: 'live',
    password_hash: options.password ? await hash(options.password) : null,
    expiry_seconds: 604_800,
    expiry_date: new Date(at.getTime() + 7 * 24 * 3_600_000),
    created_at: at,
    date_sent: at,
    updated_at: at,
    total_size: 11,
    file_count: 1,
    first_file_name: 'report.pdf',
  });
  await db('transfer_files').insert({ id: fileId, transfer_id: id, position: 0, name: 'report.pdf', size: 11, kind: 'file', status: 'complete', created_at: at });
  const recipientTokens: string[] = [];
  for (const email of options.recipients ?? []) {
    const token = randomBytes(9).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 12);
    await db('transfer_recipients').insert({ id: randomUUID(), transfer_id: id, email, token });
    recipientTokens.push(token);
  }
  return { id, slug, fileId, recipientTokens };
}

/**
 * Boots transfers in-process on its own database and the in-process bus, with stand-ins for
 * storage (objects kept in memory), identity (accounts, teams, verified senders) and geo.
 */
export async function bootTransfers(suite: string): Promise<TransfersHarness> {
  const testDb: TestDatabase = await createTestDatabase(`transfers_${suite}`);
  const db = await openDb(testDb.url, { schema: 'transfers', migrations: transfersMigrations });
  const log = createLogger({ service: 'transfers', level: 'silent' });
  const bus = createInProcessBus({ log });
  const storage = createFakeStorage();
  const people = { users: new Map<string, TUser>(), members: new Map<string, string[]>(), tickets: new Map<string, string>(), settings: new Map<string, TUserSettings>(), brands: new Map<string, TPublicBranding>() };
  await bus.serve('storage', storage.handlers);
  await bus.serve('identity', identityStandIn(people));
  await bus.serve('geo', [handle(GEO_RPC.lookup, async () => harness.place)]);
  const config = loadTransfersConfig({ DATABASE_URL: testDb.url, EVENT_SEAL_KEY: 'seal-key-for-transfers-tests-32-chars-long', LOG_LEVEL: 'silent' });
  let now = new Date();
  const running = await startTransfers({ db, bus, log, config, clock: () => now });

  const harness: TransfersHarness = {
    bus,
    db,
    running,
    storage,
    place: UNKNOWN_LOCATION,
    now: () => now,
    advance(ms) {
      now = new Date(now.getTime() + ms);
    },
    call: (rpc, request) => bus.request(rpc, request),
    user(options = {}) {
      const user = newUser(options, now);
      people.users.set(user.id, user);
      people.settings.set(user.id, {
        transferSettings: { ...DEFAULT_USER_SETTINGS.transferSettings, ...options.settings?.transferSettings },
        requestSettings: { ...DEFAULT_USER_SETTINGS.requestSettings, ...options.settings?.requestSettings },
      });
      if (options.branding) people.brands.set(user.id, options.branding);
      if (options.admin) people.members.set(options.admin.sub, [...(people.members.get(options.admin.sub) ?? []), user.id]);
      return {
        sub: user.id,
        email: user.email,
        role: user.role,
        status: user.status,
        isTeamMember: user.isTeamMember,
        parentAdminId: options.admin?.sub ?? null,
        sid: randomUUID(),
        ver: 0,
      };
    },
    verificationTicket(email) {
      const ticket = randomBytes(16).toString('base64url');
      people.tickets.set(ticket, email);
      return ticket;
    },
    async send(caller, input, options = {}) {
      const created = await bus.request(TRANSFERS_RPC.create, { caller, draft: ZTransferDraft.parse(input), client: { ip: '192.0.2.1', verificationTicket: options.ticket } });
      storage.upload(created.uploads);
      await bus.request(TRANSFERS_RPC.complete, { caller, id: created.id, body: { uploads: created.uploads.map((g) => ({ uploadToken: g.uploadToken })) } });
      return { ...created, fileIds: created.uploads.map((g) => g.fileId) };
    },
    async events(event, where) {
      const rows: Array<{ payload: unknown }> = await db('outbox').select('payload').where({ subject: event.subject }).orderBy('created_at');
      return rows.map((row) => event.schema.parse(row.payload)).filter((payload) => !where || where(payload));
    },
    seedTransfer: (options = {}) => seedTransfer(db, now, options),
    async close() {
      await running.stop();
      await bus.drain();
      await db.destroy();
      await testDb.drop();
    },
  };
  return harness;
}

/** The error code a call is refused with (or 'OK'). */
export async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'OK';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

export type PublicRoute = 'get' | 'file' | 'zip' | 'extension';

export interface PublicCaller {
  ip: string;
  password?: string;
  recipient?: string;
}

export interface Outcome {
  /** 'OK', or the error code the call was refused with. */
  code: string;
  retryAfterSeconds?: number;
}

/** One call of a transfer's public route (the download page, one file, the ZIP, an extension request). */
export async function openAs(harness: TransfersHarness, transfer: SeededTransfer, caller: PublicCaller, route: PublicRoute = 'get'): Promise<Outcome> {
  const access = { slug: transfer.slug, password: caller.password, recipient: caller.recipient, client: { ip: caller.ip } };
  try {
    if (route === 'get') await harness.call(TRANSFERS_RPC.publicGet, access);
    else if (route === 'file') await harness.call(TRANSFERS_RPC.publicDownload, { ...access, body: { fileId: transfer.fileId } });
    else if (route === 'zip') await harness.call(TRANSFERS_RPC.publicDownload, { ...access, body: { all: true } });
    else await harness.call(TRANSFERS_RPC.requestExtension, access);
    return { code: 'OK' };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const retryAfterSeconds = error.details?.['retryAfterSeconds'];
    return typeof retryAfterSeconds === 'number' ? { code: error.code, retryAfterSeconds } : { code: error.code };
  }
}
