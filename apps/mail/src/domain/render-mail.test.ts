import { describe, expect, it } from 'vitest';
import { renderMail } from './render-mail';

const hostile = `<script>alert("x")</script> & 'quotes'`;
const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;';

describe('renderMail', () => {
  it('when any block holds markup, then the HTML part escapes it everywhere', () => {
    const { html } = renderMail(
      {
        subject: hostile,
        preheader: hostile,
        blocks: [
          { type: 'heading', text: hostile },
          { type: 'paragraph', text: hostile },
          { type: 'code', text: hostile },
          { type: 'button', label: hostile, href: 'https://ferry.example/x?a=1&b="2"' },
          { type: 'link', label: hostile, href: 'https://ferry.example/x?a=1&b="2"' },
          { type: 'note', text: hostile },
        ],
      },
      { lang: 'en', publicUrl: 'https://ferry.example' },
    );
    expect(html).not.toContain('<script>');
    expect(html.split(escaped)).toHaveLength(9);
    expect(html).toContain('href="https://ferry.example/x?a=1&amp;b=&quot;2&quot;"');
  });

  it('when a mail is rendered, then it is branded, self-contained and its text part mirrors the content', () => {
    const { subject, html, text } = renderMail(
      {
        subject: 'Hello\r\nBcc: someone@evil.example',
        preheader: 'Preview',
        blocks: [
          { type: 'heading', text: 'Title' },
          { type: 'code', text: '12345' },
          { type: 'button', label: 'Open', href: 'https://ferry.example/a' },
          { type: 'link', label: 'Or copy:', href: 'https://ferry.example/a' },
          { type: 'note', text: 'Small print' },
        ],
      },
      { lang: 'en', publicUrl: 'https://ferry.example' },
    );
    expect(subject).toBe('Hello Bcc: someone@evil.example');
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('>Ferry</a>');
    expect(html).not.toMatch(/<img|<link|src=/i);
    expect(text).toBe(
      [
        'Ferry',
        '',
        'Title',
        '',
        '    12345',
        '',
        'Open:',
        'https://ferry.example/a',
        '',
        'Small print',
        '',
        '-- ',
        'Ferry — large-file transfer for businesses between China, Asia, the Middle East and Europe.',
        'This is an automated message; replies to this address are not read.',
        'https://ferry.example',
        '',
      ].join('\n'),
    );
  });

  it('when the language is Chinese, then the frame and footer are Chinese', () => {
    const { html, text } = renderMail({ subject: 's', preheader: 'p', blocks: [] }, { lang: 'zh', publicUrl: 'https://ferry.example' });
    expect(html).toContain('<html lang="zh-CN">');
    expect(text).toContain('此邮件由系统自动发送，请勿直接回复。');
    expect(renderMail({ subject: 's', preheader: 'p', blocks: [{ type: 'button', label: '打开', href: 'https://f.example' }] }, { lang: 'zh', publicUrl: 'https://f.example' }).text).toContain('打开：\nhttps://f.example');
  });
});
