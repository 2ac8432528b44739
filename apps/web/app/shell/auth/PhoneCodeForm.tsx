import { loginCodeSchema, phoneSchema } from '@h5/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useAction } from '../../lib/use-action';
import { DevOutbox } from './DevOutbox';
import styles from './login.module.css';
import { useCountdown } from './use-countdown';

/** Seconds before another login code may be asked for (the invitation's code says its own). */
const SEND_CODE_COOLDOWN_S = 60;

/** What the form says, the login's or the invitation's. */
export interface PhoneCodeText {
  phoneLabel: string;
  phonePlaceholder: string;
  codeLabel: string;
  codePlaceholder: string;
  sendCode: string;
  resendIn: (seconds: number) => string;
  codeSent: string;
  invalidPhone: string;
  invalidCode: string;
}

/**
 * The state of a phone-and-code form (the web login, the sign-up by invitation): the number, the
 * code, the send call with its countdown, one line for what is wrong (the checks before a call,
 * the refusals after) and the notice that a code went out.
 */
export function usePhoneCode(send: 'auth.sendLoginCode' | 'invite.sendCaptcha', text: PhoneCodeText) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ReactNode>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sentCount, setSentCount] = useState(0);
  const [cooldown, startCooldown] = useCountdown();
  const sender = useAction(send, {
    onDone: (sent) => {
      startCooldown('resendInSeconds' in sent ? sent.resendInSeconds : SEND_CODE_COOLDOWN_S);
      setNotice(text.codeSent);
      setSentCount((n) => n + 1);
    },
    onError: setError,
  });
  /** The number (and the code) as the contract takes them; else the reason on the error line. */
  const checked = (withCode: boolean) => {
    setError(null);
    setNotice(null);
    if (!phoneSchema.safeParse(phone).success) setError(text.invalidPhone);
    else if (withCode && !loginCodeSchema.safeParse(code).success) setError(text.invalidCode);
    else return true;
    return false;
  };
  const sendCode = () => {
    if (checked(false)) void sender.run({ phone });
  };
  return {
    text,
    phone,
    setPhone,
    code,
    setCode,
    error,
    fail: setError,
    notice,
    sentCount,
    cooldown,
    sending: sender.busy,
    sendCode,
    checked,
  };
}

export type PhoneCode = ReturnType<typeof usePhoneCode>;

/**
 * The form of `usePhoneCode`: the number, the code with its send button, the error line, the
 * notice, the submit button, the consent and, outside production, the development outbox.
 */
export function PhoneCodeForm({
  form,
  onSubmit,
  busy,
  submitLabel,
  consent,
  showDevOutbox,
  testIds,
}: {
  form: PhoneCode;
  onSubmit: () => void;
  busy: boolean;
  submitLabel: string;
  consent: ReactNode;
  showDevOutbox: boolean;
  testIds: { form: string; send: string; error: string; submit: string };
}) {
  const { text, error, notice } = form;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid={testIds.form}>
      <label className={styles.field}>
        <span className={styles.label}>{text.phoneLabel}</span>
        <DigitsInput
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={11}
          placeholder={text.phonePlaceholder}
          value={form.phone}
          onDigits={form.setPhone}
        />
      </label>
      <div className={styles.field}>
        <label className={styles.codeLabel}>
          <span className={styles.label}>{text.codeLabel}</span>
          <DigitsInput
            name="code"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={text.codePlaceholder}
            value={form.code}
            onDigits={form.setCode}
          />
        </label>
        <button
          type="button"
          className={styles.sendButton}
          onClick={form.sendCode}
          disabled={form.sending || form.cooldown > 0}
          data-testid={testIds.send}
          data-countdown={form.cooldown}
        >
          {form.cooldown > 0 ? text.resendIn(form.cooldown) : text.sendCode}
        </button>
      </div>
      <p className={styles.error} role="alert" data-testid={testIds.error}>
        {error}
      </p>
      {notice && !error ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
      <button type="submit" className={styles.submit} disabled={busy} data-testid={testIds.submit}>
        {submitLabel}
      </button>
      {consent}
      {showDevOutbox ? <DevOutbox phone={form.phone} sentCount={form.sentCount} /> : null}
    </form>
  );
}

/** A numeric-keyboard input that keeps only digits (phone number, one-time code). */
function DigitsInput({
  onDigits,
  type = 'text',
  ...props
}: {
  name: string;
  type?: 'tel' | 'text';
  autoComplete: string;
  maxLength: number;
  placeholder: string;
  value: string;
  onDigits: (digits: string) => void;
}) {
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
