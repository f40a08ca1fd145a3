/** Form rules shared by the web's fields and the server's contracts: each returns the error text or null. */
export * from './email.ts';
export * from './messages.ts';
export * from './name.ts';
export * from './password.ts';
export * from './phone.ts';
export * from './smsCode.ts';
