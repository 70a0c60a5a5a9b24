/**
 * Storage regions of PRODUCT.md section 3; the anonymous Hong Kong bucket is not user-selectable.
 * Plain constants (their schema is in regions.schemas.ts): a page that lists the regions loads no zod.
 */
export const REGIONS = [
  'oss-cn-hongkong',
  'oss-cn-hangzhou',
  'oss-cn-guangzhou',
  'oss-eu-central-1',
  'oss-me-east-1',
  'oss-us-west-1',
] as const;
export const DEFAULT_REGION = 'oss-cn-hongkong';
export type TRegion = (typeof REGIONS)[number];
