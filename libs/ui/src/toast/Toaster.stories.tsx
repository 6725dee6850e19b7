import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo } from 'react';
import { Button } from '../button/Button';
import { createToastStore, type ToastVariant } from './toast-store';
import { Toaster } from './Toaster';

function Demo({ variants }: { variants: ToastVariant[] }) {
  const store = useMemo(() => createToastStore(), []);
  const texts: Record<ToastVariant, string> = {
    warning: 'We have some problems please contact support',
    success: 'User password has been updated',
    error: 'Audio of this event has expired',
    info: 'No Audio has been generated yet',
  };
  useEffect(() => {
    for (const variant of variants) store.show(texts[variant], { variant, duration: 600_000 });
    return () => store.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
  return (
    <>
      <Button onClick={() => store.show('We have a problem')}>Show a warning</Button>
      <Toaster store={store} />
    </>
  );
}

const meta = { title: 'UI/Toast', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Warning: Story = { args: { variants: ['warning'] } };
export const Success: Story = { args: { variants: ['success'] } };
export const ErrorToast: Story = { name: 'Error', args: { variants: ['error'] } };
export const Info: Story = { args: { variants: ['info'] } };
export const Stack: Story = { args: { variants: ['warning', 'success', 'error', 'info'] } };
