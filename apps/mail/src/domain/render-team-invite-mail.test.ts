import { describe, expect, it } from 'vitest';
import { renderTeamInviteMail, teamInviteLink } from './render-team-invite-mail';

const publicUrl = 'https://ferry.example';
const invite = { adminName: 'Dana Lee', adminEmail: 'dana@acme.example', company: 'Acme', inviteToken: 'inviteTOKEN_1234567890ab' };

describe('renderTeamInviteMail', () => {
  it('when built, then the link is PUBLIC_URL/invite/token', () => {
    expect(teamInviteLink(publicUrl, invite.inviteToken)).toBe('https://ferry.example/invite/inviteTOKEN_1234567890ab');
  });

  it('when the admin and company are known in English, then both are named', () => {
    const mail = renderTeamInviteMail({ ...invite, lang: 'en' }, { publicUrl });
    expect(mail.subject).toBe('Dana Lee invited you to join Acme on Ferry');
    expect(mail.text).toContain('Dana Lee (dana@acme.example) has invited you to join the Acme team on Ferry.');
    expect(mail.text).toContain('https://ferry.example/invite/inviteTOKEN_1234567890ab');
    expect(mail.text).toContain('valid for 7 days');
    expect(mail.html).toContain('href="https://ferry.example/invite/inviteTOKEN_1234567890ab"');
  });

  it('when the admin has no name and there is no company, then the address stands in', () => {
    const mail = renderTeamInviteMail({ ...invite, adminName: null, company: ' ', lang: 'en' }, { publicUrl });
    expect(mail.subject).toBe('dana@acme.example invited you to their team on Ferry');
    expect(mail.text).toContain('dana@acme.example has invited you to join their team on Ferry.');
  });

  it('when the language is Chinese, then the mail is Chinese', () => {
    const mail = renderTeamInviteMail({ ...invite, lang: 'zh' }, { publicUrl });
    expect(mail.subject).toBe('Dana Lee 邀请您加入 Ferry 上的「Acme」团队');
    expect(mail.text).toContain('Dana Lee（dana@acme.example）邀请您加入 Ferry 上的「Acme」团队。');
    expect(mail.text).toContain('此邀请 7 天内有效');
    expect(mail.html).toContain('接受邀请');
    const bare = renderTeamInviteMail({ ...invite, adminName: null, company: null, lang: 'zh' }, { publicUrl });
    expect(bare.subject).toBe('dana@acme.example 邀请您加入 Ferry 团队');
  });
});
