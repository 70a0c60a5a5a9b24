import { z } from 'zod';

export const ZErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), requestId: z.string() }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
