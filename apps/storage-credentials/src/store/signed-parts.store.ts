import type { Knex } from 'knex';

/** knex queries on `storage.signed_parts`: the largest size each part of an upload was signed for. */
export function createSignedPartsStore(db: Knex) {
  return {
    /**
     * Runs `decide` on an upload's signed sizes while holding its row, so parallel sign calls for
     * one upload take turns; the sizes it returns are recorded (a larger size replaces a smaller).
     */
    async withSignedSizes<T>(
      fileId: string,
      decide: (largestByPart: Map<number, number>) => { record: { partNumber: number; size: number }[]; result: T },
    ): Promise<T> {
      return db.transaction(async (trx) => {
        await trx('objects').where({ file_id: fileId }).forUpdate().first('file_id');
        const rows = await trx('signed_parts').where({ file_id: fileId }).select<{ part_number: number; size: string | number }[]>('part_number', 'size');
        const { record, result } = decide(new Map(rows.map((r) => [r.part_number, Number(r.size)])));
        if (record.length > 0) {
          await trx('signed_parts')
            .insert(record.map((p) => ({ file_id: fileId, part_number: p.partNumber, size: p.size })))
            .onConflict(['file_id', 'part_number'])
            .merge({ size: trx.raw('greatest(signed_parts.size, excluded.size)') });
        }
        return result;
      });
    },

    /** Drops the sizes of uploads that are no longer open: nothing is signed for them again. */
    async forgetClosedUploads(): Promise<void> {
      await db('signed_parts').whereIn('file_id', db('objects').whereNot({ status: 'uploading' }).select('file_id')).delete();
    },
  };
}

export type SignedPartsStore = ReturnType<typeof createSignedPartsStore>;
