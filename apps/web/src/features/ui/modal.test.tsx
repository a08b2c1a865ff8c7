import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

// jsdom has no <dialog> methods; the component only needs them to exist.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
};

describe('Modal', () => {
  it('is a dialog named by its title, 440 px wide unless a size says otherwise', () => {
    render(
      <Modal title="Rename folder" onClose={() => {}}>
        <p>body</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Rename folder' });
    expect(dialog.className).toBe('modal-dialog');
  });

  it.each([
    ['wide', 'modal-dialog modal-dialog-wide'],
    ['wider', 'modal-dialog modal-dialog-wider'],
  ] as const)('size %s widens the dialog box itself, with no CSS reaching in from a feature', (size, className) => {
    render(
      <Modal title="Sharing" onClose={() => {}} size={size}>
        <p>body</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Sharing' }).className).toBe(className);
  });
});
