import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { BrandFrame, brandStyle } from './BrandFrame';
import { rememberCompany, storedCompany } from './company-logo-storage';

const LOGO = '/api/v1/public/pictures/6b1f9c1e-0d7e-4c53-9d0e-1f2a3b4c5d6e';

afterEach(() => localStorage.clear());

describe('the company logo this browser remembers', () => {
  it('when a login answers a logo, then the login screen gets it back; a foreign URL is never kept or read', () => {
    rememberCompany({ logoUrl: LOGO, company: 'Harbour Textiles' });
    expect(storedCompany()).toEqual({ logoUrl: LOGO, company: 'Harbour Textiles' });
    rememberCompany({ logoUrl: 'https://tracker.example/pixel.png', company: null });
    expect(storedCompany()).toEqual({ logoUrl: null, company: null });
    localStorage.setItem('ferry.companyLogo', 'javascript:alert(1)');
    expect(storedCompany().logoUrl).toBeNull();
  });
});

describe('BrandFrame', () => {
  it('when the sender has a brand, then the page shows the logo, takes the accent and keeps the powered-by mark', () => {
    renderWithApp(
      <BrandFrame branding={{ logoUrl: LOGO, accentColor: '#c2410c', backgroundUrl: null, poweredBy: true }} className="page">
        <p>files</p>
      </BrandFrame>,
    );
    expect(screen.getByRole('img', { name: 'Company logo' }).getAttribute('src')).toBe(LOGO);
    expect(screen.getByTestId('brand-frame').style.getPropertyValue('--blue')).toBe('#c2410c');
    expect(screen.getByRole('link', { name: 'Powered by Ferry' })).toBeTruthy();
  });

  it('when a Business plan hid the mark, then neither the mark nor the footer shows', () => {
    renderWithApp(
      <BrandFrame branding={{ logoUrl: null, accentColor: null, backgroundUrl: null, poweredBy: false }} className="page" footer={<p>Send your own</p>}>
        <p>files</p>
      </BrandFrame>,
    );
    expect(screen.queryByRole('link', { name: 'Powered by Ferry' })).toBeNull();
    expect(screen.queryByText('Send your own')).toBeNull();
  });

  it('when the colour or background is not ours, then no style is applied from it', () => {
    expect(brandStyle({ logoUrl: null, accentColor: 'red;background:url(x)', backgroundUrl: 'https://evil.example/x.png', poweredBy: true })).toEqual({});
  });
});
