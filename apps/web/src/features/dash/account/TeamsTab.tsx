import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INVITE_BATCH_MAX, ZEmail, type TInviteBatchResponse, type TTeam, type TUser } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { InlineConfirm, useInlineConfirm } from '../../../components/InlineConfirm';
import { showToast } from '../../../components/toasts';
import { initialsOf } from '../../../layout/header-rules';
import { useDashDates } from '../transfers/format-dates';
import { useInviteMembersMutation, useRemoveMemberMutation, useResendInviteMutation, useRevokeInviteMutation, useTeamAdminQuery } from './teams.api';
import './teams.css';

type BatchResult = TInviteBatchResponse['results'][number];
type Member = TTeam['members'][number];
type Invite = TTeam['pendingInvites'][number];

/** Addresses as typed: split on commas, semicolons, spaces or new lines; lower-cased and without repeats. */
export function parseInviteEmails(text: string): { valid: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const part of text.split(/[\s,;]+/).filter(Boolean)) {
    const parsed = ZEmail.safeParse(part);
    if (parsed.success) valid.add(parsed.data);
    else invalid.push(part);
  }
  return { valid: [...valid], invalid };
}

/** Seats in use: the admin, the members and the pending invites (as the server counts them). */
function seatsUsed(team: TTeam): number {
  return 1 + team.members.length + team.pendingInvites.length;
}

function Avatar({ person }: { person: { fullName: string | null; email: string; profilePic: string | null } }) {
  if (person.profilePic) return <img className="team-avatar" src={person.profilePic} alt="" />;
  return (
    <span className="team-avatar team-avatar--initials" aria-hidden="true">
      {initialsOf({ ...person, greetingName: null })}
    </span>
  );
}

/** "3 of 5 seats used" with a bar; without a team on the plan, a way to a plan that has one. */
function Seats({ team }: { team: TTeam }) {
  const { t } = useTranslation('account');
  const labelId = useId();
  const used = seatsUsed(team);
  if (team.limit <= 1) {
    return (
      <section className="dash-card team-seats">
        <p>{t('teams.noTeam')}</p>
        <Link className="button" to="/dash/account/1">
          {t('teams.seePlans')}
        </Link>
      </section>
    );
  }
  return (
    <section className="dash-card team-seats">
      <p id={labelId} className="team-seats__count">
        {t('teams.seats', { used, limit: team.limit })}
      </p>
      <progress className="team-seats__bar" max={team.limit} value={Math.min(used, team.limit)} aria-labelledby={labelId} />
      <p className="hint">{t('teams.seatsHint')}</p>
    </section>
  );
}

/** One textarea for several addresses; the answer lists each address with what happened to it. */
function InviteForm({ free }: { free: number }) {
  const { t, i18n } = useTranslation('account');
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string[]>([]);
  const [results, setResults] = useState<BatchResult[]>([]);
  const [invite, { isLoading }] = useInviteMembersMutation();

  const reasonOf = (result: BatchResult): string => {
    const code = result.error?.code ?? '';
    return i18n.exists(`account:teams.errors.${code}`) ? t(`teams.errors.${code}`) : (result.error?.message ?? '');
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseInviteEmails(text);
    setInvalid(parsed.invalid);
    if (parsed.invalid.length > 0 || parsed.valid.length === 0) return;
    if (parsed.valid.length > INVITE_BATCH_MAX) {
      setInvalid([t('teams.tooMany', { max: INVITE_BATCH_MAX })]);
      return;
    }
    try {
      const answer = await invite({ emails: parsed.valid, lang: i18n.language?.startsWith('zh') ? 'zh' : 'en' }).unwrap();
      setResults(answer.results);
      // What could not be invited stays in the box, to fix or try later.
      setText(answer.results.filter((r) => r.error).map((r) => r.email).join(', '));
    } catch (error) {
      showToast({ title: t('teams.inviteFailed'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  const hasError = invalid.length > 0;
  return (
    <section className="dash-card team-invite">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className={`field${hasError ? ' field--invalid' : ''}`}>
          <label htmlFor={fieldId}>{t('teams.inviteLabel')}</label>
          <textarea
            id={fieldId}
            name="emails"
            rows={3}
            value={text}
            placeholder={t('teams.invitePlaceholder')}
            aria-describedby={`${hintId}${hasError ? ` ${errorId}` : ''}`}
            aria-invalid={hasError}
            onChange={(e) => setText(e.target.value)}
          />
          <span id={hintId} className="hint">
            {t('teams.inviteHint', { count: free })}
          </span>
          {hasError && (
            <span id={errorId} className="error-text" role="alert">
              {t('teams.invalidEmails', { list: invalid.join(', ') })}
            </span>
          )}
        </div>
        <button type="submit" className="button" disabled={isLoading || text.trim() === ''}>
          {isLoading ? t('teams.inviting') : t('teams.invite')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {results.length > 0 && (
          <ul className="team-results" aria-label={t('teams.resultsLabel')}>
            {results.map((result) => (
              <li key={result.email} className={result.error ? 'team-results__item team-results__item--failed' : 'team-results__item'}>
                <span aria-hidden="true">{result.error ? '✕' : '✓'}</span> <strong>{result.email}</strong>{' '}
                {result.error ? reasonOf(result) : t('teams.invited')}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** A member's row: Remove asks first (No has the focus), then the member is signed out everywhere. */
function MemberRow({ member }: { member: Member }) {
  const { t } = useTranslation('account');
  const dates = useDashDates();
  const { isConfirming, open, cancel, actionRef } = useInlineConfirm();
  const [remove, { isLoading }] = useRemoveMemberMutation();
  const name = member.fullName?.trim() || member.email;

  async function confirm() {
    try {
      await remove(member.id).unwrap();
      showToast({ title: t('teams.removed', { name }), kind: 'success' });
    } catch (error) {
      showToast({ title: t('teams.actionFailed'), message: apiProblem(error).message, kind: 'error' });
    }
  }
  return (
    <li className="team-row">
      <Avatar person={member} />
      <div className="team-row__who">
        <span className="team-row__name">{name}</span>
        <span className="team-row__email">{member.email}</span>
      </div>
      <span className="team-badge team-badge--joined">{member.joinedAt ? t('teams.joinedOn', { date: dates.date(member.joinedAt) }) : t('teams.joined')}</span>
      <div className="team-row__actions">
        {!isConfirming && (
          <button ref={actionRef} type="button" className="button button--ghost" aria-label={t('teams.removeLabel', { name })} onClick={open}>
            {t('teams.remove')}
          </button>
        )}
      </div>
      {isConfirming && (
        <InlineConfirm
          className="team-confirm"
          title={t('teams.removeConfirm', { name })}
          explain={t('teams.removeExplain')}
          yes={t('teams.removeYes')}
          no={t('teams.removeNo')}
          isBusy={isLoading}
          onYes={() => void confirm()}
          onCancel={cancel}
        />
      )}
    </li>
  );
}

/** A pending invite's row: sent again (a new link) or revoked (its link then fails). */
function InviteRow({ invite }: { invite: Invite }) {
  const { t } = useTranslation('account');
  const dates = useDashDates();
  const [resend, { isLoading: isResending }] = useResendInviteMutation();
  const [revoke, { isLoading: isRevoking }] = useRevokeInviteMutation();
  const sentAt = invite.lastSentAt ?? invite.createdAt;

  async function onResend() {
    try {
      await resend(invite.id).unwrap();
      showToast({ title: t('teams.resent', { email: invite.email }), kind: 'success' });
    } catch (error) {
      const problem = apiProblem(error);
      const message = problem.code === 'RESEND_TOO_SOON' ? t('teams.resendTooSoon') : problem.message;
      showToast({ title: t('teams.actionFailed'), message, kind: 'error' });
    }
  }
  async function onRevoke() {
    try {
      await revoke(invite.id).unwrap();
      showToast({ title: t('teams.revoked', { email: invite.email }), kind: 'info' });
    } catch (error) {
      showToast({ title: t('teams.actionFailed'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  return (
    <li className="team-row team-row--pending">
      <Avatar person={{ fullName: null, email: invite.email, profilePic: null }} />
      <div className="team-row__who">
        <span className="team-row__name">{invite.email}</span>
        <span className="team-row__email">{t('teams.invitedOn', { date: dates.date(sentAt) })}</span>
      </div>
      <span className="team-badge team-badge--pending">{t('teams.pending')}</span>
      <div className="team-row__actions">
        <button type="button" className="button button--ghost" disabled={isResending} aria-label={t('teams.resendLabel', { email: invite.email })} onClick={() => void onResend()}>
          {t('teams.resend')}
        </button>
        <button type="button" className="button button--ghost" disabled={isRevoking} aria-label={t('teams.revokeLabel', { email: invite.email })} onClick={() => void onRevoke()}>
          {t('teams.revoke')}
        </button>
      </div>
    </li>
  );
}

/** Teams (admins only): seats against the plan's team size, the members and pending invites, inviting several at once. */
export function TeamsTab({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const { data: team, isLoading } = useTeamAdminQuery();

  if (isLoading) return <p className="dash-card dash-empty">{t('teams.loading')}</p>;
  if (!team) return <p className="dash-card dash-empty error-text">{t('teams.loadFailed')}</p>;
  const free = Math.max(0, team.limit - seatsUsed(team));

  return (
    <div className="teams-tab">
      <Seats team={team} />
      {team.limit > 1 && <InviteForm free={free} />}
      <section className="dash-card team-list" aria-labelledby={headingId}>
        <h3 id={headingId} className="team-list__title">
          {t('teams.members')}
        </h3>
        <ul className="team-list__rows">
          <li className="team-row">
            <Avatar person={user} />
            <div className="team-row__who">
              <span className="team-row__name">{user.fullName?.trim() || user.email}</span>
              <span className="team-row__email">{user.email}</span>
            </div>
            <span className="team-badge">{t('teams.admin')}</span>
            <div className="team-row__actions" />
          </li>
          {team.members.map((member) => (
            <MemberRow key={member.id} member={member} />
          ))}
          {team.pendingInvites.map((invite) => (
            <InviteRow key={invite.id} invite={invite} />
          ))}
        </ul>
        {team.members.length === 0 && team.pendingInvites.length === 0 && <p className="hint">{t('teams.empty')}</p>}
      </section>
    </div>
  );
}
