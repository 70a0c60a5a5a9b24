import {
  ZBrandingSettings,
  ZPictureGrant,
  ZPictureGrantBody,
  ZPictureKindParams,
  ZPictureParams,
  ZSetPictureBody,
  ZUpdateBrandingBody,
} from '../identity/branding.schemas';
import { defineHttpRoute } from './define-http-route';

/**
 * Profile picture, company logo and the brand of download pages and mails (Profile, Customize and
 * Powered-by tabs). Pictures go straight to storage with the upload engine; the API hands out the
 * grant, then checks the stored bytes before keeping the picture.
 */
export const BRANDING_ROUTES = {
  getBranding: defineHttpRoute({
    method: 'get', path: '/me/branding', tag: 'account', auth: 'user',
    summary: "The company's brand: pictures, accent colour, powered-by, and what the plan allows", status: 200, response: ZBrandingSettings, errors: [401],
  }),
  updateBranding: defineHttpRoute({
    method: 'patch', path: '/me/branding', tag: 'account', auth: 'user',
    summary: "Accent colour (#rrggbb, paid plans) and hiding 'Powered by Ferry' (Business plans); team admins only",
    body: ZUpdateBrandingBody, status: 200, response: ZBrandingSettings, errors: [400, 401, 403],
  }),
  createPictureGrant: defineHttpRoute({
    method: 'post', path: '/me/pictures/:kind/grants', tag: 'account', auth: 'user',
    summary: 'An upload grant for a picture (profile, logo or background): PNG, JPEG or WebP, 2 MB (background 5 MB)',
    params: ZPictureKindParams, body: ZPictureGrantBody, status: 201, response: ZPictureGrant, errors: [400, 401, 403, 413, 415],
  }),
  setPicture: defineHttpRoute({
    method: 'post', path: '/me/pictures/:kind', tag: 'account', auth: 'user',
    summary: 'Finish the picture upload, check its bytes are the image type it claimed, and keep it',
    params: ZPictureKindParams, body: ZSetPictureBody, status: 200, response: ZBrandingSettings, errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  clearPicture: defineHttpRoute({
    method: 'delete', path: '/me/pictures/:kind', tag: 'account', auth: 'user', summary: 'Remove a picture',
    params: ZPictureKindParams, status: 200, response: ZBrandingSettings, errors: [401, 403],
  }),
  getPicture: defineHttpRoute({
    method: 'get', path: '/public/pictures/:fileId', tag: 'account', auth: 'none',
    summary: 'A kept picture: redirects (302) to a signed GET (600 s) served as its image type with nosniff',
    params: ZPictureParams, status: 302, errors: [404],
  }),
} as const;
