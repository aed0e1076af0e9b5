// A page holding unsaved work (an invoice or payout form with changes) asks before the console
// leaves it. Links are caught where they are clicked (components/forms/unsaved-changes.tsx); the
// console's own navigations without a link (the `g` keys, the command palette) go through
// `leaveTo`, so they ask too. One page is shown at a time, so one guard at a time.

type Ask = (href: string) => void;

let ask: Ask | null = null;

/** While a page holds unsaved work, `asking` is called instead of leaving; returns the release. */
export function holdLeaving(asking: Ask): () => void {
  ask = asking;
  return () => {
    if (ask === asking) ask = null;
  };
}

/** Goes to `href` with `go` (the router), unless the page holds unsaved work: then it asks first. */
export function leaveTo(href: string, go: (href: string) => void) {
  if (ask) ask(href);
  else go(href);
}
