import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

export interface SeedShape {
  transfers: number;
  users: number;
  /** Transfers of user 0, the largest user; the others share the rest with a skew (see README). */
  largest: number;
}

export interface SeedReport {
  /** Seconds per table, in insert order. */
  seconds: Record<'transfers' | 'transfer_files' | 'transfer_recipients' | 'downloads' | 'indexes' | 'vacuum analyze', number>;
  rows: Record<'transfers' | 'transfer_files' | 'transfer_recipients' | 'downloads', number>;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 62^7 slugs; n -> n * SLUG_STRIDE mod 62^7 is a bijection (the stride is a prime other than 2 and 31). */
const SLUG_SPACE = 62n ** 7n;
const SLUG_STRIDE = 2654435761n;
/** Users below this index are in teams of 10, whose first member is the admin (the transfers' owner). */
const TEAM_SHARE = 0.2;

/** The word a seeded file name starts with; `SEARCH_HIT` is one of them. */
const WORDS = ['report', 'invoice', 'contract', 'photos', 'design', 'video', 'backup', 'slides', 'budget', 'draft', 'scan', 'render', 'audio', 'archive', 'mockup', 'plan', 'dataset', 'proposal', 'footage', 'brief'];
const EXTENSIONS = ['.pdf', '.zip', '.mov', '.jpg', '.psd', '.docx', '.xlsx', '.mp4'];
const CONTENT_TYPES = ['application/pdf', 'application/zip', 'video/quicktime', 'image/jpeg', 'image/vnd.adobe.photoshop', 'application/msword', 'application/vnd.ms-excel', 'video/mp4'];
const REGIONS = ['oss-cn-hongkong', 'oss-cn-hangzhou', 'oss-eu-central-1', 'oss-me-east-1', 'oss-us-west-1'];
const PLACES: readonly (readonly [string, string, string])[] = [
  ['AE', 'United Arab Emirates', 'Dubai'],
  ['DE', 'Germany', 'Frankfurt am Main'],
  ['CN', 'China', 'Shanghai'],
  ['US', 'United States', 'Seattle'],
  ['GB', 'United Kingdom', 'London'],
  ['unknown', 'unknown', 'unknown'],
];

/** A search term that matches about 5% of file names (one word in twenty). */
export const SEARCH_HIT = 'invoice';
/** A search term that matches nothing: every row of the user is read. */
export const SEARCH_MISS = 'zqxj';

/** The public id of seeded transfer `n` (1-based); beyond `transfers` for the bench's own rows. */
export function seededSlug(n: number): string {
  let x = (BigInt(n) * SLUG_STRIDE) % SLUG_SPACE;
  let slug = '';
  for (let k = 0; k < 7; k += 1) {
    slug += ALPHABET[Number(x % 62n)];
    x /= 62n;
  }
  return slug;
}

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
const sqlArray = (values: readonly string[]) => `array[${values.map(sqlText).join(', ')}]`;
/** 0..modulo-1 from a text key: derived, so the child tables agree with the parent row. */
const hashOf = (key: string, modulo: number) => `(abs(hashtext(${key})) % ${modulo})`;
/** The id of user `u`, as identity would hand it out (a uuid as text). */
const userId = (u: string) => `md5('user-' || ${u})::uuid::text`;
/** The name of file k of transfer `id`. */
const fileName = (id: string, k: string) =>
  `(${sqlArray(WORDS)})[1 + ${hashOf(`${id}::text || ':' || ${k}`, WORDS.length)}] || '-' || ${hashOf(`${id}::text || '#' || ${k}`, 10_000)} || (${sqlArray(EXTENSIONS)})[1 + ${hashOf(`${id}::text || '.' || ${k}`, EXTENSIONS.length)}]`;
/** 1–5 files per transfer. */
const fileCount = (id: string) => `(1 + ${hashOf(`${id}::text || 'f'`, 5)})`;
/** 0–3 recipients: 40% none, 30% one, 20% two, 10% three. */
const recipientCount = (id: string) => `(array[0, 0, 0, 0, 1, 1, 1, 2, 2, 3])[1 + ${hashOf(`${id}::text || 'r'`, 10)}]`;

/** The database id of user `index`. */
export async function seededUserId(db: Knex, index: number): Promise<string> {
  const { rows } = await db.raw<{ rows: { id: string }[] }>(`select ${userId('?::int')} as id`, [index]);
  return (rows[0] as { id: string }).id;
}

/**
 * Fills the `transfers` schema with set-based SQL: `shape.transfers` transfers over 2 years,
 * inserted in date order so each user's rows are spread over the table as in production.
 */
export async function seedTransfers(db: Knex, shape: SeedShape, onStep: (message: string) => void): Promise<SeedReport> {
  const seconds = {} as SeedReport['seconds'];
  const rows = {} as SeedReport['rows'];
  const teamUsers = Math.max(10, Math.floor((shape.users * TEAM_SHARE) / 10) * 10);
  const slugDigits = Array.from({ length: 7 }, (_, k) => `substr('${ALPHABET}', ((x / ${62 ** k}) % 62)::int + 1, 1)`).join(' || ');

  await db.transaction(async (trx) => {
    await trx.raw(`set local synchronous_commit = off`);
    await trx.raw(`set local work_mem = '256MB'`);
    await trx.raw(`set local maintenance_work_mem = '512MB'`);
    await trx.raw(`select setseed(0.42)`);
    // The migration's secondary indexes are built once after the load, from their own definitions;
    // primary keys and unique constraints stay (the foreign keys need them).
    const { rows: deferred } = await trx.raw<{ rows: { name: string; definition: string }[] }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
       where i.schemaname = current_schema() and i.tablename in ('transfers', 'transfer_files', 'transfer_recipients', 'downloads')
         and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    );
    for (const index of deferred) await trx.raw(`drop index "${index.name}"`);
    const step = async (table: keyof SeedReport['rows'], sql: string, bindings: Record<string, number>) => {
      const started = performance.now();
      const result = await trx.raw<{ rowCount: number }>(sql, bindings);
      seconds[table] = (performance.now() - started) / 1000;
      rows[table] = result.rowCount;
      onStep(`  ${table}: ${result.rowCount.toLocaleString('en-US')} rows in ${seconds[table].toFixed(1)} s`);
    };

    // u = 0 is the largest user; the others get 1 + floor((users-1) * r^2), so user 1 has the most
    // of them and user users-1 the fewest (with 10,000 users: about 9,800 down to 50).
    await step(
      'transfers',
      `insert into transfers (id, slug, owner_id, sender_id, sender_email, sender_name, lang, send_as, message, region, status,
         restricted, password_hash, expiry_seconds, expiry_date, created_at, date_sent, updated_at, total_size, file_count,
         first_file_name, download_count, share_with, purged_at)
       with s as materialized (
         select n, gen_random_uuid() as id, (n::bigint * ${SLUG_STRIDE}) % ${SLUG_SPACE} as x,
           case when n <= :largest then 0 else 1 + floor((:users - 1) * power(random(), 2))::int end as u,
           random() as r_status, random() as r_age, random() as r_expiry, random() as r_download, random() as r_message,
           random() as r_share, random() as r_misc, random() as r_size
         from generate_series(1, :transfers) as n
       ), t as (
         select s.*,
           now() - interval '730 days' * power(r_age, 1.3) as sent,
           case when r_expiry < 0.5 then 604800 when r_expiry < 0.7 then 1209600 when r_expiry < 0.9 then 2592000 else 31536000 end as expiry_seconds,
           case when r_status < 0.96 then 'live' when r_status < 0.99 then 'deleted' else 'uploading' end as status,
           case when u < ${teamUsers} then u - u % 10 else u end as owner
         from s
       )
       select id, ${slugDigits}, ${userId('owner')}, ${userId('u')}, 'user' || u || '@example.com', 'User ' || u,
         case when r_misc < 0.9 then 'en' else 'zh' end,
         case when ${recipientCount('id')} > 0 then 'email' else 'link' end,
         case when r_message < 0.3 then 'The ' || (${sqlArray(WORDS)})[1 + ${hashOf(`id::text || 'm'`, WORDS.length)}] || ' for project ' || ${hashOf(`id::text || 'p'`, 500)} end,
         (${sqlArray(REGIONS)})[1 + ${hashOf(`id::text || 'g'`, REGIONS.length)}],
         status,
         r_misc < 0.02,
         case when r_misc between 0.02 and 0.07 then '$argon2id$v=19$m=19456,t=2,p=1$c2VlZHNlZWQ$c2VlZGVkLW5vdC1hLXJlYWwtaGFzaA' end,
         expiry_seconds,
         sent + expiry_seconds * interval '1 second',
         sent - interval '1 minute' * (1 + r_misc * 30),
         case when status <> 'uploading' then sent end,
         sent,
         case when status = 'uploading' then 0 else floor(power(10, 4 + r_size * 6))::bigint end,
         case when status = 'uploading' then 0 else ${fileCount('id')} end,
         case when status = 'uploading' then '' else ${fileName('id', '0')} end,
         case when status <> 'uploading' and r_download >= 0.4 then 1 + floor(power((r_download - 0.4) / 0.6, 3) * 6)::int else 0 end,
         case when u < ${teamUsers} and r_share < 0.1 then
           array(select ${userId(`(owner + (u % 10 + j) % 10)`)} from generate_series(1, 1 + floor(r_share * 30)::int) as j)
         else '{}' end,
         case
           when status = 'deleted' then sent + interval '1 day' * r_misc
           when status = 'live' and sent + expiry_seconds * interval '1 second' + interval '30 days' < now() then sent + expiry_seconds * interval '1 second' + interval '30 days'
         end
       from t
       order by sent`,
      { largest: shape.largest, users: shape.users, transfers: shape.transfers },
    );

    await step(
      'transfer_files',
      `insert into transfer_files (id, transfer_id, position, name, path, size, kind, content_type, status, created_at)
       select gen_random_uuid(), t.id, k, ${fileName('t.id', 'k')},
         case when ${hashOf(`t.id::text || 'd' || k`, 4)} = 0 then 'folder ' || ${hashOf(`t.id::text || 'e'`, 20)} end,
         greatest(1, t.total_size / greatest(t.file_count, 1)),
         case when ${hashOf(`t.id::text || 'k' || k`, 100)} = 0 then 'voiceMemo' else 'file' end,
         (${sqlArray(CONTENT_TYPES)})[1 + ${hashOf(`t.id::text || '.' || k`, EXTENSIONS.length)}],
         case when t.status = 'uploading' then 'uploading' else 'complete' end,
         t.created_at
       from transfers t cross join lateral generate_series(0, ${fileCount('t.id')} - 1) as k`,
      {},
    );

    await step(
      'transfer_recipients',
      `insert into transfer_recipients (id, transfer_id, email, name, company, token)
       select gen_random_uuid(), t.id,
         'contact' || ${hashOf(`t.id::text || 'c' || j`, 50_000)} || '@' || (array['example.com', 'example.org', 'studio.test', 'agency.test'])[1 + ${hashOf(`t.id::text || 'o' || j`, 4)}],
         case when j = 1 then 'Contact ' || j end,
         null,
         left(md5(t.id::text || ':' || j), 16)
       from transfers t cross join lateral generate_series(1, ${recipientCount('t.id')}) as j`,
      {},
    );

    await step(
      'downloads',
      `insert into downloads (id, transfer_id, file_id, file_name, all_files, recipient_id, receiver_email, ip, country_code, country, city, downloaded_at)
       select gen_random_uuid(), t.id, null, t.first_file_name, true, null, null, '203.0.113.' || (j % 250),
         (${sqlArray(PLACES.map((p) => p[0]))})[1 + ${hashOf(`t.id::text || 'l' || j`, PLACES.length)}],
         (${sqlArray(PLACES.map((p) => p[1]))})[1 + ${hashOf(`t.id::text || 'l' || j`, PLACES.length)}],
         (${sqlArray(PLACES.map((p) => p[2]))})[1 + ${hashOf(`t.id::text || 'l' || j`, PLACES.length)}],
         least(now(), t.date_sent + interval '1 hour' * j * (1 + ${hashOf(`t.id::text || 'h' || j`, 48)}))
       from transfers t cross join lateral generate_series(1, t.download_count) as j
       where t.download_count > 0`,
      {},
    );

    // The dashboard's search document, as the service's refreshTotals writes it.
    await trx.raw(
      `update transfers t set search_text = lower(concat_ws(E'\\n', t.slug, t.message, f.names, r.emails))
       from (select transfer_id, string_agg(name, E'\\n') as names from transfer_files group by transfer_id) f
       left join (select transfer_id, string_agg(email, E'\\n') as emails from transfer_recipients group by transfer_id) r using (transfer_id)
       where f.transfer_id = t.id`,
    );
    const started = performance.now();
    for (const index of deferred) await trx.raw(index.definition);
    seconds.indexes = (performance.now() - started) / 1000;
    onStep(`  ${deferred.length} secondary indexes built in ${seconds.indexes.toFixed(1)} s`);
  });

  // Old rows are all-visible in production (autovacuum); vacuum makes that true here too.
  const started = performance.now();
  await db.raw('vacuum (analyze) transfers, transfer_files, transfer_recipients, downloads');
  seconds['vacuum analyze'] = (performance.now() - started) / 1000;
  onStep(`  vacuum (analyze): ${seconds['vacuum analyze'].toFixed(1)} s`);
  return { seconds, rows };
}

export interface DownloadTarget {
  slug: string;
  fileId: string;
}

/**
 * `count` live transfers of one file each, sent by `senderId` just now, for the
 * download-to-notification phase (each call downloads from a different one).
 */
export async function seedDownloadTargets(db: Knex, options: { count: number; firstN: number; senderId: string }): Promise<DownloadTarget[]> {
  const now = new Date();
  const targets: DownloadTarget[] = [];
  const transfers: Record<string, unknown>[] = [];
  const files: Record<string, unknown>[] = [];
  for (let i = 0; i < options.count; i += 1) {
    const id = randomUUID();
    const fileId = randomUUID();
    const slug = seededSlug(options.firstN + i);
    const name = `bench-download-${i}.pdf`;
    targets.push({ slug, fileId });
    transfers.push({
      id,
      slug,
      owner_id: options.senderId,
      sender_id: options.senderId,
      sender_email: 'user0@example.com',
      sender_name: 'User 0',
      lang: 'en',
      send_as: 'link',
      region: 'oss-eu-central-1',
      status: 'live',
      expiry_seconds: 604_800,
      expiry_date: new Date(now.getTime() + 604_800_000),
      created_at: now,
      date_sent: now,
      updated_at: now,
      total_size: 1_000_000,
      file_count: 1,
      first_file_name: name,
    });
    files.push({ id: fileId, transfer_id: id, position: 0, name, size: 1_000_000, kind: 'file', content_type: 'application/pdf', status: 'complete', created_at: now });
  }
  await db.batchInsert('transfers', transfers, 500);
  await db.batchInsert('transfer_files', files, 500);
  return targets;
}
