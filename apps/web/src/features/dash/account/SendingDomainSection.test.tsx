import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDnsRecord, TSendingDomain } from '@ferry/contracts';
import { gatewayError } from '../../download/stub-gateway';
import { CHECKED_AT, NO_SENDING, renderTab, SENDING_ROUTES, sendingDomainRoutes, stubDomainTab, type SettingAnswers } from './domain-test-support';

const { SET, CHECK, REMOVE } = SENDING_ROUTES;

const DOMAIN = 'acme.com';
const DKIM_NAME = `ferry._domainkey.${DOMAIN}`;
/** A real DKIM value is a long base64 key without spaces: the page must wrap it, not widen. */
const DKIM_VALUE = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAv3'.repeat(9)}IDAQAB`;
const SPF_VALUE = 'v=spf1 include:spf.ferry.example ~all';
const DMARC_VALUE = `v=DMARC1; p=none; rua=mailto:dmarc@${DOMAIN}`;

function recordsOf(domain: string, found: { dkim: boolean | null; spf: boolean | null; dmarc: boolean | null }): TDnsRecord[] {
  return [
    { purpose: 'dkim', type: 'TXT', name: `ferry._domainkey.${domain}`, value: DKIM_VALUE, isRequired: true, isFound: found.dkim },
    { purpose: 'spf', type: 'TXT', name: domain, value: SPF_VALUE, isRequired: true, isFound: found.spf },
    { purpose: 'dmarc', type: 'TXT', name: `_dmarc.${domain}`, value: DMARC_VALUE, isRequired: false, isFound: found.dmarc },
  ];
}

/** Just added, the check ran at once and found nothing yet. */
const pendingOf = (domain: string): TSendingDomain => ({
  ...NO_SENDING,
  domain,
  status: 'pending',
  records: recordsOf(domain, { dkim: false, spf: false, dmarc: false }),
  problems: ['DKIM_MISSING', 'SPF_MISSING'],
  checkedAt: CHECKED_AT,
});
const PENDING = pendingOf(DOMAIN);
const VERIFIED: TSendingDomain = {
  ...PENDING,
  status: 'verified',
  records: recordsOf(DOMAIN, { dkim: true, spf: true, dmarc: false }),
  problems: [],
  fromAddress: `no-reply@${DOMAIN}`,
  verifiedAt: CHECKED_AT,
};

/** The gateway with the sending domain at `initial` (no download host); a saved domain is pending with its three records. */
function stubSendingDomain(initial: TSendingDomain, answers: SettingAnswers<TSendingDomain> = {}) {
  return stubDomainTab({ sending: sendingDomainRoutes(initial, { set: (domain) => ({ status: 200, body: pendingOf(domain) }), ...answers }) });
}

/** The sending-domain section (under the download-host one, which has its own Save, Check now and Remove). */
async function sendingSection(name = 'Custom sending domain') {
  return within(await screen.findByRole('region', { name }));
}

/** The records table's rows: [row header, name, value, status] as read. */
function recordRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent ?? '',
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.querySelector('code')?.textContent ?? cell.textContent ?? ''),
    ]);
}

afterEach(() => vi.unstubAllGlobals());

describe('SendingDomainSection', () => {
  it('shows a Business admin the sending-domain form under the download-host section', async () => {
    stubSendingDomain(NO_SENDING);
    renderTab();
    const section = await sendingSection();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Custom download domain', 'Custom sending domain']);
    expect(section.getByText('Mails to your recipients can come from your own domain, signed with DKIM, such as no-reply@acme.com.')).toBeTruthy();
    const field = section.getByLabelText<HTMLInputElement>('Sending domain');
    expect(field.placeholder).toBe('acme.com');
    expect(section.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(section.queryByRole('table')).toBeNull();
    expect(section.queryByRole('button', { name: 'Check now' })).toBeNull();
    expect(screen.getByLabelText('Host name')).toBeTruthy();
  });

  it('saves the typed domain, then shows it pending with its three records, what is missing and where mails come from meanwhile', async () => {
    const gateway = stubSendingDomain(NO_SENDING);
    renderTab();
    const section = await sendingSection();
    await userEvent.type(section.getByLabelText('Sending domain'), ' Acme.COM ');
    await userEvent.click(section.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.callsTo(SET)).toHaveLength(1));
    expect(gateway.callsTo(SET)[0]?.body).toEqual({ domain: DOMAIN });

    expect(await section.findByText('Pending')).toBeTruthy();
    expect(screen.getByText('acme.com saved: create the DNS records below.')).toBeTruthy();
    expect(section.getByText("Until the records are found, mails keep coming from Ferry's address.")).toBeTruthy();
    expect(section.getByText(`No DKIM record was found at ${DKIM_NAME} yet.`)).toBeTruthy();
    expect(section.getByText('The SPF record of acme.com does not include Ferry yet.')).toBeTruthy();
    expect(section.getByText(/^Last checked /).textContent).toContain('2026');

    const table = section.getByRole('table', { name: 'DNS records to create' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Type', 'Name', 'Value', 'Status']);
    expect(recordRows(table)).toEqual([
      ['DKIM TXT', DKIM_NAME, DKIM_VALUE, '✗ Not found'],
      ['SPF TXT', DOMAIN, SPF_VALUE, '✗ Not found'],
      ['DMARC (suggested) TXT', `_dmarc.${DOMAIN}`, DMARC_VALUE, '✗ Not found'],
    ]);
    expect(within(table).getAllByText('Not found')).toHaveLength(3);
    for (const purpose of ['DKIM', 'SPF', 'DMARC']) {
      expect(within(table).getByRole('button', { name: `Copy ${purpose} name` })).toBeTruthy();
      expect(within(table).getByRole('button', { name: `Copy ${purpose} value` })).toBeTruthy();
    }
    expect(section.getByRole('button', { name: 'Check now' })).toBeTruthy();
    expect(section.queryByText(/now come from/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a record is not checked yet before the first check', async () => {
    stubSendingDomain({ ...PENDING, records: recordsOf(DOMAIN, { dkim: null, spf: null, dmarc: null }), problems: [], checkedAt: null });
    renderTab();
    const section = await sendingSection();
    expect(await section.findAllByText('Not checked')).toHaveLength(3);
    expect(section.queryByText(/^Last checked /)).toBeNull();
  });

  it('copies the DKIM key with its copy button', async () => {
    stubSendingDomain(PENDING);
    renderTab();
    const user = userEvent.setup();
    const section = await sendingSection();
    await user.click(await section.findByRole('button', { name: 'Copy DKIM value' }));
    expect(await navigator.clipboard.readText()).toBe(DKIM_VALUE);
    expect(section.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('checks again with Check now and shows the domain verified with its From address', async () => {
    const gateway = stubSendingDomain(PENDING, { check: () => VERIFIED });
    renderTab();
    const section = await sendingSection();
    await userEvent.click(await section.findByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(gateway.callsTo(CHECK)).toHaveLength(1));
    expect(gateway.callsTo(CHECK)[0]?.body).toEqual({});
    expect(await section.findByText('Verified')).toBeTruthy();
    expect(section.getByText('Mails to recipients now come from no-reply@acme.com, signed with DKIM.')).toBeTruthy();
    expect(section.queryByText(/No DKIM record/)).toBeNull();
    expect(section.queryByText(/keep coming from Ferry/)).toBeNull();
    expect(recordRows(section.getByRole('table')).map((row) => row[3])).toEqual(['✓ Found', '✓ Found', '✗ Not found']);
  });

  it('names a DKIM record that does not match, and a lookup that did not answer', async () => {
    stubSendingDomain({ ...PENDING, problems: ['DKIM_MISMATCH', 'LOOKUP_FAILED'] });
    renderTab();
    const section = await sendingSection();
    expect(await section.findByText(`The DKIM record at ${DKIM_NAME} does not match the key shown below.`)).toBeTruthy();
    expect(section.getByText('The DNS lookup did not answer. Try again in a few minutes.')).toBeTruthy();
  });

  it('says under the field when another company has the domain (409 HOST_TAKEN), and catches a bad domain before sending', async () => {
    const gateway = stubSendingDomain(NO_SENDING, { set: () => gatewayError(409, 'HOST_TAKEN', 'Another company already uses this domain.') });
    renderTab();
    const section = await sendingSection();
    const field = section.getByLabelText('Sending domain');
    await userEvent.type(field, 'acme');
    await userEvent.click(section.getByRole('button', { name: 'Save' }));
    expect(section.getByRole('alert').textContent).toBe('Enter a domain such as acme.com');
    expect(gateway.callsTo(SET)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'taken.example');
    await userEvent.click(section.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(section.getByRole('alert').textContent).toBe('Another company already uses this domain.'));
    expect(gateway.callsTo(SET)).toHaveLength(1);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(section.queryByText('Pending')).toBeNull();
  });

  it('removes the domain after a confirmation whose No has the focus', async () => {
    const gateway = stubSendingDomain(PENDING);
    renderTab();
    const section = await sendingSection();
    await userEvent.click(await section.findByRole('button', { name: 'Remove' }));
    const confirm = section.getByRole('alertdialog');
    expect(confirm.textContent).toContain('Stop sending from acme.com?');
    expect(confirm.textContent).toContain("Mails to recipients come from Ferry's address again.");
    expect(document.activeElement?.textContent).toBe('No');
    await userEvent.click(section.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(gateway.callsTo(REMOVE)).toHaveLength(1));
    await waitFor(() => expect(section.queryByRole('table')).toBeNull());
    const field = section.getByLabelText<HTMLInputElement>('Sending domain');
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
  });

  it('offers the upgrade instead of the form when the plan has no sending domain', async () => {
    const gateway = stubSendingDomain({ ...NO_SENDING, canUse: false });
    renderTab();
    const section = await sendingSection();
    expect(await section.findByText('A custom sending domain needs a Business plan.')).toBeTruthy();
    expect(section.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/dash/account/1');
    expect(section.queryByLabelText('Sending domain')).toBeNull();
    expect(section.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(gateway.callsTo(SET)).toHaveLength(0);
    expect(screen.getByLabelText('Host name')).toBeTruthy();
  });

  it('shows the domain read-only to someone who may not change it', async () => {
    stubSendingDomain({ ...PENDING, isEditable: false });
    renderTab();
    const section = await sendingSection();
    expect(await section.findByText('Only the team admin can change this.')).toBeTruthy();
    expect(section.getByText(DOMAIN, { selector: '.domain-state__name' })).toBeTruthy();
    expect(section.getByText('Pending')).toBeTruthy();
    expect(section.getByRole('table')).toBeTruthy();
    expect(section.queryByLabelText('Sending domain')).toBeNull();
    expect(section.queryByRole('button', { name: 'Check now' })).toBeNull();
    expect(section.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('keeps the download-host section working when the sending domain does not load', async () => {
    stubSendingDomain(NO_SENDING, { get: () => gatewayError(500, 'INTERNAL', 'boom') });
    renderTab();
    expect(await screen.findByText('Could not load your sending domain. Refresh to try again.')).toBeTruthy();
    expect(screen.getByLabelText('Host name')).toBeTruthy();
  });

  it('reads Chinese in Chinese', async () => {
    stubSendingDomain({ ...PENDING, records: recordsOf(DOMAIN, { dkim: true, spf: false, dmarc: null }), problems: ['SPF_MISSING'] });
    renderTab({ lang: 'zh' });
    const section = await sendingSection('自定义发件域名');
    expect(section.getByText('发给收件人的邮件可以使用您自己的域名发出，并带有 DKIM 签名，例如 no-reply@acme.com。')).toBeTruthy();
    expect(section.getByLabelText('发件域名')).toBeTruthy();
    expect(section.getByRole('button', { name: '保存' })).toBeTruthy();
    expect(section.getByText('待验证')).toBeTruthy();
    expect(section.getByText('在找到这些记录之前，邮件仍使用 Ferry 的地址发出。')).toBeTruthy();
    expect(section.getByText('acme.com 的 SPF 记录尚未包含 Ferry。')).toBeTruthy();
    expect(section.getByText(/^上次检查时间：2026年/)).toBeTruthy();
    const table = section.getByRole('table', { name: '发件域名需要的 DNS 记录' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['类型', '名称', '记录值', '状态']);
    expect(recordRows(table).map((row) => [row[0], row[3]])).toEqual([
      ['DKIM TXT', '✓ 已找到'],
      ['SPF TXT', '✗ 未找到'],
      ['DMARC（建议） TXT', '– 未检查'],
    ]);
    expect(within(table).getByRole('button', { name: '复制 DKIM 记录值' })).toBeTruthy();
    expect(section.getByRole('button', { name: '立即检查' })).toBeTruthy();
    await userEvent.click(section.getByRole('button', { name: '移除' }));
    expect(section.getByRole('alertdialog').textContent).toContain('停止使用 acme.com 发件？');
    expect(section.getByRole('alertdialog').textContent).toContain('发给收件人的邮件将恢复使用 Ferry 的地址发出。');
  });

  it('says the verified From address and the server refusals in Chinese', async () => {
    stubSendingDomain(VERIFIED, { set: () => gatewayError(409, 'HOST_TAKEN', 'Another company already uses this domain.') });
    renderTab({ lang: 'zh' });
    const section = await sendingSection('自定义发件域名');
    expect(await section.findByText('发给收件人的邮件现在从 no-reply@acme.com 发出，并带有 DKIM 签名。')).toBeTruthy();
    expect(section.getByText('已验证')).toBeTruthy();
    const field = section.getByLabelText('发件域名');
    await userEvent.clear(field);
    await userEvent.type(field, 'bad domain');
    await userEvent.click(section.getByRole('button', { name: '保存' }));
    expect(section.getByRole('alert').textContent).toBe('请输入域名，例如 acme.com');
    await userEvent.clear(field);
    await userEvent.type(field, 'taken.example');
    await userEvent.click(section.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(section.getByRole('alert').textContent).toBe('其他公司已在使用此域名。'));
  });

  it('shows a plan without a sending domain the upgrade in Chinese', async () => {
    stubSendingDomain({ ...NO_SENDING, canUse: false });
    renderTab({ lang: 'zh' });
    const section = await sendingSection('自定义发件域名');
    expect(await section.findByText('自定义发件域名需要商业版套餐。')).toBeTruthy();
  });
});
