import { describe, expect, it } from 'vitest';
import { canCustomizeBrand, canHidePoweredBy, canUseDownloadHost } from './branding';

describe('branding rules', () => {
  it('when the plan is paid, then the brand can be customised; free and unknown plans cannot', () => {
    expect(['PM', 'PY', 'PRM', 'PRY', 'BM', 'BY', 'teamelite'].map(canCustomizeBrand)).toEqual([true, true, true, true, true, true, true]);
    expect(['Free', 'free', 'anon', undefined, 'nonsense'].map(canCustomizeBrand)).toEqual([false, false, false, false, false]);
  });

  it('when the plan is Business or above, then the powered-by mark can be hidden; Personal and Pro cannot', () => {
    expect(['BM', 'BY', 'businessplus', 'team'].map(canHidePoweredBy)).toEqual([true, true, true, true]);
    expect(['PM', 'PRM', 'PRY', 'Free', null].map(canHidePoweredBy)).toEqual([false, false, false, false, false]);
  });

  it('when the plan is Business or above, then links may use a custom download host; Personal, Pro and Free cannot', () => {
    expect(['BM', 'BY', 'businessplus', 'teamelite'].map(canUseDownloadHost)).toEqual([true, true, true, true]);
    expect(['PM', 'PRY', 'Free', null].map(canUseDownloadHost)).toEqual([false, false, false, false]);
  });
});
