/** The signed-in person making a request, as the product's rules need them. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  termsAcceptedAt: Date | null;
  termsVersion: string | null;
}
