import { z } from 'zod';
import { REGIONS } from './regions';

export const ZRegion = z.enum(REGIONS);
