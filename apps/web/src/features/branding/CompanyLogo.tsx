import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../layout/Logo';
import { storedCompany } from './company-logo-storage';

/** The login screen's logo: the company's, stored by this browser when someone of the company logged in, else Ferry's. */
export function CompanyLogo() {
  const { t } = useTranslation('account');
  const [{ logoUrl, company }] = useState(storedCompany);
  const [isBroken, setBroken] = useState(false);
  if (!logoUrl || isBroken) return <Logo />;
  return <img className="company-logo" src={logoUrl} alt={company ?? t('customize.companyLogo')} onError={() => setBroken(true)} />;
}
