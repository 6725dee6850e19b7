import { Suspense, useState } from 'react';
import { lazyWithPreload } from '../lazy/lazy-with-preload';
import type { ConfirmDialogProps } from './ConfirmDialog';

// Radix's alert dialog (about 16 kB gzip with its focus scope and dismissable layer) loads when the
// confirmation first opens, not with the screen
const ConfirmDialog = lazyWithPreload(() => import('./ConfirmDialog').then(({ ConfirmDialog }) => ConfirmDialog));

/**
 * ConfirmDialog, its code loaded when it first opens: for screens whose confirmations most visits
 * never open. Once opened it stays mounted, so it closes (and gives the focus back) as ConfirmDialog does.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
