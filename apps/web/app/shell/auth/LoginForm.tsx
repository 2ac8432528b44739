import { useState } from 'react';
import { Link } from 'react-router';
import { AUTH_TEXT } from '../../lib/ui-text/auth';
import { useAction } from '../../lib/use-action';
import styles from './login.module.css';
import { isDeadCode } from './login-errors';
import { PhoneCodeForm, usePhoneCode } from './PhoneCodeForm';

const TEST_IDS = { form: 'login-form', send: 'send-code', error: 'login-error', submit: 'login-submit' };

/** Phone + one-time code login for browser users (the web login of DESIGN.md §3 auth). */
export function LoginForm({ showDevOutbox, onLoggedIn }: { showDevOutbox: boolean; onLoggedIn: () => void }) {
  const form = usePhoneCode('auth.sendLoginCode', AUTH_TEXT);
  // After the login the page loads again (onLoggedIn): the button stays busy until it has.
  const [loggedIn, setLoggedIn] = useState(false);
  const login = useAction('auth.login', {
    onDone: () => {
      setLoggedIn(true);
      onLoggedIn();
    },
    onError: (message, failure) => {
      form.fail(message);
      if (isDeadCode(failure)) form.setCode('');
    },
  });
  const busy = login.busy || loggedIn;
  return (
    <PhoneCodeForm
      form={form}
      onSubmit={() => {
        if (form.checked(true)) void login.run({ phone: form.phone, code: form.code });
      }}
      busy={busy}
      submitLabel={busy ? AUTH_TEXT.submitting : AUTH_TEXT.submit}
      consent={
        <p className={styles.consent} data-testid="login-consent">
          {AUTH_TEXT.consentBefore}
          <Link to="/agreement/user">{AUTH_TEXT.userAgreement}</Link>
          {AUTH_TEXT.consentAnd}
          <Link to="/agreement/privacy">{AUTH_TEXT.privacyPolicy}</Link>
        </p>
      }
      showDevOutbox={showDevOutbox}
      testIds={TEST_IDS}
    />
  );
}
