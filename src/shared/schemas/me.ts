/** The signed-in person as the browser sees them: GET /api/me. */
export interface Me {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  /** True when the current Terms & Conditions version has been accepted. */
  termsAccepted: boolean;
  /** Named a moderator in the college config: may open /moderation. */
  isModerator: boolean;
}

export interface MeResponse {
  user: Me | null;
}
