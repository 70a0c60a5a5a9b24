import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { VideoRecorder } from './VideoRecorder';

/** jsdom has no camera: a stream whose tracks can be stopped stands in for what getUserMedia gives. */
function withCamera() {
  const stop = vi.fn();
  const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(() => Promise.resolve(stream)) } });
  return { stop };
}

describe('the video recorder dialog', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('takes the focus, keeps Tab inside, and Esc cancels it and gives the focus back to the opener', async () => {
    const { stop } = withCamera();
    const onClose = vi.fn();
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = renderWithApp(<VideoRecorder onRecorded={vi.fn()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Record a video' });
    expect(document.activeElement).toBe(dialog);
    const start = await screen.findByRole('button', { name: 'Start recording' });
    await vi.waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await userEvent.tab();
    expect(document.activeElement).toBe(start);
    await userEvent.tab();
    expect(document.activeElement).toBe(cancel);
    await userEvent.tab();
    expect(document.activeElement).toBe(start);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(cancel);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => unmount());
    expect(stop).toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
