/**
 * The browser's entry (decision 0030). A page the server drew paints from its HTML and the one
 * stylesheet; the app's code is asked for only once that paint is on screen, so on a slow
 * connection the scripts do not share the first round trips with the stylesheet and the page's
 * largest image. The server names the app and the page's modules in the page (`page-modules`);
 * they are all asked for at once, and the app (main.tsx) takes the page over.
 */
import { PAGE_MODULES_ELEMENT_ID, type PageModules } from '../shared/page-modules';
import './styles/global.css';

/** A page that never reports its first paint (a browser without paint timing) still starts. */
const PAINT_WAIT_LIMIT_MS = 500;

/**
 * Resolves once the page's first paint is on screen (its paint timing entry: the frame shown, not
 * only drawn), and the images it asked for first (`fetchpriority="high"`: its largest) have
 * arrived. A page opened in a background tab paints nothing until shown: it does not wait.
 */
function afterFirstPaint(): Promise<unknown> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  const painted = new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  const images = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map(
    (image) =>
      image.complete ||
      new Promise((resolve) => {
        image.addEventListener('load', resolve, { once: true });
        image.addEventListener('error', resolve, { once: true });
      }),
  );
  const limit = new Promise((resolve) => setTimeout(resolve, PAINT_WAIT_LIMIT_MS));
  return Promise.race([Promise.all([painted, ...images]), limit]);
}

/**
 * Starts the app (main.tsx) the server names in the page, with the page's own modules asked for
 * side by side: they import one another, and asked for one by one they would arrive in a chain of
 * round trips. A script element, not `import()`: Vite wraps every `import()` in a helper of its own
 * (0.8 KB on every page's first load). Under Vite's development server the page names nothing.
 */
function startApp(): void {
  const named = document.getElementById(PAGE_MODULES_ELEMENT_ID)?.textContent;
  if (!named) {
    if (import.meta.env.DEV) void import('./main');
    return;
  }
  const { app, modules } = JSON.parse(named) as PageModules;
  const links = document.createDocumentFragment();
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = app;
  links.append(script);
  document.head.append(links);
}

if (document.getElementById('root')?.hasAttribute('data-drawn')) await afterFirstPaint();
startApp();
