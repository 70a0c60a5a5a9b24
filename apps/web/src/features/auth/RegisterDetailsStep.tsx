import type { TUser } from '@ferry/contracts';
import type { TPlanCode } from '@ferry/plans';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiProblem } from '../../app/api-error';
import { useSignupMutation } from '../../app/session.api';
import { authErrorKey } from './auth-errors';
import { PASSWORD_MIN_LENGTH } from './email-rules';
import { PasswordField } from './PasswordField';
import { useLang } from './use-lang';
import { useShake } from './use-shake';
import { AuthError, SubmitButton } from './AuthFormParts';

interface RegisterDetailsStepProps {
  email: string;
  planCode: TPlanCode;
  onCreated: (user: TUser) => void;
  /** The gateway no longer sees this browser's verification (expired, other browser): verify again. */
  onVerificationLost: () => void;
}

/** Step 3: name, company and password, then `POST /auth/signup` with the plan and language. */
export function RegisterDetailsStep({ email, planCode, onCreated, onVerificationLost }: RegisterDetailsStepProps) {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const nameId = useId();
  const companyId = useId();
  const [fullName, setFullName] = useState('');
  const [company, setCompany] = useState('');
  const [password, setPassword] = useState('');
  const [isPasswordTouched, setPasswordTouched] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [signup, { isLoading }] = useSignupMutation();
  const { shakeClass, shake, onAnimationEnd } = useShake();
  const passwordRef = useRef<HTMLInputElement>(null);

  const isPasswordValid = password.length >= PASSWORD_MIN_LENGTH;
  const isNameValid = fullName.trim().length > 0;
  const canSubmit = isPasswordValid && isNameValid && !isLoading;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setPasswordTouched(true);
    if (!canSubmit) {
      shake();
      return;
    }
    setErrorKey(null);
    try {
      const session = await signup({
        email,
        password,
        fullName: fullName.trim(),
        company: company.trim() || undefined,
        plan: planCode,
        lang,
      }).unwrap();
      onCreated(session.user);
    } catch (error) {
      const problem = apiProblem(error);
      setErrorKey(problem.code === 'EMAIL_NOT_VERIFIED' ? 'errors.emailNotVerified' : authErrorKey(problem));
      shake();
    }
  }

  return (
    <form
      className={shakeClass}
      onAnimationEnd={onAnimationEnd}
      onSubmit={onSubmit}
      onKeyDown={(e) => {
        // The disabled button cannot submit: Enter in an incomplete form explains and shakes instead.
        if (e.key === 'Enter' && !canSubmit && e.target instanceof HTMLInputElement) {
          setPasswordTouched(true);
          shake();
        }
      }}
      noValidate
    >
      <p className="register__email">
        {t('register.creatingFor')} <strong>{email}</strong>
      </p>
      <div className="field">
        <label htmlFor={nameId}>{t('register.fullName')}</label>
        <input
          id={nameId}
          name="fullName"
          autoComplete="name"
          required
          autoFocus
          maxLength={120}
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={companyId}>
          {t('register.company')} <span className="hint">{t('register.optional')}</span>
        </label>
        <input
          id={companyId}
          name="company"
          autoComplete="organization"
          maxLength={120}
          value={company}
          onChange={(e) => setCompany(e.target.value)}
        />
      </div>
      <PasswordField
        label={t('register.password')}
        value={password}
        onChange={(value) => {
          setPassword(value);
          if (value.length >= PASSWORD_MIN_LENGTH) setPasswordTouched(true);
        }}
        onBlur={() => setPasswordTouched(password.length > 0)}
        autoComplete="new-password"
        inputRef={passwordRef}
        name="password"
        error={isPasswordTouched && !isPasswordValid ? t('errors.passwordShort') : null}
        hint={t('register.passwordHint')}
      />
      <AuthError message={errorKey ? t(errorKey) : null}>
        {errorKey === 'errors.emailTaken' ? (
          <>
            {' '}
            <Link to={`/login?user=${encodeURIComponent(email)}`}>{t('register.signIn')}</Link>
          </>
        ) : null}
        {errorKey === 'errors.emailNotVerified' ? (
          <>
            {' '}
            <button type="button" className="link-button" onClick={onVerificationLost}>
              {t('register.verifyAgain')}
            </button>
          </>
        ) : null}
      </AuthError>
      <SubmitButton disabled={!canSubmit} loading={isLoading}>
        {t('register.create')}
      </SubmitButton>
    </form>
  );
}
