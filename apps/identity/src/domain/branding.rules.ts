import { AppError, FERRY_BRANDING, picturePath, type TBrandingSettings, type TPictureKind, type TPublicBranding } from '@ferry/contracts';
import { canCustomizeBrand, canHidePoweredBy, entitledPlan, teamAdminOf } from '@ferry/plans';
import type { IdentityDeps } from './identity.deps';
import type { BrandRecord, UserRecord } from './identity.ports';
import { userNotFoundError } from './identity.errors';

/** An account and its company (the team admin for a member, the account itself otherwise), with the company's brand. */
export interface BrandContext {
  user: UserRecord;
  company: UserRecord;
  own: BrandRecord;
  brand: BrandRecord;
  plan: string;
}

export async function loadBrandContext(deps: Pick<IdentityDeps, 'store'>, userId: string): Promise<BrandContext> {
  const user = await deps.store.findUserById(userId);
  if (!user) throw userNotFoundError();
  const adminId = teamAdminOf(user);
  const company = (adminId ? await deps.store.findUserById(adminId) : undefined) ?? user;
  const own = await deps.store.findBrand(user.id);
  const brand = company.id === user.id ? own : await deps.store.findBrand(company.id);
  return { user, company, own, brand, plan: entitledPlan(company.role, company.status) };
}

const urlOf = (fileId: string | null) => (fileId ? picturePath(fileId) : null);

export function brandingSettings(context: BrandContext): TBrandingSettings {
  return {
    profilePic: urlOf(context.own.pictures.profile),
    logoPic: urlOf(context.brand.pictures.logo),
    backgroundPic: urlOf(context.brand.pictures.background),
    accentColor: context.brand.accentColor,
    hidePoweredBy: context.brand.hidePoweredBy,
    canCustomize: canCustomizeBrand(context.plan),
    canHidePoweredBy: canHidePoweredBy(context.plan),
    isEditable: context.company.id === context.user.id,
  };
}

/**
 * What recipients see of a sender's company: logo, accent and background only on a paid plan, the
 * powered-by mark hidden only on a Business plan — a downgrade takes them away at once.
 */
export function publicBrandingOf(context: Pick<BrandContext, 'brand' | 'plan'>): TPublicBranding {
  if (!canCustomizeBrand(context.plan)) return FERRY_BRANDING;
  return {
    logoUrl: urlOf(context.brand.pictures.logo),
    accentColor: context.brand.accentColor,
    backgroundUrl: urlOf(context.brand.pictures.background),
    poweredBy: !(context.brand.hidePoweredBy && canHidePoweredBy(context.plan)),
  };
}

export const planRequiredError = (message: string) => new AppError('PLAN_REQUIRED', { message });
export const brandAdminOnlyError = () => new AppError('FORBIDDEN', { message: "Only the team admin can change the company's brand." });

/** A profile picture is anyone's; the logo is the company admin's; the background needs a paid plan too. */
export function assertPictureAllowed(context: BrandContext, kind: TPictureKind): void {
  if (kind === 'profile') return;
  if (context.company.id !== context.user.id) throw brandAdminOnlyError();
  if (kind === 'background' && !canCustomizeBrand(context.plan)) throw planRequiredError('A background image needs a paid plan.');
}
