import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button/Button';
import { ConfirmDialog } from './ConfirmDialog';

function Demo({ busy = false, message }: { busy?: boolean; message: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        message={message}
        busy={busy}
        onContinue={() => setOpen(false)}
      />
    </>
  );
}

const meta = {
  title: 'UI/ConfirmDialog',
  component: Demo,
  args: { message: 'Are you sure you want to remove this user?' },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Busy: Story = { args: { busy: true } };
export const PasswordChange: Story = { args: { message: "Are you sure you want to change this user's password?" } };
