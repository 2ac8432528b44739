import { OPERATOR_TOTP_REQUIRED } from '@h5/core';
import { useEffect, useRef, useState } from 'react';
import { putEntry } from '../../../lib/data-layer/put-entry';
import { failureCode } from '../../../lib/failure';
import { BACKSTAGE_TEXT as text } from '../../../lib/ui-text/backstage';
import { useAction } from '../../../lib/use-action';
import styles from './backstage.module.css';
import { FormError } from './FormError';

/** The operator login: name, password and, for an account with a second factor, the TOTP code. */
export function LoginForm() {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const totpInput = useRef<HTMLInputElement>(null);
  const login = useAction('backstage.login', {
    fields: ['name', 'password', 'totp'],
    onDone: (operator) => putEntry('backstage.me', {}, operator),
  });
  // The password was right and the account has a second factor: the code is what is missing.
  const totpRequired = failureCode(login.failure) === OPERATOR_TOTP_REQUIRED;
  useEffect(() => {
    if (totpRequired) totpInput.current?.focus();
  }, [totpRequired]);
  return (
    <main className={styles.loginPage}>
      <form
        className={styles.loginCard}
        aria-labelledby="backstage-login-title"
        data-testid="backstage-login"
        onSubmit={(event) => {
          event.preventDefault();
          void login.run({ name: name.trim(), password, ...(totp ? { totp } : {}) });
        }}
      >
        <h1 id="backstage-login-title" className={styles.title}>
          {text.loginTitle}
        </h1>
        <label className={styles.field}>
          {text.name}
          <input
            className={styles.input}
            name="name"
            autoComplete="username"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        </label>
        <label className={styles.field}>
          {text.password}
          <input
            className={styles.input}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
        </label>
        <label className={styles.field}>
          {text.totp}
          <input
            ref={totpInput}
            className={styles.input}
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            aria-describedby="backstage-totp-hint"
            value={totp}
            onChange={(event) => setTotp(event.currentTarget.value.replace(/\D/g, ''))}
          />
        </label>
        <p id="backstage-totp-hint" className={styles.note}>
          {text.totpHint}
        </p>
        <FormError action={login} testId="backstage-login-error" />
        <button type="submit" className={styles.primary} disabled={login.busy}>
          {login.busy ? text.loggingIn : text.login}
        </button>
      </form>
    </main>
  );
}
