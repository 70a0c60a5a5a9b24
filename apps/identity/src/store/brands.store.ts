import type { Knex } from 'knex';
import type { TPictureKind } from '@ferry/contracts';
import type { BrandRecord, BrandStore } from '../domain/identity.ports';

interface BrandRow {
  user_id: string;
  profile_pic_id: string | null;
  logo_pic_id: string | null;
  background_pic_id: string | null;
  accent_color: string | null;
  hide_powered_by: boolean;
}

const PICTURE_COLUMN: Record<TPictureKind, 'profile_pic_id' | 'logo_pic_id' | 'background_pic_id'> = {
  profile: 'profile_pic_id',
  logo: 'logo_pic_id',
  background: 'background_pic_id',
};

function toBrand(row: BrandRow): BrandRecord {
  return {
    userId: row.user_id,
    pictures: { profile: row.profile_pic_id, logo: row.logo_pic_id, background: row.background_pic_id },
    accentColor: row.accent_color,
    hidePoweredBy: row.hide_powered_by,
  };
}

export const emptyBrand = (userId: string): BrandRecord => ({
  userId,
  pictures: { profile: null, logo: null, background: null },
  accentColor: null,
  hidePoweredBy: false,
});

export function createBrandStore(db: Knex | Knex.Transaction): BrandStore {
  return {
    async findBrand(userId) {
      const row: BrandRow | undefined = await db('brands').where({ user_id: userId }).first();
      return row ? toBrand(row) : emptyBrand(userId);
    },

    async saveBrand(brand, now) {
      const row = {
        user_id: brand.userId,
        profile_pic_id: brand.pictures.profile,
        logo_pic_id: brand.pictures.logo,
        background_pic_id: brand.pictures.background,
        accent_color: brand.accentColor,
        hide_powered_by: brand.hidePoweredBy,
        updated_at: now,
      };
      await db('brands').insert(row).onConflict('user_id').merge();
    },

    async isKeptPicture(fileId) {
      const row = await db('brands')
        .where((q) => {
          for (const column of Object.values(PICTURE_COLUMN)) q.orWhere(column, fileId);
        })
        .first('user_id');
      return row !== undefined;
    },
  };
}
