import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TTransferDraft } from '@ferry/contracts';
import { CUSTOM_EXPIRY_MARKER, DEFAULT_EXPIRY_SECONDS } from '@ferry/plans';
import type { QuickSendForm, SendAs } from './quick-send-rules';
import type { RecipientChip } from './recipients';
import { mergeFiles, removeEntry, toSelected, type SelectedFile } from './selected-files';

/** What the sender has filled in: files, memo, recipients, message and the options panel's choices. */
export interface QuickSendFormState {
  files: SelectedFile[];
  memo: File | null;
  chips: RecipientChip[];
  /** Text still in the recipient box (not yet a chip). */
  recipientDraft: string;
  senderEmail: string;
  message: string;
  password: string;
  /** The password switch: on, Send waits for a password (the settings tab can turn it on by default). */
  passwordOn: boolean;
  sendAs: SendAs;
  expirySeconds: number;
  /** The picked date (epoch ms) when the expiry is the custom-date choice. */
  customDate: number | null;
  shareWith: string[];
  /** The account's defaults (settings tab) once known; 'Send another' starts from them again. */
  defaults: TransferDefaults | null;
}

/** What the settings tab makes a new transfer start with. */
export interface TransferDefaults {
  expirySeconds: number;
  passwordOn: boolean;
}

type PlainField = 'memo' | 'chips' | 'recipientDraft' | 'senderEmail' | 'message' | 'password' | 'passwordOn' | 'sendAs' | 'customDate' | 'shareWith';
export type TFieldChange = { [K in PlainField]: { field: K; value: QuickSendFormState[K] } }[PlainField];

/** A signed-in sender starts on Copy link, an anonymous one on email. */
export function initialFormState(signedIn: boolean): QuickSendFormState {
  return {
    files: [], memo: null, chips: [], recipientDraft: '', senderEmail: '', message: '', password: '', passwordOn: false,
    sendAs: signedIn ? 'link' : 'email', expirySeconds: DEFAULT_EXPIRY_SECONDS, customDate: null, shareWith: [], defaults: null,
  };
}

/** The quick-send form as a reducer (the panel holds it with `useReducer`: a draft is the panel's alone). */
export const quickSendFormSlice = createSlice({
  name: 'quickSendForm',
  initialState: initialFormState(false),
  reducers: {
    filesAdded(state, action: PayloadAction<SelectedFile[]>) {
      state.files = mergeFiles(state.files, action.payload).files;
    },
    entryRemoved(state, action: PayloadAction<string>) {
      state.files = removeEntry(state.files, action.payload);
    },
    /** One of the fields that take what the sender typed or picked as it is. */
    fieldChanged(state, action: PayloadAction<TFieldChange>) {
      Object.assign(state, { [action.payload.field]: action.payload.value });
    },
    /** A choice other than the custom date forgets the picked date. */
    expiryChanged(state, action: PayloadAction<number>) {
      state.expirySeconds = action.payload;
      if (action.payload !== CUSTOM_EXPIRY_MARKER) state.customDate = null;
    },
    /** The account's defaults arrived: they preselect the expiry and the password switch unless the sender already chose. */
    defaultsApplied(state, action: PayloadAction<TransferDefaults>) {
      const isUntouched = state.defaults === null && state.expirySeconds === DEFAULT_EXPIRY_SECONDS && state.customDate === null && state.password === '' && !state.passwordOn;
      state.defaults = action.payload;
      if (isUntouched) Object.assign(state, action.payload);
    },
    /** 'Send another': a blank form that keeps the sender's address and the Link/Email choice, and starts from the defaults again. */
    formCleared(state) {
      return { ...initialFormState(false), senderEmail: state.senderEmail, sendAs: state.sendAs, ...(state.defaults ? { ...state.defaults, defaults: state.defaults } : {}) };
    },
  },
});

export const formActions = quickSendFormSlice.actions;

/** `fieldChanged` for one field, typed by it. */
export function fieldChanged<K extends PlainField>(field: K, value: QuickSendFormState[K]) {
  return formActions.fieldChanged({ field, value } as TFieldChange);
}

/** The files to send: the picked ones, then the voice memo. */
export function filesToSend(form: QuickSendFormState): SelectedFile[] {
  return form.memo ? [...form.files, toSelected(form.memo, undefined, 'voiceMemo')] : form.files;
}

/** The form as the plan rules read it. */
export function rulesInput(form: QuickSendFormState, sender: { role: string; signedIn: boolean }, files: SelectedFile[]): QuickSendForm {
  return {
    role: sender.role,
    signedIn: sender.signedIn,
    sendAs: form.sendAs,
    fileCount: files.length,
    totalBytes: files.reduce((sum, f) => sum + f.size, 0),
    forwardedCount: 0,
    recipients: form.chips.map((c) => c.email),
    pendingRecipient: form.recipientDraft,
    senderEmail: form.senderEmail,
    message: form.message,
    password: form.password,
    passwordOn: form.passwordOn,
    expirySeconds: form.expirySeconds,
    customDate: form.customDate,
  };
}

/** The recipients to mail: the chips, and an address still typed in the box. */
export function recipientsToSend(form: QuickSendFormState): RecipientChip[] {
  const draft = form.recipientDraft.trim();
  return form.sendAs === 'email' && draft !== '' ? [...form.chips, { email: draft.toLowerCase() }] : [...form.chips];
}

/** The files of a draft as the server takes them: folder as path, the browser's content type. */
export function draftFiles(files: SelectedFile[]): TTransferDraft['files'] {
  return files.map((f) => ({ name: f.name, size: f.size, ...(f.folder ? { path: f.folder } : {}), kind: f.kind, ...(f.file.type ? { contentType: f.file.type } : {}) }));
}

/** The body of `POST /transfers`: empty fields left out, the sender's address only for anonymous email sends. */
export function transferDraft(form: QuickSendFormState, context: { files: SelectedFile[]; signedIn: boolean; lang: 'en' | 'zh' }): TTransferDraft {
  const isEmail = form.sendAs === 'email';
  return {
    sendAs: form.sendAs,
    files: draftFiles(context.files),
    emailTo: isEmail ? recipientsToSend(form) : [],
    ...(!context.signedIn && isEmail ? { senderEmail: form.senderEmail.trim().toLowerCase() } : {}),
    ...(form.message ? { message: form.message } : {}),
    ...(form.password ? { password: form.password } : {}),
    expirySeconds: form.expirySeconds,
    ...(form.customDate !== null && form.expirySeconds === CUSTOM_EXPIRY_MARKER ? { expiryDate: form.customDate } : {}),
    ...(form.shareWith.length > 0 ? { shareWith: form.shareWith } : {}),
    lang: context.lang,
  };
}
