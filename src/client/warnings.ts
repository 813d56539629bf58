/**
 * The entry the server adds to a page it draws warnings over (src/server/http/page-warnings.ts):
 * a page without one does not fetch this code.
 */
import { takeOverPageWarnings } from './shell/page-warnings';

takeOverPageWarnings();
