import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZDownloadHostName } from '@ferry/contracts';
import { apiProblem, type ApiProblem } from '../../../app/api-error';
import { InlineConfirm, useInlineConfirm } from '../../../components/InlineConfirm';
import { showToast } from '../../../components/toasts';
import { useCopyText } from '../../../components/use-copy-text';
import { useDashDates } from '../transfers/format-dates';

/**
 * The server's refusals a Domain tab section says in its own words (both languages): error code ->
 * i18n key in `account`. Any other answer shows the server's message.
 */
export function useProblemText(keys: Readonly<Partial<Record<string, string>>>): (problem: ApiProblem) => string {
  const { t } = useTranslation('account');
  return (problem) => {
    const key = keys[problem.code];
    return key ? t(key) : problem.message || t('domain.errors.failed');
  };
}

/** A section's error codes -> i18n keys; its VALIDATION_FAILED is also what the field's own check says. */
export type DomainErrorKeys = Readonly<{ VALIDATION_FAILED: string } & Partial<Record<string, string>>>;

/** One value of a DNS record, with its own copy button (named after its column, or its record). */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('account');
  const { isCopied, copy } = useCopyText();
  return (
    <div className="domain-record__cell">
      <code className="domain-record__value">{value}</code>
      <button type="button" className="button button--ghost domain-record__copy" aria-label={isCopied ? t('domain.copied') : label} onClick={() => void copy(value)}>
        {isCopied ? t('domain.copied') : t('domain.copy')}
      </button>
    </div>
  );
}

/** Pending / Verified, in words (the colour only repeats it). */
export function StatusBadge({ isVerified }: { isVerified: boolean }) {
  const { t } = useTranslation('account');
  return <span className={`domain-badge domain-badge--${isVerified ? 'verified' : 'pending'}`}>{isVerified ? t('domain.status.verified') : t('domain.status.pending')}</span>;
}

export interface DomainNameFormProps {
  /** The field's name: `host`, `domain`. */
  name: string;
  label: string;
  placeholder: string;
  errors: DomainErrorKeys;
  /** The name set now, the field's value until the admin types. */
  current: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The set mutation, unwrapped: resolves with the saved setting, rejects with the server's refusal. */
  save: (name: string) => Promise<{ status: string }>;
  isSaving: boolean;
  /** The toast's title once saved (the name may be verified at once). */
  savedTitle: (name: string, isVerified: boolean) => string;
}

/** The host or domain field: checked as a host name here, then sent; the server's refusal shows under the field. */
export function DomainNameForm({ name, label, placeholder, errors, current, inputRef, save, isSaving, savedTitle }: DomainNameFormProps) {
  const { t } = useTranslation('account');
  const problemText = useProblemText(errors);
  const fieldId = useId();
  const errorId = useId();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(current ?? ''), [current]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZDownloadHostName.safeParse(value);
    if (!parsed.success) {
      setError(t(errors.VALIDATION_FAILED));
      return;
    }
    setError(null);
    try {
      const answer = await save(parsed.data);
      showToast({ title: savedTitle(parsed.data, answer.status === 'verified'), kind: 'success' });
    } catch (failure) {
      setError(problemText(apiProblem(failure)));
    }
  }

  return (
    <form className="domain-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={fieldId}>{label}</label>
        <div className="domain-form__row">
          <input
            ref={inputRef}
            id={fieldId}
            name={name}
            type="text"
            inputMode="url"
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            maxLength={253}
            value={value}
            placeholder={placeholder}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button" disabled={isSaving}>
            {isSaving ? t('domain.saving') : t('domain.save')}
          </button>
        </div>
        {error && (
          <span id={errorId} className="error-text" role="alert">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}

/**
 * The records to create at the company's DNS provider, under their title and hints: `labels` head
 * the columns, `children` are the table's rows (each cell with its column's label as `data-label`).
 */
export function RecordTable({ title, hints, labels, variant, children }: { title: string; hints: ReactNode; labels: string[]; variant?: 'records'; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className="domain-record">
      <h4 id={titleId} className="domain-record__title">
        {title}
      </h4>
      {hints}
      <div className="domain-record__box">
        {/* Explicit roles: on phones the cells stack (CSS), which drops a table's semantics in some browsers. */}
        <table className={`domain-record__table${variant ? ` domain-record__table--${variant}` : ''}`} role="table" aria-labelledby={titleId}>
          <thead role="rowgroup">
            <tr role="row">
              {labels.map((label) => (
                <th key={label} scope="col" role="columnheader">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">{children}</tbody>
        </table>
      </div>
    </div>
  );
}

export interface DomainActionsProps {
  /** The host or domain, for the toast once removed. */
  name: string;
  errors: DomainErrorKeys;
  /** The check and remove mutations, unwrapped, and whether each is running. */
  check: () => Promise<unknown>;
  isChecking: boolean;
  remove: () => Promise<unknown>;
  isRemoving: boolean;
  /** The question Remove asks first, and what removing does. */
  confirmTitle: string;
  confirmExplain: string;
  onRemoved: () => void;
}

/** Check now and Remove (Remove asks first, No focused); after removal `onRemoved` puts the focus back on the field. */
export function DomainActions({ name, errors, check, isChecking, remove, isRemoving, confirmTitle, confirmExplain, onRemoved }: DomainActionsProps) {
  const { t } = useTranslation('account');
  const problemText = useProblemText(errors);
  const { isConfirming, open, cancel, actionRef } = useInlineConfirm();
  const showFailure = (error: unknown) => showToast({ title: t('domain.actionFailed'), message: problemText(apiProblem(error)), kind: 'error' });

  async function onCheck() {
    try {
      await check();
    } catch (error) {
      showFailure(error);
    }
  }
  async function onRemove() {
    try {
      await remove();
      showToast({ title: t('domain.removed', { host: name }), kind: 'success' });
      onRemoved();
    } catch (error) {
      showFailure(error);
    }
  }

  return (
    <>
      <div className="domain-actions">
        <button type="button" className="button" disabled={isChecking} onClick={() => void onCheck()}>
          {isChecking ? t('domain.checking') : t('domain.check')}
        </button>
        {!isConfirming && (
          <button ref={actionRef} type="button" className="button button--ghost" onClick={open}>
            {t('domain.remove')}
          </button>
        )}
      </div>
      {isConfirming && (
        <InlineConfirm
          className="domain-confirm"
          title={confirmTitle}
          explain={confirmExplain}
          yes={t('domain.removeYes')}
          no={t('domain.removeNo')}
          isBusy={isRemoving}
          onYes={() => void onRemove()}
          onCancel={cancel}
        />
      )}
    </>
  );
}

/**
 * A set host or domain: its name and status, then `news` (what it means now, what the last check
 * found) and when it was last checked, read out as it changes; `children` follow (records, verbs).
 */
export function DomainState({ name, isVerified, checkedAt, news, children }: { name: string; isVerified: boolean; checkedAt: number | null; news: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('account');
  const dates = useDashDates();
  return (
    <div className="domain-state">
      <p className="domain-state__host">
        <span className="domain-state__name">{name}</span> <StatusBadge isVerified={isVerified} />
      </p>
      <div className="domain-state__news" role="status" aria-live="polite">
        {news}
        {checkedAt !== null && <p className="hint">{t('domain.lastChecked', { time: dates.dateTime(checkedAt) })}</p>}
      </div>
      {children}
    </div>
  );
}

export interface DomainSectionProps {
  /** The section's own words; `none` stands for the setting when nothing is set (read-only). */
  texts: { title: string; lead: string; upgrade: string; none: string };
  setting: { canUse: boolean; isEditable: boolean };
  /** The host or domain set, if any. */
  current: string | null;
  /** The admin's field (its value and focus are the section's). */
  form: Omit<DomainNameFormProps, 'current' | 'inputRef'>;
  /** The set name's state; with `onRemoved` (the admin's) it has the verbs. */
  renderState: (name: string, onRemoved?: () => void) => ReactNode;
}

/**
 * A loaded Domain tab section: its title and lead, then the upgrade on a plan without it, the
 * setting read-only for someone who may not change it, or the admin's field and setting (after a
 * removal the focus goes back to the field).
 */
export function DomainSection({ texts, setting, current, form, renderState }: DomainSectionProps) {
  const { t } = useTranslation(['account', 'send']);
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  return (
    <section className="dash-card domain-tab" aria-labelledby={headingId}>
      <h3 id={headingId} className="domain-tab__title">
        {texts.title}
      </h3>
      <p>{texts.lead}</p>
      {!setting.canUse ? (
        <div className="domain-upgrade">
          <p>{texts.upgrade}</p>
          <Link className="button" to="/dash/account/1">
            {t('send:blocked.upgrade')}
          </Link>
        </div>
      ) : !setting.isEditable ? (
        <>
          <p className="hint">{t('domain.memberNote')}</p>
          {current ? renderState(current) : <p>{texts.none}</p>}
        </>
      ) : (
        <>
          <DomainNameForm {...form} current={current} inputRef={inputRef} />
          {current && renderState(current, () => inputRef.current?.focus())}
        </>
      )}
    </section>
  );
}
