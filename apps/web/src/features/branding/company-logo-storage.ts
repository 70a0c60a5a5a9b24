/**
 * PRODUCT.md keeps the company name and logo in the browser: the login screen of a browser where
 * someone of the company logged in before shows the company's logo (after a logout too).
 */
const LOGO_KEY = 'ferry.companyLogo';
const COMPANY_KEY = 'ferry.company';

/** Only our own picture paths: a value planted in storage never points the login page elsewhere. */
const PICTURE_PATH = /^\/api\/v1\/public\/pictures\/[0-9a-f-]{36}$/;

export interface StoredCompany {
  logoUrl: string | null;
  company: string | null;
}

export function rememberCompany(next: StoredCompany): void {
  try {
    if (next.logoUrl && PICTURE_PATH.test(next.logoUrl)) localStorage.setItem(LOGO_KEY, next.logoUrl);
    else localStorage.removeItem(LOGO_KEY);
    if (next.company) localStorage.setItem(COMPANY_KEY, next.company);
    else localStorage.removeItem(COMPANY_KEY);
  } catch {
    // private mode: the login screen shows Ferry's logo
  }
}

export function storedCompany(): StoredCompany {
  try {
    const logoUrl = localStorage.getItem(LOGO_KEY);
    return { logoUrl: logoUrl && PICTURE_PATH.test(logoUrl) ? logoUrl : null, company: localStorage.getItem(COMPANY_KEY) };
  } catch {
    return { logoUrl: null, company: null };
  }
}
