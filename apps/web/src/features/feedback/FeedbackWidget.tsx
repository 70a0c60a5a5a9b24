import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ZEmail, type TFeedbackRating } from '@ferry/contracts';
import { useAppSelector } from '../../app/store';
import { showToast } from '../../components/toasts';
import { useSendFeedbackMutation } from './feedback.api';
import { FEEDBACK_TOAST_MS, rememberAutoOpen, shouldAutoOpen } from './feedback-rules';
import './feedback.css';

const RATINGS: TFeedbackRating[] = ['bad', 'fine', 'fantastic'];

/**
 * The feedback tab at the bottom left, shown once mounted (FeedbackTab mounts it 3.2 s after load);
 * it opens by itself on the 3rd, 18th and 35th login. A rating and a comment (required); every send ends with the same
 * thank-you toast, whether or not the server took it.
 */
export function FeedbackWidget() {
  const { t } = useTranslation('download');
  const { pathname } = useLocation();
  const user = useAppSelector((s) => s.session.user);
  const [sendFeedback, { isLoading }] = useSendFeedbackMutation();
  const [isOpen, setIsOpen] = useState(false);
  const [rating, setRating] = useState<TFeedbackRating>('fine');
  const [comment, setComment] = useState('');
  const [email, setEmail] = useState('');
  const tabRef = useRef<HTMLButtonElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const commentId = useId();
  const emailId = useId();

  useEffect(() => {
    if (user && shouldAutoOpen(user)) {
      rememberAutoOpen(user);
      setIsOpen(true);
    }
  }, [user]);

  useEffect(() => {
    if (isOpen) firstFieldRef.current?.focus();
  }, [isOpen]);

  const isEmailValid = email.trim() === '' || ZEmail.safeParse(email).success;
  const canSend = comment.trim().length > 0 && isEmailValid && !isLoading;

  function close() {
    setIsOpen(false);
    setTimeout(() => tabRef.current?.focus(), 0);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') close();
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!canSend) return;
    try {
      await sendFeedback({ rating, comment: comment.trim(), page: pathname, ...(!user && email.trim() ? { email: email.trim() } : {}) }).unwrap();
    } catch {
      // PRODUCT.md: the visitor is thanked whatever happened to the request.
    }
    showToast({ title: t('feedback.toastTitle'), message: t('feedback.toastMessage'), kind: 'success', ms: FEEDBACK_TOAST_MS });
    setComment('');
    setRating('fine');
    close();
  }

  return (
    <div className="feedback">
      {isOpen ? (
        <section className="feedback__panel card" role="dialog" aria-modal="false" aria-labelledby={titleId} onKeyDown={onKeyDown}>
          <div className="feedback__head">
            <h2 id={titleId}>{t('feedback.title')}</h2>
            <button type="button" className="feedback__close" onClick={close} aria-label={t('feedback.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <form onSubmit={send} noValidate>
            <fieldset className="feedback__ratings">
              <legend>{t('feedback.rating')}</legend>
              {RATINGS.map((value, i) => (
                <label key={value} className={`feedback__rating feedback__rating--${value}`}>
                  <input
                    ref={i === 0 ? firstFieldRef : undefined}
                    type="radio"
                    name="feedback-rating"
                    value={value}
                    checked={rating === value}
                    onChange={() => setRating(value)}
                  />
                  <span>{t(`feedback.${value}`)}</span>
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor={commentId}>{t('feedback.comments')}</label>
              <textarea
                id={commentId}
                rows={4}
                maxLength={2000}
                required
                value={comment}
                placeholder={t('feedback.commentsPlaceholder')}
                onChange={(event) => setComment(event.target.value)}
              />
            </div>
            {user ? null : (
              <div className={`field${isEmailValid ? '' : ' field--invalid'}`}>
                <label htmlFor={emailId}>{t('feedback.email')}</label>
                <input id={emailId} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} aria-invalid={!isEmailValid} />
              </div>
            )}
            <button type="submit" className="button" disabled={!canSend}>
              {isLoading ? t('feedback.sending') : t('feedback.send')}
            </button>
          </form>
        </section>
      ) : null}
      <button
        ref={tabRef}
        type="button"
        className="feedback__tab"
        aria-expanded={isOpen}
        onClick={() => (isOpen ? close() : setIsOpen(true))}
      >
        {t('feedback.tab')}
      </button>
    </div>
  );
}
