/**
 * /login: e-mail and password, SIGN IN, show-password toggle, 'Forgot password?', social buttons,
 * link to 'Sign up'. An admin's correct password starts the two-step login: the verification
 * token is kept in this browser and the message says to open the mailed link.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isValidEmail } from '@shared/validation';
import * as MSG from '@shared/messages';
import { Button } from '../../components/Button';
import { ApiError } from '../../lib/api';
import { STORAGE_KEYS, writeText } from '../../lib/storage';
import { useLogin } from './api/login';
import { useRequestPasswordReset } from './api/password-reset';
import { AuthDialog } from './components/AuthDialog';
import { Field, FormNotice, ShowPasswordToggle, type Notice } from './components/FormFields';
import { SocialSignIn } from './components/SocialSignIn';
import { useCompleteSignIn } from './use-complete-sign-in';
import styles from './components/auth.module.css';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : MSG.somethingWentWrong);

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const login = useLogin();
  const reset = useRequestPasswordReset();
  const completeSignIn = useCompleteSignIn();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    try {
      const answer = await login.mutateAsync({ email, password });
      if ('admin' in answer) {
        writeText(STORAGE_KEYS.adminVerificationToken, answer.token);
        setPassword('');
        setNotice({ tone: 'info', text: answer.message });
        return;
      }
      completeSignIn(answer);
    } catch (error) {
      setNotice({ tone: 'error', text: errorText(error) });
    }
  };

  const forgotPassword = async () => {
    if (!isValidEmail(email)) {
      setNotice({ tone: 'error', text: 'Enter your e-mail address above, then choose "Forgot password?" again.' });
      emailRef.current?.focus();
      return;
    }
    setNotice(null);
    try {
      const answer = await reset.mutateAsync(email);
      setNotice({ tone: 'success', text: answer.message });
    } catch (error) {
      setNotice({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <AuthDialog
      title="Sign in"
      footer={
        <>
          New here? <Link to="/createAccount">Sign up</Link>
        </>
      }
    >
      <p className={styles.lead}>Welcome back: your basket and wishlist are waiting.</p>
      <form className={styles.form} onSubmit={submit}>
        <Field
          ref={emailRef}
          autoFocus
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label="Password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className={styles.row}>
          <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => void forgotPassword()}
            disabled={reset.isPending}
          >
            Forgot password?
          </button>
        </div>
        <FormNotice notice={notice} />
        <Button type="submit" block disabled={login.isPending}>
          {login.isPending ? 'SIGNING IN…' : 'SIGN IN'}
        </Button>
      </form>
      <SocialSignIn />
    </AuthDialog>
  );
}
