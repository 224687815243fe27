/**
 * /choose_password: where a verification link opened outside the signing-up browser leads
 * (decisions/130). The link proved the address but not who chose the sign-up password, so that
 * password was removed and the account signed out everywhere (decisions/029). This page says so
 * and lets the person holding the mailbox choose a password at once, with the reset token the
 * link left in this browser's HttpOnly cookie; they are then signed in here.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as MSG from '@shared/messages';
import { changePasswordProblem } from '@shared/validation';
import { Button } from '../../components/Button';
import { serverMessage } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { passwordChoiceKey, useChoosePassword, usePasswordChoice } from './api/password-choice';
import { AuthDialog } from './components/AuthDialog';
import { Field, FormNotice, NewPasswordFields, type NewPassword, type Notice } from './components/FormFields';
import styles from './components/auth.module.css';
import { useCompleteSignIn } from './use-complete-sign-in';

export function ChoosePasswordForm() {
  const choice = usePasswordChoice();
  const choose = useChoosePassword();
  const completeSignIn = useCompleteSignIn();
  const queryClient = useQueryClient();
  const banner = useBanner();
  const [fields, setFields] = useState<NewPassword>({ password: '', confirm: '' });
  const [notice, setNotice] = useState<Notice | null>(null);

  const email = choice.data?.email;
  const gone = choice.isError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = changePasswordProblem(fields.password, fields.confirm);
    if (problem) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
    try {
      const answer = await choose.mutateAsync(fields.password);
      queryClient.removeQueries({ queryKey: passwordChoiceKey });
      if (completeSignIn(answer)) banner.show({ content: answer.message, action: 'success' });
    } catch (error) {
      setNotice({ tone: 'error', text: serverMessage(error) ?? MSG.somethingWentWrong });
    }
  };

  return (
    <AuthDialog
      title="Choose your password"
      footer={
        gone ? undefined : (
          <>
            Not now? You can choose one later with &lsquo;Forgot password?&rsquo; on the{' '}
            <Link to="/login">sign-in form</Link>.
          </>
        )
      }
    >
      {gone ? (
        <FormNotice
          notice={{
            tone: 'error',
            text: serverMessage(choice.error) ?? MSG.somethingWentWrong,
            action: <Link to="/login">Sign in</Link>,
          }}
        />
      ) : (
        <>
          <div className={styles.explain}>
            <p className={styles.verified}>{MSG.accountVerified}</p>
            <p>
              You opened the link in a different browser from the one the account was made in, so we cannot tell who
              chose its password. To keep the account safe, we have removed the password chosen at sign-up and signed
              the account out on every device.
            </p>
            <p>Choose a new password to continue here, signed in.</p>
          </div>
          {email ? (
            <form className={styles.form} onSubmit={submit}>
              <Field readOnly label="Email" name="email" type="email" autoComplete="username" value={email} />
              <NewPasswordFields
                value={fields}
                onChange={setFields}
                disabled={choose.isPending}
                hint="At least 6 letters and digits, including a number."
              />
              <FormNotice notice={notice} />
              <Button type="submit" block disabled={choose.isPending}>
                {choose.isPending ? 'Saving…' : 'Save password and sign in'}
              </Button>
            </form>
          ) : (
            <p role="status">Checking the link…</p>
          )}
        </>
      )}
    </AuthDialog>
  );
}
