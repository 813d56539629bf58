/**
 * Refusals of a page's origin or of a link's destination (issue 10, defect 2; issue 12). Not in the
 * spec's catalogue (docs/product-spec.md); worded in its voice. Apart from messages.ts, which every
 * page loads: only the server sends these, and pages show what it sent.
 */
export const originMessages = {
  wrongAddress: {
    title: 'Wrong Address',
    openedAt: (origin: string, productName: string, publicUrl: string) =>
      `This page was opened at ${origin}, which is not the address ${productName} runs at, so the request was refused. Open ${publicUrl} and try again.`,
    unknown: (productName: string, publicUrl: string) =>
      `This page is not the address ${productName} runs at, so the request was refused. Open ${publicUrl} and try again.`,
  },
  returnLink: {
    title: 'Link Not Allowed',
    message: (productName: string, publicUrl: string) =>
      `This request would have sent you on to a page outside ${productName}, so it was refused. Open ${publicUrl} and try again.`,
  },
};
