import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDownloadHost } from '@ferry/contracts';
import { gatewayError } from '../../download/stub-gateway';
import { CHECKED_AT, downloadHostRoutes, HOST_ROUTES, NO_HOST, renderTab, SENDING_ROUTES, stubDomainTab, type SettingAnswers } from './domain-test-support';

const { GET, SET, CHECK, REMOVE } = HOST_ROUTES;
const TARGET = NO_HOST.cnameTarget;
const PENDING: TDownloadHost = { ...NO_HOST, host: 'files.acme.example', status: 'pending', problem: 'NO_CNAME', checkedAt: CHECKED_AT };

/** The download-host section, apart from the sending-domain section under it (both have a Save). */
const hostSection = (name = 'Custom download domain') => within(screen.getByRole('region', { name }));

/** The gateway with the download host at `initial` (no sending domain). */
const stubDownloadHost = (initial: TDownloadHost, answers: SettingAnswers<TDownloadHost> = {}) => stubDomainTab({ host: downloadHostRoutes(initial, answers) });

afterEach(() => vi.unstubAllGlobals());

describe('DomainTab', () => {
  it('shows an admin on a Business plan the host form, the Domain tab after Teams', async () => {
    stubDownloadHost(NO_HOST);
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Custom download domain' })).toBeTruthy();
    expect(screen.getByText("Links to your company's transfers and requests can use your own host, such as files.example.com.")).toBeTruthy();
    const field = screen.getByLabelText<HTMLInputElement>('Host name');
    expect(field.placeholder).toBe('files.example.com');
    expect(hostSection().getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const tabs = within(screen.getByRole('navigation', { name: 'Account sections' })).getAllByRole('link').map((link) => link.textContent);
    expect(tabs.slice(tabs.indexOf('Teams'), tabs.indexOf('Teams') + 2)).toEqual(['Teams', 'Domain']);
    expect(screen.getByRole('link', { name: 'Domain' }).getAttribute('href')).toBe('/dash/account/domain');
  });

  it('saves the typed host and then shows it pending, the CNAME record to create and what the check found', async () => {
    const gateway = stubDownloadHost(NO_HOST);
    renderTab();
    await userEvent.type(await screen.findByLabelText('Host name'), 'files.acme.example');
    await userEvent.click(hostSection().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.callsTo(SET)).toHaveLength(1));
    expect(gateway.callsTo(SET)[0]?.body).toEqual({ host: 'files.acme.example' });

    expect(await screen.findByText('Pending')).toBeTruthy();
    expect(screen.getByText('files.acme.example saved: create the DNS record below.')).toBeTruthy();
    const record = screen.getByRole('table', { name: 'DNS record to create' });
    expect(within(record).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Type', 'Name', 'Value']);
    expect(within(record).getAllByRole('cell').map((td) => td.querySelector('code')?.textContent)).toEqual(['CNAME', 'files.acme.example', TARGET]);
    expect(within(record).getByRole('button', { name: 'Copy value' })).toBeTruthy();
    expect(screen.getByText('No CNAME record was found for files.acme.example yet. DNS changes can take up to an hour.')).toBeTruthy();
    expect(screen.getByText(/^Last checked /).textContent).toContain('2026');
    expect(screen.getByRole('button', { name: 'Check now' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('copies the CNAME target with its copy button', async () => {
    stubDownloadHost(PENDING);
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy value' }));
    expect(await navigator.clipboard.readText()).toBe(TARGET);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('says under the field when another company has the host (409 HOST_TAKEN), and catches a bad host before sending', async () => {
    const gateway = stubDownloadHost(NO_HOST, { set: () => gatewayError(409, 'HOST_TAKEN', 'Another company already uses this host.') });
    renderTab();
    const field = await screen.findByLabelText('Host name');
    await userEvent.type(field, 'not a host');
    await userEvent.click(hostSection().getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a host name such as files.example.com');
    expect(gateway.callsTo(SET)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'files.taken.example');
    await userEvent.click(hostSection().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Another company already uses this host.'));
    expect(gateway.callsTo(SET)).toHaveLength(1);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Pending')).toBeNull();
  });

  it('checks the CNAME again with Check now and shows the host verified with its links and the TLS note', async () => {
    const gateway = stubDownloadHost(PENDING, { check: () => ({ ...PENDING, status: 'verified', problem: null, verifiedAt: CHECKED_AT, linkOrigin: 'https://files.acme.example' }) });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(gateway.callsTo(CHECK)).toHaveLength(1));
    expect(gateway.callsTo(CHECK)[0]?.body).toEqual({});
    expect(await screen.findByText('Verified')).toBeTruthy();
    expect(screen.getByText('Your links now look like https://files.acme.example/w/…')).toBeTruthy();
    expect(screen.getByText(/issues the TLS certificate for files\.acme\.example once the CNAME is in place/)).toBeTruthy();
    expect(screen.queryByText(/No CNAME record/)).toBeNull();
  });

  it('names the wrong target the check found', async () => {
    stubDownloadHost({ ...PENDING, problem: 'WRONG_TARGET', found: 'old.cdn.example' });
    renderTab();
    expect(await screen.findByText(`files.acme.example points to old.cdn.example, not to ${TARGET}.`)).toBeTruthy();
  });

  it('removes the host after a confirmation whose No has the focus', async () => {
    const gateway = stubDownloadHost(PENDING);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Stop using files.acme.example?');
    expect(document.activeElement?.textContent).toBe('No');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(gateway.callsTo(REMOVE)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Host name').value).toBe('');
  });

  it('offers the upgrade instead of the form when the plan has no custom domain', async () => {
    const gateway = stubDownloadHost({ ...NO_HOST, canUse: false });
    renderTab();
    expect(await screen.findByText('A custom download domain needs a Business plan.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/dash/account/1');
    expect(screen.queryByLabelText('Host name')).toBeNull();
    expect(hostSection().queryByRole('button', { name: 'Save' })).toBeNull();
    expect(gateway.callsTo(SET)).toHaveLength(0);
  });

  it('shows the host read-only to someone who may not change it', async () => {
    stubDownloadHost({ ...PENDING, isEditable: false });
    renderTab();
    expect(await screen.findByText('Only the team admin can change this.')).toBeTruthy();
    expect(screen.getByText('files.acme.example', { selector: '.domain-state__name' })).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.queryByLabelText('Host name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('does not show a team member the Domain tab, nor the tab at its address', () => {
    const gateway = stubDownloadHost(PENDING);
    renderTab({ isTeamMember: true, tab: 'profile' });
    const menu = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(menu).queryByRole('link', { name: 'Domain' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(gateway.callsTo(GET)).toHaveLength(0);
    expect(gateway.callsTo(SENDING_ROUTES.GET)).toHaveLength(0);
  });

  it('reads Chinese in Chinese', async () => {
    stubDownloadHost(PENDING);
    renderTab({ lang: 'zh' });
    expect(await screen.findByRole('heading', { name: '自定义下载域名' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '域名' })).toBeTruthy();
    expect(screen.getByText('贵公司的传输和文件请求链接可以使用您自己的主机名，例如 files.example.com。')).toBeTruthy();
    expect(screen.getByLabelText('主机名')).toBeTruthy();
    expect(hostSection('自定义下载域名').getByRole('button', { name: '保存' })).toBeTruthy();
    expect(screen.getByText('待验证')).toBeTruthy();
    expect(screen.getByText('尚未找到 files.acme.example 的 CNAME 记录。DNS 更改最多可能需要一小时才能生效。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即检查' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '移除' })).toBeTruthy();
    expect(screen.getByText(/^上次检查时间：2026年/)).toBeTruthy();
    const record = screen.getByRole('table', { name: '需要创建的 DNS 记录' });
    expect(within(record).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['类型', '名称', '记录值']);
  });

  it('says the server refusals in Chinese', async () => {
    stubDownloadHost(NO_HOST, { set: () => gatewayError(409, 'HOST_TAKEN', 'Another company already uses this host.') });
    renderTab({ lang: 'zh' });
    const field = await screen.findByLabelText('主机名');
    await userEvent.type(field, 'bad host');
    await userEvent.click(hostSection('自定义下载域名').getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入主机名，例如 files.example.com');
    await userEvent.clear(field);
    await userEvent.type(field, 'files.taken.example');
    await userEvent.click(hostSection('自定义下载域名').getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('其他公司已在使用此主机名。'));
  });
});
