/**
 * What a sign-up leaves for its code page: the address (`verificationEmail`, the spec's key) and the sign-up's
 * registration token (`verificationRegistration`). The token goes back with the code, so that if the address was
 * signed up more than once with different passwords, this browser's sign-up keeps its password (docs/ARCHITECTURE.md,
 * "Accounts"). Both go once the address is verified.
 */
const EMAIL = "verificationEmail";
const REGISTRATION = "verificationRegistration";

export function rememberSignup(email: string, registration: string | null | undefined): void {
  localStorage.setItem(EMAIL, email);
  if (registration) localStorage.setItem(REGISTRATION, registration);
  else localStorage.removeItem(REGISTRATION);
}

/** The registration token of the sign-up this browser made for `email`, if any. */
export function signupRegistration(): string | null {
  return localStorage.getItem(REGISTRATION);
}

export function forgetSignup(): void {
  localStorage.removeItem(EMAIL);
  localStorage.removeItem(REGISTRATION);
}
