import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTeam, TTransferDetail } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { useAppSelector } from '../../../app/store';
import { showToast } from '../../../components/toasts';
import { useTeamQuery } from '../../quick-send/quick-send.api';
import { useShareTransferMutation } from './transfers.api';

type Member = TTeam['members'][number];

/** The team members other than the viewer (nobody when the account has no team). */
export function useTeamOthers(isEnabled: boolean): Member[] {
  const me = useAppSelector((s) => s.session.user);
  const { data: team } = useTeamQuery(undefined, { skip: !isEnabled });
  return (team?.members ?? []).filter((m) => m.id !== me?.id);
}

/** Which team members see the transfer in their Shared tab: Everyone or each by name, then Save. */
export function ShareWithTeam({ transfer, members, onDone }: { transfer: TTransferDetail; members: Member[]; onDone: () => void }) {
  const { t } = useTranslation('transfers');
  const [chosen, setChosen] = useState<string[]>(transfer.shareWith);
  const [share, { isLoading }] = useShareTransferMutation();
  const isEveryone = members.every((m) => chosen.includes(m.id));

  async function save() {
    try {
      await share({ slug: transfer.slug, shareWith: chosen }).unwrap();
      showToast({ title: t('share.done'), kind: 'info' });
      onDone();
    } catch (error) {
      showToast({ title: t('actionFailed'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  return (
    <fieldset className="transfer-panel transfer-share">
      <legend>{t('share.title')}</legend>
      <label>
        <input type="checkbox" checked={isEveryone} onChange={(e) => setChosen(e.target.checked ? members.map((m) => m.id) : [])} /> {t('share.everyone')}
      </label>
      {members.map((m) => (
        <label key={m.id}>
          <input type="checkbox" checked={chosen.includes(m.id)} onChange={(e) => setChosen(e.target.checked ? [...chosen, m.id] : chosen.filter((id) => id !== m.id))} />{' '}
          {m.fullName ?? m.email}
        </label>
      ))}
      <div className="row">
        <button type="button" className="button" disabled={isLoading} onClick={() => void save()}>
          {t('share.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('share.cancel')}
        </button>
      </div>
    </fieldset>
  );
}
