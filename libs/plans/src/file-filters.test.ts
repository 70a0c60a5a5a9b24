import { describe, expect, it } from 'vitest';
import { anonymousFileBlock } from './file-filters';

describe('anonymousFileBlock', () => {
  it.each(['page.html', 'INDEX.HTM', 'setup.exe'])('%s is an insecure file type', (name) => {
    expect(anonymousFileBlock(name)).toBe('insecureType');
  });
  it.each(['Movie.2024.1080p.WEBRip.mp4', 'show.S03E01.mkv', 'film-YTS.MX.mp4', 'x.WEB-DL.mkv', 'eztv.release.mp4', 'a.2160p.mp4'])('%s is removed as potential copyright', (name) => {
    expect(anonymousFileBlock(name)).toBe('copyright');
  });
  it.each(['holiday.mp4', 'S07E01.mkv', 'report-1080p.pdf', 'notes.txt', 'season-s01.zip'])('%s is allowed', (name) => {
    expect(anonymousFileBlock(name)).toBeNull();
  });
});
