/** What the local object store refuses; the byte routes turn each into its error code. */
export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`Object ${key} exists`);
  }
}
export class NoSuchKeyError extends Error {
  constructor(key: string) {
    super(`No object ${key}`);
  }
}
export class NoSuchUploadError extends Error {
  constructor(uploadId: string) {
    super(`No upload ${uploadId}`);
  }
}
export class TooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`More than ${maxBytes} bytes`);
  }
}
export class InvalidPartError extends Error {}
/** A part would take an upload past its grant: too high a number, or more bytes than the grant has left. */
export class OverGrantError extends Error {
  constructor(
    message: string,
    readonly reason: 'part-number' | 'bytes',
  ) {
    super(message);
  }
}
