/**
 * /createAccount: e-mail, password, confirm password, show-password toggle, SIGN UP, link to
 * 'Sign in'. The spec's rules are checked here with the same functions the server uses; the
 * server's answer (e.g. 409 for an existing account) is shown as it comes.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as MSG from '@shared/messages';
import { signUpProblem } from '@shared/validation';
import { Button } from '../../components/Button';
import { ApiError } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { useCreateAccount } from './api/create-account';
import { AuthDialog } from './components/AuthDialog';
import { Field, FormNotice, NewPasswordFields, type NewPassword, type Notice } from './components/FormFields';
import { SocialSignIn } from './components/SocialSignIn';
import { useCompleteSignIn } from './use-complete-sign-in';
import styles from './components/auth.module.css';

export function CreateAccountForm() {
  const [email, setEmail] = useState('');
  const [fields, setFields] = useState<NewPassword>({ password: '', confirm: '' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const create = useCreateAccount();
  const completeSignIn = useCompleteSignIn();
  const banner = useBanner();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { password } = fields;
    const problem = signUpProblem(password, fields.confirm);
    if (problem) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
    setNotice(null);
    try {
      const answer = await create.mutateAsync({ email, password });
      completeSignIn(answer);
      banner.show({ content: answer.message, action: 'success' });
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : MSG.somethingWentWrong });
    }
  };

  return (
    <AuthDialog
      title="Create an account"
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <p className={styles.lead}>Save your basket, keep a wishlist and follow your orders.</p>
      <form className={styles.form} onSubmit={submit}>
        <Field
          autoFocus
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <NewPasswordFields
          label="Password"
          hint="At least 6 letters and digits, including a number."
          autoFocus={false}
          value={fields}
          onChange={setFields}
        />
        <FormNotice notice={notice} />
        <Button type="submit" block disabled={create.isPending}>
          {create.isPending ? 'SIGNING UP…' : 'SIGN UP'}
        </Button>
      </form>
      <SocialSignIn />
    </AuthDialog>
  );
}
