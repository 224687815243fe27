/**
 * /change_password?token=…: the page the reset mail links to. New password, confirm, show-password
 * toggle, Submit. On success the spec's banner, then /login after 3 seconds (signed out first, so
 * the new password is the one used next).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_CHANGED_REDIRECT_MS } from '@shared/constants';
import * as MSG from '@shared/messages';
import { changePasswordProblem } from '@shared/validation';
import { Button } from '../../components/Button';
import { InlineSpinner } from '../../components/Spinner';
import { serverMessage } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { useIsClient } from '../../lib/hydration';
import { useSession } from '../../lib/session';
import { useChangePassword } from './api/password-reset';
import { AuthDialog } from './components/AuthDialog';
import { FormNotice, NewPasswordFields, type NewPassword, type Notice } from './components/FormFields';
import styles from './components/auth.module.css';

export function ChangePasswordForm() {
  const [params] = useSearchParams();
  // The token is read in the browser only: the server renders and keeps one page for every
  // /change_password address (decision 131), which hydrates the same whatever the token.
  const isClient = useIsClient();
  const token = isClient ? (params.get('token') ?? '') : '';
  const [fields, setFields] = useState<NewPassword>({ password: '', confirm: '' });
  const [answered, setNotice] = useState<Notice | null>(null);
  const notice: Notice | null =
    answered ??
    (isClient && !token
      ? {
          tone: 'error',
          text: 'This page needs the link from your password reset e-mail. Ask for a new one with "Forgot password?" on the sign-in form.',
        }
      : null);
  const [done, setDone] = useState(false);
  const change = useChangePassword();
  const banner = useBanner();
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { password } = fields;
    const problem = changePasswordProblem(password, fields.confirm);
    if (problem) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
    // The passwords are fine now: an earlier "Passwords must match" must not stay under the saving form.
    setNotice(null);
    try {
      await change.mutateAsync({ token, password });
      setDone(true);
      setNotice({ tone: 'success', text: MSG.changePasswordSuccess });
      banner.show({ content: MSG.changePasswordSuccess, action: 'success' });
      timer.current = setTimeout(() => {
        if (session) signOut();
        navigate('/login', { replace: true });
      }, PASSWORD_CHANGED_REDIRECT_MS);
    } catch (error) {
      banner.show({ content: MSG.changePasswordError, action: 'error' });
      const detail = serverMessage(error);
      setNotice({ tone: 'error', text: detail ? `${MSG.changePasswordError}: ${detail}` : MSG.changePasswordError });
    }
  };

  return (
    <AuthDialog
      title="Change password"
      footer={
        <>
          Remembered it? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <p className={styles.lead}>At least 6 letters and digits, including a number.</p>
      <form className={styles.form} onSubmit={submit}>
        <NewPasswordFields value={fields} onChange={setFields} disabled={done || !token} />
        <FormNotice
          notice={
            done
              ? { tone: 'success', text: MSG.changePasswordSuccess, action: <span>Taking you to sign in…</span> }
              : notice
          }
        />
        <Button
          type="submit"
          block
          disabled={change.isPending || done || !token}
          aria-busy={change.isPending || undefined}
        >
          {change.isPending ? (
            <>
              <InlineSpinner />
              Saving…
            </>
          ) : (
            'Submit'
          )}
        </Button>
      </form>
    </AuthDialog>
  );
}
