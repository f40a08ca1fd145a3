import { AuthFrame } from './AuthFrame.tsx';
import { AUTH_MESSAGES as T } from './messages.ts';
import { StagePlaceholder } from './StagePlaceholder.tsx';

/** /users/password/edit?reset_password_token=…: the new-password frame; the form comes with password restore. */
export function PasswordEditPage() {
  return (
    <AuthFrame title={T.passwordEditTitle}>
      <StagePlaceholder message={T.passwordEditConnecting} />
    </AuthFrame>
  );
}
