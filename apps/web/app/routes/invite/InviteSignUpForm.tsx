import { loginCodeSchema, phoneSchema } from '@h5/contract';
import {
  displayMessage,
  INVITE_PHONE_REGISTERED,
  INVITE_SMS_CODE_ATTEMPTS_EXCEEDED,
  INVITE_SMS_CODE_EXPIRED,
} from '@h5/core';
import { isApiError } from '@h5/request/api-error-brand';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { REDIRECT_PARAM } from '../../lib/query-params';
import { INVITE_TEXT as text } from '../../lib/ui-text/invite';
import { useApi } from '../../lib/use-api';
import { DevOutbox } from '../../shell/auth/DevOutbox';
import { DigitsInput } from '../../shell/auth/LoginForm';
import form from '../../shell/auth/login.module.css';
import { useCountdown } from '../../shell/auth/use-countdown';
import styles from './invite.module.css';

interface Props {
  code: string;
  showDevOutbox: boolean;
  /** After the account and its session exist (the cookies are set). */
  onSignedUp: () => void;
}

type Failure = { message: string; registered: boolean };

const failureOf = (error: unknown): Failure => ({
  message: displayMessage(isApiError(error) ? error.message : null),
  registered: isApiError(error) && error.code === INVITE_PHONE_REGISTERED,
});

/** The code is used up or dead: the field is cleared, the next step is a new code. */
const isDeadCode = (error: unknown) =>
  isApiError(error) &&
  (error.code === INVITE_SMS_CODE_ATTEMPTS_EXCEEDED || error.code === INVITE_SMS_CODE_EXPIRED);

/**
 * Sign-up by invitation (issue 18 point 2): the number, an SMS code (send-captcha, 60-second
 * countdown), then invite-auth proves the number and invited-sign-up makes the account with its
 * session. A proof is kept for the number, so a sign-up that failed is retried without a new code.
 */
export function InviteSignUpForm({ code, showDevOutbox, onSignedUp }: Props) {
  const api = useApi();
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [sentCount, setSentCount] = useState(0);
  const [cooldown, startCooldown] = useCountdown();
  const proof = useRef<{ phone: string; authToken: string } | null>(null);

  const fail = (message: string) => setFailure({ message, registered: false });

  const sendCode = async () => {
    setFailure(null);
    setNotice(null);
    if (!phoneSchema.safeParse(phone).success) return fail(text.invalidPhone);
    setSending(true);
    try {
      const sent = await api('invite.sendCaptcha', { phone }, { errorToast: false });
      startCooldown(sent.resendInSeconds);
      setNotice(text.codeSent);
      setSentCount((n) => n + 1);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    setNotice(null);
    if (!phoneSchema.safeParse(phone).success) return fail(text.invalidPhone);
    const proven = proof.current?.phone === phone ? proof.current : null;
    if (!proven && !loginCodeSchema.safeParse(smsCode).success) return fail(text.invalidCode);
    setSubmitting(true);
    try {
      let authToken = proven?.authToken;
      if (!authToken) {
        const auth = await api('invite.inviteAuth', { phone, smsCode }, { errorToast: false });
        if (auth.registered) {
          setFailure({ message: text.registered, registered: true });
          setSubmitting(false);
          return;
        }
        authToken = auth.authToken;
        proof.current = { phone, authToken };
      }
      await api('invite.invitedSignUp', { code, authToken }, { errorToast: false });
      onSignedUp();
    } catch (error) {
      setFailure(failureOf(error));
      if (isDeadCode(error)) setSmsCode('');
      // A spent or stale proof: the next try asks for a new code.
      if (isApiError(error) && !isDeadCode(error)) proof.current = null;
      setSubmitting(false);
    }
  };

  const back = `/invite/landing?code=${encodeURIComponent(code)}`;
  return (
    <form className={form.form} onSubmit={submit} noValidate data-testid="invite-signup-form">
      <label className={form.field}>
        <span className={form.label}>{text.phoneLabel}</span>
        <DigitsInput
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={11}
          placeholder={text.phonePlaceholder}
          value={phone}
          onDigits={setPhone}
        />
      </label>
      <div className={form.field}>
        <label className={form.codeLabel}>
          <span className={form.label}>{text.codeInputLabel}</span>
          <DigitsInput
            name="code"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={text.codePlaceholder}
            value={smsCode}
            onDigits={setSmsCode}
          />
        </label>
        <button
          type="button"
          className={form.sendButton}
          onClick={() => void sendCode()}
          disabled={sending || cooldown > 0}
          data-testid="invite-send-code"
          data-countdown={cooldown}
        >
          {cooldown > 0 ? text.resendIn(cooldown) : text.sendCode}
        </button>
      </div>
      <p className={form.error} role="alert" data-testid="invite-signup-error">
        {failure?.message}
        {failure?.registered ? (
          <Link
            className={styles.inlineLink}
            to={`/login?${new URLSearchParams({ [REDIRECT_PARAM]: back })}`}
            data-testid="invite-login-link"
          >
            {text.registeredLogin}
          </Link>
        ) : null}
      </p>
      {notice && !failure ? (
        <p className={form.notice} role="status">
          {notice}
        </p>
      ) : null}
      <button type="submit" className={form.submit} disabled={submitting} data-testid="invite-signup-submit">
        {submitting ? text.submitting : text.submit}
      </button>
      <p className={form.consent}>
        {text.consent}
        <Link to="/agreement/user">{text.userAgreement}</Link>
        {text.and}
        <Link to="/agreement/privacy">{text.privacyPolicy}</Link>
      </p>
      {showDevOutbox ? <DevOutbox phone={phone} sentCount={sentCount} /> : null}
    </form>
  );
}
