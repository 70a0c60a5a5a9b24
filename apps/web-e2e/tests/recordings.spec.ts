import { expect, test } from '@playwright/test';
import config from '../playwright.config';
import { screen } from '../support/screens';

/** Chromium's fake camera and microphone, permission granted: the recorders run for real. */

const baseArgs = config.use?.launchOptions?.args ?? [];

test.use({
  launchOptions: { ...config.use?.launchOptions, args: [...baseArgs, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] },
  permissions: ['microphone', 'camera'],
});

test('a voice memo and a recorded video join the transfer', async ({ page }) => {
  await page.goto('/?send=1');
  const panel = page.getByRole('region', { name: 'Quick send' });
  await panel.getByRole('button', { name: 'Record a voice memo' }).click();
  await expect(panel.getByText(/Recording…/)).toBeVisible();
  await page.waitForTimeout(1_200);
  await panel.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(panel.getByRole('group', { name: 'Voice memo' }).locator('audio')).toHaveCount(1);
  await expect(panel.getByText(/^1 item\(s\)/)).toBeVisible();

  await panel.getByRole('button', { name: 'Record a video' }).click();
  const recorder = page.getByRole('dialog', { name: 'Record a video' });
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await expect(recorder.getByText('3', { exact: true })).toBeVisible();
  await expect(recorder.getByRole('button', { name: 'Stop recording' })).toBeVisible({ timeout: 6_000 });
  await screen(page, 'video-recorder');
  await page.waitForTimeout(800);
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await expect(recorder).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Files to send' }).getByText(/^RecordedVideo-\d+\.mp4$/)).toBeVisible();
  await expect(panel.getByText(/^2 item\(s\)/)).toBeVisible();
  await screen(page, 'quick-send-recordings');
});
