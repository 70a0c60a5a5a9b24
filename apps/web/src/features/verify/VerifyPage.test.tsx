import { createHash } from 'node:crypto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TReceiptCheck } from '@ferry/contracts';
import { renderWithApp } from '../../test/render';
import { stubGateway } from '../download/stub-gateway';
import VerifyPage from './VerifyPage';

const BYTES = 'Invoice 2026-114: 400 cartons\n';
const SHA = createHash('sha256').update(BYTES).digest('hex');
const RECEIPT = { receipt: { id: 'r1' }, signature: { alg: 'Ed25519', kid: 'k1', value: 'sig' } };
const GENUINE: TReceiptCheck = {
  genuine: true,
  problem: null,
  fileMatches: true,
  matchedFile: 'invoice.txt',
  receipt: {
    type: 'ferry.delivery-receipt',
    version: 1,
    id: '0b7a4c1e-8d3a-4c1e-9d7a-0c1e2f3a4b5c',
    issuer: 'https://ferry.example',
    issuedAt: '2026-11-25T10:00:00.000Z',
    transfer: { slug: 'AbC1234', url: 'https://ferry.example/w/AbC1234' },
    files: [{ name: 'invoice.txt', path: null, size: BYTES.length, sha256: SHA }],
    recipient: 'buyer@dubai.example',
    downloadedAt: '2026-11-25T09:59:00.000Z',
    place: { city: 'Dubai', country: 'United Arab Emirates', countryCode: 'AE' },
    sender: { email: 'ada@acme.example', name: 'Ada', company: 'Acme Trading' },
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('VerifyPage', () => {
  it('sends the pasted receipt with the SHA-256 of the chosen file (hashed here) and shows a genuine, matching receipt', async () => {
    const gateway = stubGateway({ 'POST /api/v1/receipts/verify': () => ({ status: 200, body: GENUINE }) });
    renderWithApp(<VerifyPage />, { route: '/verify', path: '/verify' });
    await userEvent.click(await screen.findByLabelText("Or paste the receipt's JSON"));
    await userEvent.paste(JSON.stringify(RECEIPT));
    await userEvent.upload(screen.getByLabelText('The file (optional)'), new File([BYTES], 'invoice.txt'));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Genuine receipt' })).toBeTruthy();
    expect(gateway.callsTo('POST /api/v1/receipts/verify')[0]?.body).toEqual({ receipt: RECEIPT, sha256: SHA });
    expect(screen.getByText('invoice.txt is the file the receipt names (invoice.txt).')).toBeTruthy();
    expect(screen.getByText(/to buyer@dubai\.example\./)).toBeTruthy();
  });

  it('says why a receipt is not genuine, and refuses what is not JSON without calling the server', async () => {
    const gateway = stubGateway({
      'POST /api/v1/receipts/verify': () => ({ status: 200, body: { genuine: false, problem: 'bad_signature', receipt: null, fileMatches: null, matchedFile: null } }),
    });
    renderWithApp(<VerifyPage />, { route: '/verify', path: '/verify', lang: 'zh' });
    await userEvent.click(await screen.findByLabelText('或粘贴回执的 JSON'));
    await userEvent.paste('not json');
    await userEvent.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByText('这不是回执文件：它不是 JSON。')).toBeTruthy();
    expect(gateway.callsTo('POST /api/v1/receipts/verify')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('或粘贴回执的 JSON'));
    await userEvent.click(screen.getByLabelText('或粘贴回执的 JSON'));
    await userEvent.paste(JSON.stringify(RECEIPT));
    await userEvent.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByRole('heading', { name: '回执无效' })).toBeTruthy();
    expect(screen.getByText('回执在签发后被修改过。')).toBeTruthy();
  });
});
