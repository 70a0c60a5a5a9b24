import { describe, expect, it } from 'vitest';
import { uploadActivityChanged, uploadActivitySlice, uploadPercentOf } from './upload-activity.slice';

const reduce = uploadActivitySlice.reducer;

describe('upload activity (the header mini progress)', () => {
  it('follows each running upload and forgets one that ends, without ending the others', () => {
    let state = reduce(undefined, uploadActivityChanged({ source: 'quick-send', percent: 40.4 }));
    state = reduce(state, uploadActivityChanged({ source: 'add:AbC1234', percent: 90 }));
    expect(uploadPercentOf(state)).toBe(40);
    state = reduce(state, uploadActivityChanged({ source: 'add:AbC1234', percent: null }));
    expect(uploadPercentOf(state)).toBe(40);
    state = reduce(state, uploadActivityChanged({ source: 'quick-send', percent: null }));
    expect(uploadPercentOf(state)).toBeNull();
  });
});
