import {
  INVITE_PHONE_REGISTERED,
  INVITE_SMS_CODE_ATTEMPTS_EXCEEDED,
  INVITE_SMS_CODE_EXPIRED,
} from '@h5/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { failureCode } from '../../lib/failure';
import { REDIRECT_PARAM } from '../../lib/query-params';
import { INVITE_TEXT as text } from '../../lib/ui-text/invite';
import { useAction } from '../../lib/use-action';
import form from '../../shell/auth/login.module.css';
import { PhoneCodeForm, usePhoneCode } from '../../shell/auth/PhoneCodeForm';
import styles from './invite.module.css';

interface Props {
  code: string;
  showDevOutbox: boolean;
  /** After the account and its session exist (the cookies are set). */
  onSignedUp: () => void;
}

/** The code is used up or dead: the field is cleared, the next step is a new code. */
const DEAD_CODES: readonly number[] = [INVITE_SMS_CODE_ATTEMPTS_EXCEEDED, INVITE_SMS_CODE_EXPIRED];

const FORM_TEXT = { ...text, codeLabel: text.codeInputLabel };
const TEST_IDS = {
  form: 'invite-signup-form',
  send: 'invite-send-code',
  error: 'invite-signup-error',
  submit: 'invite-signup-submit',
};

/**
 * Sign-up by invitation (issue 18 point 2): the number, an SMS code (send-captcha, 60-second
 * countdown), then invite-auth proves the number and invited-sign-up makes the account with its
 * session. A proof is kept for the number, so a sign-up that failed is retried without a new code.
 */
export function InviteSignUpForm({ code, showDevOutbox, onSignedUp }: Props) {
  const phoneCode = usePhoneCode('invite.sendCaptcha', FORM_TEXT);
  // The page then loads anew (onSignedUp): the button stays busy until it has.
  const [signedUp, setSignedUp] = useState(false);
  const proof = useRef<{ phone: string; authToken: string } | null>(null);
  // The number has an account already: the error line leads to the login, and back here.
  const back = `/invite/landing?code=${encodeURIComponent(code)}`;
  const toLogin = (message: string) => (
    <>
      {message}
      <Link
        className={styles.inlineLink}
        to={`/login?${new URLSearchParams({ [REDIRECT_PARAM]: back })}`}
        data-testid="invite-login-link"
      >
        {text.registeredLogin}
      </Link>
    </>
  );
  const refused = (message: string, failure: unknown) => {
    phoneCode.fail(failureCode(failure) === INVITE_PHONE_REGISTERED ? toLogin(message) : message);
    if (DEAD_CODES.includes(failureCode(failure))) phoneCode.setCode('');
    // A spent or stale proof: the next try asks for a new code.
    else if (failureCode(failure) !== 0) proof.current = null;
  };
  const auth = useAction('invite.inviteAuth', { onError: refused });
  const signUp = useAction('invite.invitedSignUp', {
    onDone: () => {
      setSignedUp(true);
      onSignedUp();
    },
    onError: refused,
  });
  const busy = auth.busy || signUp.busy || signedUp;

  const submit = async () => {
    const { phone } = phoneCode;
    const proven = proof.current?.phone === phone ? proof.current : null;
    if (busy || !phoneCode.checked(proven === null)) return;
    let authToken = proven?.authToken;
    if (!authToken) {
      const answer = await auth.run({ phone, smsCode: phoneCode.code });
      if (!answer) return;
      if (answer.registered) return phoneCode.fail(toLogin(text.registered));
      authToken = answer.authToken;
      proof.current = { phone, authToken };
    }
    await signUp.run({ code, authToken });
  };

  return (
    <PhoneCodeForm
      form={phoneCode}
      onSubmit={() => void submit()}
      busy={busy}
      submitLabel={busy ? text.submitting : text.submit}
      consent={
        <p className={form.consent}>
          {text.consent}
          <Link to="/agreement/user">{text.userAgreement}</Link>
          {text.and}
          <Link to="/agreement/privacy">{text.privacyPolicy}</Link>
        </p>
      }
      showDevOutbox={showDevOutbox}
      testIds={TEST_IDS}
    />
  );
}
