/**
 * The profile's Account section (docs/product-spec.md is silent; worded in the voice of messages.ts). Kept
 * apart from messages.ts, which every page loads, because only the profile and the account API
 * need these strings.
 */
export const accountMessages = {
  heading: 'Account',
  memberSince: 'Member since',
  signInMethod: 'Sign-in method',
  password: 'E-mail and password',
  changePassword: 'Change Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is incorrect.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  passwordUnchanged: 'Failed to change your password. Please try again.',
  noPassword: (label: string) => `You sign in with ${label}, so there is no password to change here.`,
  deleteHeading: 'Delete My Account',
  deleteButton: 'Delete my account',
  deleteWarning:
    'This deletes your account, your postings and their images, your bookmarks and your pings. This action cannot be undone.',
  deleteConfirmTitle: 'Delete your account?',
  deleteConfirmLabel: (email: string) => `Type your e-mail address (${email}) to confirm`,
  deleteConfirmMismatch: 'The address you typed does not match your account.',
  deleteConfirm: 'Delete my account',
  deleting: 'Deleting...',
  deleteFailed: 'Failed to delete your account. Please try again.',
  deleted: 'Your account has been deleted.',
} as const;
