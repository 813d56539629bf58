/** The element whose JSON names the app and the page's modules, for the browser's entry (src/client/boot.ts). */
export const PAGE_MODULES_ELEMENT_ID = 'page-modules';

export interface PageModules {
  /** The app's own script (main.tsx as built). */
  app: string;
  /** Every other module the page needs before it is the app's: the app's imports, the layout, the page. */
  modules: string[];
}
