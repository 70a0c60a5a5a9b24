import type { Knex } from '@ferry/db';
import type { TCouponDuration } from '@ferry/contracts';
import type { CouponRecord, CouponTables, LifetimeCodeRecord } from '../domain/coupon.ports';

interface CouponRow {
  id: string;
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  duration: string;
  duration_in_months: number | null;
  redeem_by: string | number;
  max_redemptions: number | null;
  times_redeemed: number;
}

interface LifetimeCodeRow {
  code: string;
  redeemed_by: string | null;
  redeemed_at: Date | null;
}

export const toCoupon = (row: CouponRow): CouponRecord => ({
  id: row.id,
  code: row.code,
  percentOff: row.percent_off,
  amountOff: row.amount_off,
  duration: row.duration as TCouponDuration,
  durationInMonths: row.duration_in_months,
  redeemBy: Number(row.redeem_by),
  maxRedemptions: row.max_redemptions,
  timesRedeemed: row.times_redeemed,
});

const toLifetimeCode = (row: LifetimeCodeRow): LifetimeCodeRecord => ({ code: row.code, redeemedBy: row.redeemed_by, redeemedAt: row.redeemed_at });

/** Postgres refused a duplicate key (23505). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export async function findCouponById(db: Knex | Knex.Transaction, id: string): Promise<CouponRecord | null> {
  const row = (await db('coupons').where({ id }).first()) as CouponRow | undefined;
  return row ? toCoupon(row) : null;
}

/** Coupons and lifetime-deal codes; codes are looked up whatever their case. */
export function couponTables(db: Knex | Knex.Transaction): CouponTables {
  return {
    async findCoupon(code, options = {}) {
      let query = db('coupons').whereRaw('lower(code) = lower(?)', [code]);
      if (options.forUpdate) query = query.forUpdate();
      const row = (await query.first()) as CouponRow | undefined;
      return row ? toCoupon(row) : null;
    },
    async insertCoupon(c, now) {
      const rows = await db('coupons')
        .insert({
          id: c.id,
          code: c.code,
          percent_off: c.percentOff,
          amount_off: c.amountOff,
          duration: c.duration,
          duration_in_months: c.durationInMonths,
          redeem_by: c.redeemBy,
          max_redemptions: c.maxRedemptions,
          times_redeemed: c.timesRedeemed,
          created_at: now,
        })
        .onConflict(db.raw('(lower(code))'))
        .ignore()
        .returning('id');
      return rows.length === 1;
    },
    async countRedemption(couponId) {
      await db('coupons').where({ id: couponId }).increment('times_redeemed', 1);
    },
    async insertLifetimeCodes(codes, now) {
      await db('lifetime_codes').insert(codes.map((code) => ({ code, created_at: now })));
    },
    async findLifetimeCode(code, options = {}) {
      let query = db('lifetime_codes').where({ code: code.toUpperCase() });
      if (options.forUpdate) query = query.forUpdate();
      const row = (await query.first()) as LifetimeCodeRow | undefined;
      return row ? toLifetimeCode(row) : null;
    },
    async findLifetimeCodeOf(adminId) {
      const row = (await db('lifetime_codes').where({ redeemed_by: adminId }).first()) as LifetimeCodeRow | undefined;
      return row ? toLifetimeCode(row) : null;
    },
    async markLifetimeCodeRedeemed(code, adminId, now) {
      try {
        const updated = await db('lifetime_codes').where({ code: code.toUpperCase() }).whereNull('redeemed_by').update({ redeemed_by: adminId, redeemed_at: now });
        return updated === 1;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}
