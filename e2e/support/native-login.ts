import { type AppSimulator, NATIVE_TEXT } from '@h5/app-simulator';
import { nextPhone } from './api';

/** Logs in through the simulator's native login sheet: phone, code from the SMS suggestion, 登录. */
export async function loginThroughSheet(sim: AppSimulator, phone = nextPhone()): Promise<void> {
  const sheet = sim.sheet('login');
  await sheet.getByRole('textbox', { name: NATIVE_TEXT.login.phoneLabel }).fill(phone);
  await sheet.getByRole('button', { name: NATIVE_TEXT.login.sendCode }).click();
  await sheet.getByRole('button', { name: new RegExp(`^${NATIVE_TEXT.login.fromMessages}`) }).click();
  await sheet.getByRole('button', { name: NATIVE_TEXT.login.submit, exact: true }).click();
}

/** Closes the open login sheet without logging in. */
export async function dismissLoginSheet(sim: AppSimulator): Promise<void> {
  const sheet = sim.sheet('login');
  await sheet.getByRole('button', { name: NATIVE_TEXT.close }).click();
  await sheet.waitFor({ state: 'detached' });
}
