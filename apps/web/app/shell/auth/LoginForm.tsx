import { loginCodeSchema, phoneSchema } from '@h5/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AUTH_TEXT } from '../../lib/ui-text/auth';
import { useApi } from '../../lib/use-api';
import { DevOutbox } from './DevOutbox';
import styles from './login.module.css';
import { isDeadCode, loginErrorText } from './login-errors';
import { useCountdown } from './use-countdown';

/** Seconds before another code can be requested. */
export const SEND_CODE_COOLDOWN_S = 60;

interface Props {
  showDevOutbox: boolean;
  onLoggedIn: () => void;
}

/** Phone + one-time code login for browser users (the web login of DESIGN.md §3 auth). */
export function LoginForm({ showDevOutbox, onLoggedIn }: Props) {
  const api = useApi();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [sentCount, setSentCount] = useState(0);
  const [cooldown, startCooldown] = useCountdown();

  const sendCode = async () => {
    setError(null);
    setNotice(null);
    if (!phoneSchema.safeParse(phone).success) return setError(AUTH_TEXT.invalidPhone);
    setSending(true);
    try {
      // The form shows failures inline, so the request layer's toast stays off.
      await api('auth.sendLoginCode', { phone }, { errorToast: false });
      startCooldown(SEND_CODE_COOLDOWN_S);
      setNotice(AUTH_TEXT.codeSent);
      setSentCount((n) => n + 1);
    } catch (failure) {
      setError(loginErrorText(failure));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (!phoneSchema.safeParse(phone).success) return setError(AUTH_TEXT.invalidPhone);
    if (!loginCodeSchema.safeParse(code).success) return setError(AUTH_TEXT.invalidCode);
    setSubmitting(true);
    try {
      await api('auth.login', { phone, code }, { errorToast: false });
      onLoggedIn();
    } catch (failure) {
      setError(loginErrorText(failure));
      if (isDeadCode(failure)) setCode('');
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="login-form">
      <label className={styles.field}>
        <span className={styles.label}>{AUTH_TEXT.phoneLabel}</span>
        <DigitsInput
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={11}
          placeholder={AUTH_TEXT.phonePlaceholder}
          value={phone}
          onDigits={setPhone}
        />
      </label>
      <div className={styles.field}>
        <label className={styles.codeLabel}>
          <span className={styles.label}>{AUTH_TEXT.codeLabel}</span>
          <DigitsInput
            name="code"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={AUTH_TEXT.codePlaceholder}
            value={code}
            onDigits={setCode}
          />
        </label>
        <button
          type="button"
          className={styles.sendButton}
          onClick={() => void sendCode()}
          disabled={sending || cooldown > 0}
          data-testid="send-code"
        >
          {cooldown > 0 ? AUTH_TEXT.resendIn(cooldown) : AUTH_TEXT.sendCode}
        </button>
      </div>
      <p className={styles.error} role="alert" data-testid="login-error">
        {error}
      </p>
      {notice && !error ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
      <button type="submit" className={styles.submit} disabled={submitting} data-testid="login-submit">
        {submitting ? AUTH_TEXT.submitting : AUTH_TEXT.submit}
      </button>
      <p className={styles.consent} data-testid="login-consent">
        {AUTH_TEXT.consentBefore}
        <Link to="/agreement/user">{AUTH_TEXT.userAgreement}</Link>
        {AUTH_TEXT.consentAnd}
        <Link to="/agreement/privacy">{AUTH_TEXT.privacyPolicy}</Link>
      </p>
      {showDevOutbox ? <DevOutbox phone={phone} sentCount={sentCount} /> : null}
    </form>
  );
}

interface DigitsInputProps {
  name: string;
  type?: 'tel' | 'text';
  autoComplete: string;
  maxLength: number;
  placeholder: string;
  value: string;
  onDigits: (digits: string) => void;
}

/** A numeric-keyboard input that keeps only digits (phone number, one-time code). */
export function DigitsInput({ onDigits, type = 'text', ...props }: DigitsInputProps) {
  return (
    <input
      {...props}
      className={styles.input}
      type={type}
      inputMode="numeric"
      onChange={(e) => onDigits(e.target.value.replace(/\D/g, ''))}
    />
  );
}
