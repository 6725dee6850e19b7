import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button/Button';
import { Modal, type ModalProps } from './Modal';

function Demo(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Change Password"
        footer={
          <>
            {props.dismissable === false ? null : <Button onClick={() => setOpen(false)}>Cancel</Button>}
            <Button variant="primary" onClick={() => setOpen(false)}>
              Save
            </Button>
          </>
        }
        {...props}
      >
        <p>The body of the modal: a form, a confirmation or details.</p>
      </Modal>
    </>
  );
}

const meta = { title: 'UI/Modal', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Dismissable: Story = {};
export const WithDescription: Story = { args: { description: 'Choose a new password for your account.' } };
export const NotDismissable: Story = {
  args: { dismissable: false, description: 'You must change your password before you continue.' },
};
export const Small: Story = { args: { size: 'sm', title: 'Details' } };
