import { describe, expect, it } from 'vitest';
import { countryNameIn } from './country-name';

describe('countryNameIn', () => {
  it('when the code is a country, then its name is in the interface language', () => {
    expect(countryNameIn('en', 'AE', 'United Arab Emirates', 'Unknown')).toBe('United Arab Emirates');
    expect(countryNameIn('zh', 'ae', 'United Arab Emirates', '未知')).toBe('阿拉伯联合酋长国');
  });

  it("when geo could not place the address, then the caller's word for unknown", () => {
    expect(countryNameIn('zh', 'unknown', 'Unknown', '未知')).toBe('未知');
    expect(countryNameIn('en', '', '', 'Unknown')).toBe('Unknown');
  });
});
