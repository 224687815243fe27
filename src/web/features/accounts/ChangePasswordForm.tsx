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
import { serverMessage } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { useSession } from '../../lib/session';
import { useChangePassword } from './api/password-reset';
import { AuthDialog } from './components/AuthDialog';
import { Field, FormNotice, ShowPasswordToggle, type Notice } from './components/FormFields';
import styles from './components/auth.module.css';

export function ChangePasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(
    token ? null : { tone: 'error', text: 'This page needs the link from your password reset e-mail. Ask for a new one with "Forgot password?" on the sign-in form.' },
  );
  const [done, setDone] = useState(false);
  const change = useChangePassword();
  const banner = useBanner();
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = changePasswordProblem(password, confirm);
    if (problem) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
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

  const type = showPassword ? 'text' : 'password';
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
        <Field
          autoFocus
          label="New password"
          name="password"
          type={type}
          autoComplete="new-password"
          required
          disabled={done || !token}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Field
          label="Confirm password"
          name="confirm"
          type={type}
          autoComplete="new-password"
          required
          disabled={done || !token}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
        <FormNotice notice={done ? { tone: 'success', text: MSG.changePasswordSuccess, action: <span>Taking you to sign in…</span> } : notice} />
        <Button type="submit" block disabled={change.isPending || done || !token}>
          Submit
        </Button>
      </form>
    </AuthDialog>
  );
}
