import { BILLING_RPC, ZCreateCouponRequest, type TCouponDuration } from '@ferry/contracts';
import { requestRpcOnce } from '@ferry/bus';
import { reportRefusal, row, type AdminEnv, type AdminIo } from './admin-env';

/** The options of `coupons create`, as `parseArgs` reads them. */
export interface CouponOptions {
  code?: string;
  'percent-off'?: string;
  'amount-off'?: string;
  'redeem-by'?: string;
  duration?: string;
  months?: string;
  'max-redemptions'?: string;
}

const number = (value: string | undefined) => (value === undefined ? null : Number(value));

/** `--redeem-by 2027-01-01` (UTC midnight) or a full ISO time, as epoch seconds; NaN when unreadable. */
function epochSecondsOf(value: string | undefined): number {
  const at = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value ?? '');
  return Math.floor(at / 1000);
}

/**
 * `coupons create --code X (--percent-off 20 | --amount-off 5) --redeem-by 2027-01-01 [--duration once|forever|repeating]
 * [--months N] [--max-redemptions N]`: a promotion code billing accepts at checkout. `--amount-off` is in
 * US dollars (stored as cents); the duration is `once` unless given.
 */
export async function createCouponNow(env: AdminEnv, io: AdminIo, options: CouponOptions): Promise<number> {
  const amountOff = number(options['amount-off']);
  const parsed = ZCreateCouponRequest.safeParse({
    code: options.code,
    percentOff: number(options['percent-off']),
    amountOff: amountOff === null ? null : Math.round(amountOff * 100),
    duration: (options.duration ?? (options.months ? 'repeating' : 'once')) as TCouponDuration,
    durationInMonths: number(options.months),
    redeemBy: epochSecondsOf(options['redeem-by']),
    maxRedemptions: number(options['max-redemptions']),
  });
  if (!parsed.success) {
    io.err(`coupons create: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`).join('; ')}`);
    return 2;
  }
  return reportRefusal(io, async () => {
    const coupon = await requestRpcOnce(env.natsUrl, BILLING_RPC.createCoupon, parsed.data, env.nats);
    const off = coupon.percentOff !== null ? `${coupon.percentOff}%` : `$${((coupon.amountOff ?? 0) / 100).toFixed(2)}`;
    io.out(row('created', coupon.code, off, coupon.duration, new Date(coupon.redeemBy * 1000).toISOString()));
  });
}

/** `lifetime-codes create <n>`: n new single-use lifetime-deal codes, one per line. */
export async function createLifetimeCodesNow(env: AdminEnv, io: AdminIo, count: string | undefined): Promise<number> {
  const n = Number(count);
  if (!Number.isInteger(n) || n < 1 || n > 1000) {
    io.err('lifetime-codes create takes how many codes to make: 1 to 1000');
    return 2;
  }
  return reportRefusal(io, async () => {
    const { codes } = await requestRpcOnce(env.natsUrl, BILLING_RPC.createLifetimeCodes, { count: n }, env.nats);
    for (const code of codes) io.out(code);
  });
}
