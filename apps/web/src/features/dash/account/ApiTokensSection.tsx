import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_EXPIRY_DAYS, DEFAULT_API_TOKEN_EXPIRY_DAYS, type TApiToken, type TApiTokenExpiryDays, type TCreatedApiToken } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { InlineConfirm, useInlineConfirm } from '../../../components/InlineConfirm';
import { showToast } from '../../../components/toasts';
import { useCopyText } from '../../../components/use-copy-text';
import { useDashDates } from '../transfers/format-dates';
import { useCreateApiTokenMutation, useListApiTokensQuery, useRevokeApiTokenMutation } from './api-tokens.api';
import './api-tokens.css';

/** Settings' API tokens: create one (shown once), the list with last use and expiry, revoke. */
export function ApiTokensSection() {
  const { t } = useTranslation('account');
  const headingId = useId();
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);
  const { data, isLoading, isError } = useListApiTokensQuery();

  return (
    <section className="dash-card api-tokens" aria-labelledby={headingId}>
      <h3 id={headingId} className="api-tokens__title">
        {t('tokens.title')}
      </h3>
      <p className="hint">{t('tokens.intro')}</p>
      {created ? <NewToken created={created} onDone={() => setCreated(null)} /> : <CreateTokenForm onCreated={setCreated} />}
      {isLoading && <p className="hint">{t('tokens.loading')}</p>}
      {isError && <p className="error-text">{t('tokens.loadFailed')}</p>}
      {data && data.tokens.length === 0 && <p className="hint api-tokens__empty">{t('tokens.empty')}</p>}
      {data && data.tokens.length > 0 && (
        <ul className="api-tokens__list" aria-label={t('tokens.listLabel')}>
          {data.tokens.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: TCreatedApiToken) => void }) {
  const { t } = useTranslation('account');
  const nameId = useId();
  const expiryId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [expiresInDays, setExpiresInDays] = useState<TApiTokenExpiryDays>(DEFAULT_API_TOKEN_EXPIRY_DAYS);
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateApiTokenMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('tokens.nameRequired'));
      return;
    }
    setError(null);
    try {
      onCreated(await create({ name: name.trim(), expiresInDays }).unwrap());
      setName('');
    } catch (failure) {
      const problem = apiProblem(failure);
      setError(problem.code === 'API_TOKEN_LIMIT_REACHED' ? t('tokens.limitReached') : problem.message || t('tokens.createFailed'));
    }
  }

  return (
    <form className="api-tokens__form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className={`field api-tokens__name${error ? ' field--invalid' : ''}`}>
        <label htmlFor={nameId}>{t('tokens.name')}</label>
        <input
          id={nameId}
          value={name}
          maxLength={64}
          placeholder={t('tokens.namePlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="field api-tokens__expiry">
        <label htmlFor={expiryId}>{t('tokens.expiry')}</label>
        <select id={expiryId} value={expiresInDays} onChange={(e) => setExpiresInDays(Number(e.target.value) as TApiTokenExpiryDays)}>
          {API_TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              {t(`tokens.expiryChoice.${days}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button api-tokens__create" disabled={isLoading}>
        {t('tokens.create')}
      </button>
      {error && (
        <p id={errorId} className="error-text api-tokens__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The token, this once: copy it now. Focus moves here so a keyboard or screen-reader user hears it. */
function NewToken({ created, onDone }: { created: TCreatedApiToken; onDone: () => void }) {
  const { t } = useTranslation('account');
  const titleId = useId();
  const valueId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const { isCopied, copy } = useCopyText();
  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  return (
    <div ref={panelRef} className="api-tokens__new" role="region" aria-labelledby={titleId} tabIndex={-1}>
      <p id={titleId} className="api-tokens__new-title">
        {t('tokens.createdTitle', { name: created.name })}
      </p>
      <p className="api-tokens__warning">{t('tokens.shownOnce')}</p>
      <label className="visually-hidden" htmlFor={valueId}>
        {t('tokens.tokenLabel')}
      </label>
      <div className="api-tokens__value-row">
        <input id={valueId} className="input api-tokens__value" readOnly value={created.token} onFocus={(e) => e.target.select()} />
        <button type="button" className="button" onClick={() => void copy(created.token)}>
          {isCopied ? t('tokens.copied') : t('tokens.copy')}
        </button>
      </div>
      <p className="hint">{t('tokens.cliHint')}</p>
      <pre className="api-tokens__cli">ferry login --token -</pre>
      <button type="button" className="button button--ghost" onClick={onDone}>
        {t('tokens.done')}
      </button>
    </div>
  );
}

function TokenRow({ token }: { token: TApiToken }) {
  const { t } = useTranslation('account');
  const dates = useDashDates();
  const { isConfirming, open, cancel, actionRef } = useInlineConfirm();
  const [revoke, { isLoading }] = useRevokeApiTokenMutation();
  const isExpired = Date.parse(token.expiresAt) <= Date.now();

  async function confirm() {
    try {
      await revoke(token.id).unwrap();
      showToast({ title: t('tokens.revoked', { name: token.name }), kind: 'success' });
    } catch (error) {
      showToast({ title: t('tokens.revokeFailed'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  return (
    <li className="api-tokens__row">
      <div className="api-tokens__who">
        <span className="api-tokens__name-text">{token.name}</span>
        <code className="api-tokens__hint">{token.hint}…</code>
      </div>
      <dl className="api-tokens__dates">
        <div>
          <dt>{t('tokens.created')}</dt>
          <dd>{dates.date(token.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('tokens.lastUsed')}</dt>
          <dd>{token.lastUsedAt ? dates.dateTime(token.lastUsedAt) : t('tokens.neverUsed')}</dd>
        </div>
        <div>
          <dt>{isExpired ? t('tokens.expired') : t('tokens.expires')}</dt>
          <dd className={isExpired ? 'api-tokens__expired' : undefined}>{dates.date(token.expiresAt)}</dd>
        </div>
      </dl>
      <div className="api-tokens__actions">
        {!isConfirming && (
          <button ref={actionRef} type="button" className="button button--ghost" aria-label={t('tokens.revokeLabel', { name: token.name })} onClick={open}>
            {t('tokens.revoke')}
          </button>
        )}
      </div>
      {isConfirming && (
        <InlineConfirm
          className="api-tokens-confirm"
          title={t('tokens.revokeConfirm', { name: token.name })}
          explain={t('tokens.revokeExplain')}
          yes={t('tokens.revokeYes')}
          no={t('tokens.revokeNo')}
          isBusy={isLoading}
          onYes={() => void confirm()}
          onCancel={cancel}
        />
      )}
    </li>
  );
}
