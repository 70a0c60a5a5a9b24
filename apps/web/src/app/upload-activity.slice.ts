import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Quick-send uploads running in this tab (quick send on Home, add files in a transfer's modal),
 * for the signed-in header's mini progress: 0–100 per running upload, keyed by its panel.
 */
export interface UploadActivityState {
  running: Record<string, number>;
}

const initialState: UploadActivityState = { running: {} };

export const uploadActivitySlice = createSlice({
  name: 'uploadActivity',
  initialState,
  reducers: {
    uploadActivityChanged(state, action: PayloadAction<{ source: string; percent: number | null }>) {
      const { source, percent } = action.payload;
      if (percent === null) delete state.running[source];
      else state.running[source] = Math.max(0, Math.min(100, Math.round(percent)));
    },
  },
});

export const { uploadActivityChanged } = uploadActivitySlice.actions;

/** The least advanced running upload's percent (what is left to wait for), or null when none runs. */
export function uploadPercentOf(state: UploadActivityState): number | null {
  const values = Object.values(state.running);
  return values.length === 0 ? null : Math.min(...values);
}
