import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiProblem } from '../../app/api-error';
import { showToast } from '../../components/toasts';
import { useAskForMoreTimeMutation, type TransferAccess } from './download.api';
import { PasswordGate } from './PasswordGate';
import { StateCard } from './StateCard';

/**
 * An expired transfer: the recipient can ask the sender for more time (the sender gets a
 * one-click mail that adds 48 hours). A protected transfer asks for its password first.
 */
export function ExpiredView({ access }: { access: TransferAccess }) {
  const { t } = useTranslation('download');
  const [ask, { isLoading, isSuccess }] = useAskForMoreTimeMutation();
  const [gate, setGate] = useState<'none' | 'required' | 'incorrect'>('none');

  async function askForTime(password = access.password) {
    try {
      await ask({ ...access, password }).unwrap();
    } catch (error) {
      const problem = apiProblem(error);
      if (problem.code === 'PASSWORD_REQUIRED') setGate('required');
      else if (problem.code === 'PASSWORD_INCORRECT') setGate('incorrect');
      else showToast({ title: t('download.expired.failed'), message: problem.message || t('download.tryAgain'), kind: 'error' });
    }
  }

  if (isSuccess) {
    return <StateCard title={t('download.expired.askedTitle')} lead={t('download.expired.askedLead')} />;
  }
  if (gate !== 'none') {
    return (
      <PasswordGate
        lead={t('download.expired.passwordLead')}
        isChecking={isLoading}
        isIncorrect={!isLoading && gate === 'incorrect'}
        onSubmit={(password) => void askForTime(password)}
      />
    );
  }
  return (
    <StateCard title={t('download.expired.title')} lead={t('download.expired.lead')}>
      <button type="button" className="button" onClick={() => void askForTime()} disabled={isLoading}>
        {isLoading ? t('download.expired.asking') : t('download.expired.ask')}
      </button>
    </StateCard>
  );
}
