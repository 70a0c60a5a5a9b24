import { useEffect, useRef, type Dispatch } from 'react';
import { useSearchParams } from 'react-router';
import { fieldChanged, type formActions } from './quick-send-form.slice';
import { addRecipients, type RecipientChip } from './recipients';

type FormDispatch = Dispatch<ReturnType<(typeof formActions)[keyof typeof formActions]>>;

/**
 * `?to=address` (the contacts page's "Send files"): the address joins the recipients, the send
 * switches to email, and the parameter leaves the URL so a reload does not add it again. The panel
 * stays mounted across dashboard pages, so this follows the URL rather than reading it at mount;
 * `startOver` (given while a finished send is shown) first opens a blank form.
 */
export function usePrefilledRecipient(chips: RecipientChip[], dispatch: FormDispatch, startOver?: () => void): void {
  const [params, setParams] = useSearchParams();
  const to = params.get('to');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (to === null || handled.current === to) {
      handled.current = to;
      return;
    }
    handled.current = to;
    const added = addRecipients(startOver ? [] : chips, to);
    if (added.invalid.length === 0) {
      startOver?.();
      dispatch(fieldChanged('sendAs', 'email'));
      dispatch(fieldChanged('chips', added.chips));
    }
    setParams(
      (current) => {
        current.delete('to');
        return current;
      },
      { replace: true },
    );
  }, [to, chips, dispatch, startOver, setParams]);
}
