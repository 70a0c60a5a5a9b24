import { ZPlanCode } from '@ferry/contracts';
import { describe, expect, it } from 'vitest';
import { PACKAGES, PLAN_CODES, ROLES } from './plan-table';
import { getPlanLimits, isPlanCode, listPlans, parsePlanCode, roleForPlan } from './plan-limits';

const GB = 1024 ** 3;
const TB = 1024 ** 4;

describe('roleForPlan', () => {
  it.each([
    ['PM', 'personal'],
    ['PY', 'personal'],
    ['PRM', 'pro'],
    ['PRY', 'pro'],
    ['BM', 'business'],
    ['BY', 'business'],
    ['Free', 'free'],
    ['free', 'free'],
    ['FREE', 'free'],
    [' prm ', 'pro'],
    ['businesselite', 'businesselite'],
    ['anon', 'anon'],
    ['undefined', 'undefined'],
  ])('when given %s, then the role is %s', (input, role) => {
    expect(roleForPlan(input)).toBe(role);
  });

  it.each([null, undefined, '', 'gold', 'premium', 'toString', '__proto__'])(
    'when given the unknown %s, then the role is undefined',
    (input) => {
      expect(roleForPlan(input)).toBe('undefined');
    },
  );
});

describe('parsePlanCode', () => {
  it('when given a package code, then it gives role and period', () => {
    expect(parsePlanCode('PY')).toEqual({ code: 'PY', role: 'personal', period: 'yearly' });
    expect(parsePlanCode('bm')).toEqual({ code: 'BM', role: 'business', period: 'monthly' });
    expect(parsePlanCode('Free')).toEqual({ code: 'Free', role: 'free', period: null });
  });

  it('when given a role name or junk, then it is null', () => {
    expect(parsePlanCode('pro')).toBeNull();
    expect(parsePlanCode(undefined)).toBeNull();
    expect(isPlanCode('PRM')).toBe(true);
    expect(isPlanCode('prm')).toBe(false);
  });

  it('when compared with the contracts enum, then the same codes exist', () => {
    expect(Object.keys(PLAN_CODES).sort()).toEqual([...ZPlanCode.options].sort());
  });
});

describe('getPlanLimits', () => {
  it('when asked for free, then the package table wins over marketing (6 recipients, 10 GB)', () => {
    expect(getPlanLimits('Free')).toEqual({
      role: 'free',
      uploadLimit: 3 * GB,
      storageLimit: 10 * GB,
      emailTo: 6,
      fileLimit: 50,
      teamLimit: null,
      emailDomain: 0,
    });
  });

  it('when asked for a plan code, then it answers with its role limits', () => {
    expect(getPlanLimits('BY')).toEqual({
      role: 'business',
      uploadLimit: 100 * GB,
      storageLimit: 1 * TB,
      emailTo: 100,
      fileLimit: 1500,
      teamLimit: 5,
      emailDomain: 1,
    });
  });

  it('when asked for an unknown role, then the undefined row applies', () => {
    expect(getPlanLimits('gold')).toMatchObject({ role: 'undefined', storageLimit: 5 * GB, fileLimit: 100 });
  });

  it('when the table is read, then every row matches PRODUCT.md section 9', () => {
    const rows = ROLES.map((role) => {
      const { uploadLimit, storageLimit, emailTo, fileLimit, teamLimit } = PACKAGES[role];
      return [role, uploadLimit, storageLimit, emailTo, fileLimit, teamLimit];
    });
    expect(rows).toEqual([
      ['undefined', 3 * GB, 5 * GB, 6, 100, null],
      ['anon', 3 * GB, 5 * GB, 6, 50, null],
      ['free', 3 * GB, 10 * GB, 6, 50, null],
      ['personal', 10 * GB, 50 * GB, 21, 50, 1],
      ['pro', 25 * GB, 200 * GB, 50, 250, 2],
      ['business', 100 * GB, 1 * TB, 100, 1500, 5],
      ['businessplus', 100 * GB, 1 * TB, 150, 1500, 10],
      ['businesselite', 150 * GB, 1.5 * TB, 200, null, 20],
      ['team', 200 * GB, 2 * TB, 250, null, 25],
      ['teamplus', 2.5 * TB, 2.5 * TB, 300, null, 30],
      ['teamelite', 2.5 * TB, 3 * TB, 300, null, 50],
    ]);
  });

  it('when a role is below business, then it has no custom sending domain', () => {
    expect(getPlanLimits('pro').emailDomain).toBe(0);
    expect(getPlanLimits('business').emailDomain).toBe(1);
    expect(getPlanLimits('teamelite').emailDomain).toBe(1);
  });

  it('when limits are byte sizes, then they are whole numbers of bytes', () => {
    for (const role of ROLES) {
      expect(Number.isSafeInteger(PACKAGES[role].uploadLimit)).toBe(true);
      expect(Number.isSafeInteger(PACKAGES[role].storageLimit)).toBe(true);
    }
  });
});

describe('listPlans', () => {
  it('when listed, then every package code appears once with its period price and PRM is the default', () => {
    const plans = listPlans();
    expect(plans.map((plan) => [plan.code, plan.role, plan.period, plan.price, plan.isDefault])).toEqual([
      ['Free', 'free', null, 0, false],
      ['PM', 'personal', 'monthly', 12, false],
      ['PY', 'personal', 'yearly', 108, false],
      ['PRM', 'pro', 'monthly', 29, true],
      ['PRY', 'pro', 'yearly', 228, false],
      ['BM', 'business', 'monthly', 69, false],
      ['BY', 'business', 'yearly', 588, false],
    ]);
  });

  it('when listed, then paid plans carry the 7-day trial and their limits', () => {
    const pro = listPlans().find((plan) => plan.code === 'PRY');
    expect(pro?.trialDays).toBe(7);
    expect(pro?.limits).toMatchObject({ role: 'pro', emailTo: 50, teamLimit: 2 });
    expect(listPlans().find((plan) => plan.code === 'Free')?.trialDays).toBe(0);
  });

  it('when a caller mutates a listing, then the table is unchanged', () => {
    const [first] = listPlans();
    if (first) first.limits.emailTo = 9999;
    expect(getPlanLimits('free').emailTo).toBe(6);
  });
});

describe('PACKAGES', () => {
  it('when code tries to change the table at runtime, then it throws', () => {
    expect(() => {
      (PACKAGES.free as { emailTo: number }).emailTo = 50;
    }).toThrow(TypeError);
    expect(() => {
      (PACKAGES.business.prices as { monthly: number | null }).monthly = 1;
    }).toThrow(TypeError);
  });
});
