import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { parseOrThrow } from '../errors/validation-error';
import { ZFeedbackBody } from '../identity/feedback.schemas';
import { ZSignupBody } from '../identity/identity.schemas';
import { ZCompleteUpload, ZUploadFile } from '../storage/storage.schemas';
import { ZCreateRequestBody, ZRequestUploadBody } from '../transfers/requests.schemas';
import { ZAddFilesBody, ZDownloadBody, ZDraftFile, ZTransferDraft } from '../transfers/transfers.schemas';
import { DOT_NAME_MESSAGE, ZFileName, ZFolderPath } from './file-name.schemas';
import { ZLine, ZText } from './text.schemas';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('text', () => {
  it('when a string holds NUL, another C0 control, DEL, a C1 control or a lone surrogate, then it is refused', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', '\u007f', '\u0085', '\u009f', '\ud800', 'a\udc00b', '\udfff\ud800']) {
      expect(ZText.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('when a string is ordinary text (tabs, line breaks, CJK, emoji, RTL), then it passes as it is', () => {
    for (const good of ['Quarterly report', 'line one\r\nline two\tend', '发送大文件', 'ملف كبير', '📦 ok', 'é\u0301', '\u00a0nbsp']) {
      expect(ZText.parse(good)).toBe(good);
    }
  });

  it('when one-line text has a tab or a line break, then it is refused', () => {
    expect(ZLine.safeParse('a\nb').success).toBe(false);
    expect(ZLine.safeParse('a\tb').success).toBe(false);
    expect(ZLine.parse('a b')).toBe('a b');
    expect(ZLine.parse(' pasted name\r\n')).toBe('pasted name');
  });

  it('when a body field holds NUL, then the 400 names that field', () => {
    const cases: Array<[() => unknown, string]> = [
      [() => parseOrThrow(ZTransferDraft, { files: [{ name: 'a.txt', size: 1 }], message: 'hi\u0000' }), 'message'],
      [() => parseOrThrow(ZTransferDraft, { files: [{ name: 'a\u0000.txt', size: 1 }] }), 'files.0.name'],
      [() => parseOrThrow(ZTransferDraft, { emailTo: [{ email: 'a@b.co', name: 'Ada\u0000' }] }), 'emailTo.0.name'],
      [() => parseOrThrow(ZSignupBody, { email: 'a@b.co', password: 'secret-1', fullName: 'Ada\u0000' }), 'fullName'],
      [() => parseOrThrow(ZFeedbackBody, { rating: 'fine', comment: 'ok\u0000' }), 'comment'],
      [() => parseOrThrow(ZCreateRequestBody, { title: 'Docs\u0000' }), 'title'],
      [() => parseOrThrow(ZCompleteUpload, { uploadToken: 't\u0000' }), 'uploadToken'],
    ];
    for (const [run, field] of cases) {
      const error = refusal(run);
      expect([error.code, error.details?.['field']]).toEqual(['VALIDATION_FAILED', field]);
      expect(error.message).toBe(`${field}: must not contain control characters`);
    }
  });
});

describe('file names and folders', () => {
  it('when a file is named . or .., then it is refused with the product message, wherever names are granted', () => {
    for (const name of ['.', '..', ' .. ']) {
      expect(ZFileName.safeParse(name).error?.issues[0]?.message).toBe(DOT_NAME_MESSAGE);
      expect(refusal(() => parseOrThrow(ZTransferDraft, { files: [{ name, size: 1 }] })).message).toBe(`files.0.name: ${DOT_NAME_MESSAGE}`);
      expect(refusal(() => parseOrThrow(ZAddFilesBody, { files: [{ name, size: 1 }] })).message).toBe(`files.0.name: ${DOT_NAME_MESSAGE}`);
      expect(refusal(() => parseOrThrow(ZRequestUploadBody, { files: [{ name, size: 1 }] })).message).toBe(`files.0.name: ${DOT_NAME_MESSAGE}`);
      expect(ZUploadFile.safeParse({ name, size: 1 }).success).toBe(false);
    }
    expect(ZFileName.parse('..hidden')).toBe('..hidden');
    expect(ZFileName.parse('report..v2.pdf')).toBe('report..v2.pdf');
  });

  it('when a name holds a slash, a backslash or a line break, then it is refused', () => {
    for (const name of ['a/b', 'a\\b', 'a\nb.txt', 'a\rb']) expect(ZFileName.safeParse(name).success, JSON.stringify(name)).toBe(false);
  });

  it('when a folder path uses backslashes, then they are folded to / before its segments are checked', () => {
    expect(ZFolderPath.parse('photos\\2026\\june')).toBe('photos/2026/june');
    for (const path of ['..\\..\\etc', 'a\\..\\b', '.\\x', 'a/../b', '..']) {
      expect(ZFolderPath.safeParse(path).success, path).toBe(false);
    }
    expect(ZDraftFile.parse({ name: 'a.txt', size: 1, path: 'plans\\2026' }).path).toBe('plans/2026');
    expect(ZRequestUploadBody.safeParse({ files: [{ name: 'a.txt', size: 1, path: '..\\..\\etc' }] }).success).toBe(false);
  });
});

describe('unknown fields', () => {
  it('when a nested object of a body has an unknown field, then the 400 names it by its path', () => {
    const nested = refusal(() => parseOrThrow(ZTransferDraft, { files: [{ name: 'a.txt', size: 1, owner: 'x' }] }));
    expect([nested.message, nested.details]).toEqual(['Unknown field: files.0.owner', { field: 'files.0.owner', where: 'body' }]);
    const top = refusal(() => parseOrThrow(ZTransferDraft, { files: [], isAdmin: true }));
    expect(top.details?.['field']).toBe('isAdmin');
    const recipient = refusal(() => parseOrThrow(ZTransferDraft, { emailTo: [{ email: 'a@b.co', role: 'x' }] }));
    expect(recipient.details?.['field']).toBe('emailTo.0.role');
    const part = refusal(() => parseOrThrow(ZCompleteUpload, { uploadToken: 't', parts: [{ partNumber: 1, etag: 'e', size: 9 }] }));
    expect(part.details?.['field']).toBe('parts.0.size');
  });

  it('when a union body has an unknown field, then the 400 names the field, not the whole body', () => {
    const error = refusal(() => parseOrThrow(ZDownloadBody, { fileId: '3f0c5f5e-4f7e-4d8e-9a59-0b7a3f1e2d10', extra: 1 }));
    expect(error.details).toEqual({ field: 'extra', where: 'body' });
  });
});
