import { describe, expect, it } from 'vitest';
import { renderMail } from './render-mail';

const content = {
  subject: 'Acme sent you a file',
  preheader: '1 MB',
  blocks: [{ type: 'button' as const, label: 'Download files', href: 'https://ferry.example/downloads/abc/t' }],
};
const logoUrl = 'https://ferry.example/api/v1/public/pictures/6b1f9c1e-0d7e-4c53-9d0e-1f2a3b4c5d6e';

describe('renderMail with a sender brand', () => {
  it('when the sender has a logo and an accent colour, then the mail shows the logo and the button takes the colour', () => {
    const { html } = renderMail(content, { lang: 'en', publicUrl: 'https://ferry.example', branding: { logoUrl, accentColor: '#aa3300', backgroundUrl: null, poweredBy: true } });
    expect(html).toContain(`<img src="${logoUrl}"`);
    expect(html).toContain('background-color:#aa3300;color:#ffffff');
    expect(html).not.toContain('background-color:#0f6fde');
    expect(html).toContain('Powered by Ferry');
  });

  it('when the plan hides the powered-by mark, then neither part names Ferry', () => {
    const { html, text } = renderMail(content, { lang: 'zh', publicUrl: 'https://ferry.example', branding: { logoUrl, accentColor: null, backgroundUrl: null, poweredBy: false } });
    expect(html).not.toMatch(/Ferry/);
    expect(text).not.toMatch(/Ferry/);
    expect(html).toContain('background-color:#0f6fde');
  });

  it('when the accent colour is not a hex colour, then the default is used (no style injection)', () => {
    const { html } = renderMail(content, { lang: 'en', publicUrl: 'https://ferry.example', branding: { logoUrl: null, accentColor: 'red;x:url(javascript:1)', backgroundUrl: null, poweredBy: true } });
    expect(html).not.toContain('javascript');
    expect(html).toContain('background-color:#0f6fde;color:#ffffff');
  });

  it('when the sender has a background image, then it sits behind the card; a value that is not an http(s) URL is left out', () => {
    const backgroundUrl = 'https://ferry.example/api/v1/public/pictures/0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';
    const { html } = renderMail(content, { lang: 'en', publicUrl: 'https://ferry.example', branding: { logoUrl, accentColor: null, backgroundUrl, poweredBy: true } });
    expect(html).toContain(`background="${backgroundUrl}"`);
    expect(html).toContain(`background-image:url('${backgroundUrl}')`);
    const hostile = renderMail(content, { lang: 'en', publicUrl: 'https://ferry.example', branding: { logoUrl, accentColor: null, backgroundUrl: "javascript:alert(1)');x:('", poweredBy: true } });
    expect(hostile.html).not.toContain('javascript');
    expect(hostile.html).not.toContain('background-image');
    const quoted = renderMail(content, { lang: 'en', publicUrl: 'https://ferry.example', branding: { logoUrl, accentColor: null, backgroundUrl: "https://x.example/a.png');color:red;x:url('", poweredBy: true } });
    expect(quoted.html).not.toContain('x.example');
    expect(renderMail(content, { lang: 'en', publicUrl: 'https://ferry.example' }).html).not.toContain('background-image');
  });
});
