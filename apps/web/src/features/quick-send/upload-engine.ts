/**
 * The upload engine and the browser's file reading, loaded when a first upload starts or a pending
 * one is discarded: the home page's first load does without them.
 */
export { abortUpload, createHttpUploadApi, UploadCancelledError } from '@ferry/upload-engine';
export { browserCheckpoints, checkpointKey, uploadBrowserFiles } from '../../app/browser-upload';
