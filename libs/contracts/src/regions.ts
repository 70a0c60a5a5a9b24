import { z } from 'zod';

/** Storage regions of PRODUCT.md section 3; the anonymous Hong Kong bucket is not user-selectable. */
export const REGIONS = [
  'oss-cn-hongkong',
  'oss-cn-hangzhou',
  'oss-cn-guangzhou',
  'oss-eu-central-1',
  'oss-me-east-1',
  'oss-us-west-1',
] as const;
export const DEFAULT_REGION = 'oss-cn-hongkong';
export const ZRegion = z.enum(REGIONS);
export type TRegion = z.infer<typeof ZRegion>;
