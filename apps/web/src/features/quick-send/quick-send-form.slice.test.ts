import { describe, expect, it } from 'vitest';
import { fieldChanged, filesToSend, formActions, initialFormState, quickSendFormSlice, recipientsToSend, transferDraft, type QuickSendFormState } from './quick-send-form.slice';
import { toSelected } from './selected-files';

const reduce = (state: QuickSendFormState, ...actions: Parameters<typeof quickSendFormSlice.reducer>[1][]) => actions.reduce(quickSendFormSlice.reducer, state);
const file = (name: string, type = '') => new File(['x'], name, { type });

describe('the quick-send form', () => {
  it('when a signed-in sender opens it, then it starts on Copy link with 1 Week; anonymous on email', () => {
    expect(initialFormState(true)).toMatchObject({ sendAs: 'link', expirySeconds: 604_800, customDate: null });
    expect(initialFormState(false).sendAs).toBe('email');
  });

  it('when the same file is added twice, then it is listed once; removing a folder takes its files', () => {
    const state = reduce(
      initialFormState(true),
      formActions.filesAdded([toSelected(file('a.txt')), toSelected(file('b.txt'), 'photos/b.txt')]),
      formActions.filesAdded([toSelected(file('a.txt'))]),
    );
    expect(state.files.map((f) => f.key)).toEqual(['a.txt', 'photos/b.txt']);
    expect(reduce(state, formActions.entryRemoved('photos/')).files.map((f) => f.key)).toEqual(['a.txt']);
  });

  it('when another expiry is chosen after a custom date, then the date is forgotten', () => {
    const custom = reduce(initialFormState(true), formActions.expiryChanged(604_801), fieldChanged('customDate', 1_900_000_000_000));
    expect(custom.customDate).toBe(1_900_000_000_000);
    expect(reduce(custom, formActions.expiryChanged(2_629_746))).toMatchObject({ expirySeconds: 2_629_746, customDate: null });
  });

  it('when the sender sends another, then the form is blank but keeps their address and the Link/Email choice', () => {
    const filled = reduce(
      initialFormState(false),
      fieldChanged('senderEmail', 'me@example.com'),
      fieldChanged('message', 'hi'),
      fieldChanged('password', 'secret'),
      fieldChanged('chips', [{ email: 'ann@example.com' }]),
      fieldChanged('memo', file('memo.webm')),
      fieldChanged('shareWith', ['u2']),
    );
    expect(reduce(filled, formActions.formCleared())).toEqual({ ...initialFormState(false), senderEmail: 'me@example.com', sendAs: 'email' });
  });

  it('when the draft is built, then the memo comes last, the typed address joins the chips and empty fields are left out', () => {
    const state = reduce(
      initialFormState(false),
      formActions.filesAdded([toSelected(file('a.pdf', 'application/pdf'), 'docs/a.pdf')]),
      fieldChanged('memo', file('memo.webm', 'audio/webm')),
      fieldChanged('chips', [{ email: 'ann@example.com', name: 'Ann' }]),
      fieldChanged('recipientDraft', ' Bob@Example.com '),
      fieldChanged('senderEmail', ' Me@Example.com'),
    );
    const files = filesToSend(state);
    expect(files.map((f) => f.kind)).toEqual(['file', 'voiceMemo']);
    expect(recipientsToSend(state)).toEqual([{ email: 'ann@example.com', name: 'Ann' }, { email: 'bob@example.com' }]);
    expect(transferDraft(state, { files, signedIn: false, lang: 'zh' })).toEqual({
      sendAs: 'email',
      files: [
        { name: 'a.pdf', size: 1, path: 'docs', kind: 'file', contentType: 'application/pdf' },
        { name: 'memo.webm', size: 1, kind: 'voiceMemo', contentType: 'audio/webm' },
      ],
      emailTo: [{ email: 'ann@example.com', name: 'Ann' }, { email: 'bob@example.com' }],
      senderEmail: 'me@example.com',
      expirySeconds: 604_800,
      lang: 'zh',
    });
  });

  it('when a signed-in sender gets a link with a custom date and shares it, then the date and team members go along, no addresses', () => {
    const state = reduce(
      initialFormState(true),
      fieldChanged('chips', [{ email: 'ann@example.com' }]),
      formActions.expiryChanged(604_801),
      fieldChanged('customDate', 1_900_000_000_000),
      fieldChanged('shareWith', ['u2']),
    );
    expect(transferDraft(state, { files: [], signedIn: true, lang: 'en' })).toEqual({
      sendAs: 'link', files: [], emailTo: [], expirySeconds: 604_801, expiryDate: 1_900_000_000_000, shareWith: ['u2'], lang: 'en',
    });
  });
});
