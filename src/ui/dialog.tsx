import * as Radix from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useState } from 'react';
import { CloseIcon } from './icons.tsx';
import './overlays.css';

/**
 * The app's one modal dialog (DESIGN §6), on Radix: drawn over a dimmed page in a portal, the focus trapped inside and
 * given back on closing, Escape closes, the page behind hidden from assistive technology; named by its DialogTitle
 * (aria-labelledby) or `label`, described by a DialogDescription (aria-describedby) when it has one. Mounted while
 * open: the caller renders it when there is something to show and unmounts it in `onClose`.
 */
export function Dialog(props: {
  /** Escape, a close control and, unless `dismissOnOutside` is false, a press on the dimmed page. */
  onClose: () => void;
  /** The panel's own class (size, padding, layout); the kit gives it the surface, border and shadow. */
  className: string;
  children: ReactNode;
  /** The name when no DialogTitle is shown. */
  label?: string | undefined;
  testId?: string | undefined;
  /** False for a dialog that must be answered (a confirmation): a press outside leaves it open. */
  dismissOnOutside?: boolean | undefined;
  /** What takes the focus on opening; else the first control inside. */
  initialFocus?: RefObject<HTMLElement | null> | undefined;
}) {
  const { onClose, initialFocus, dismissOnOutside = true } = props;
  // The element that had the focus before, to give it back: the dialog has no Radix trigger of its own.
  const [before] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (
    <Radix.Root open onOpenChange={(open) => open || onClose()}>
      <Radix.Portal>
        <Radix.Overlay className="dialog-overlay">
          <Radix.Content
            className={`dialog ${props.className}`}
            aria-label={props.label}
            data-testid={props.testId}
            onOpenAutoFocus={(event) => {
              if (!initialFocus?.current) return;
              event.preventDefault();
              initialFocus.current.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (before instanceof HTMLElement && before.isConnected) before.focus();
            }}
            onPointerDownOutside={(event) => {
              if (!dismissOnOutside) event.preventDefault();
            }}
          >
            {props.children}
          </Radix.Content>
        </Radix.Overlay>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** The dialog's visible title, which names it; `as` keeps the heading level of the page around it. */
export function DialogTitle(props: { as?: 'h2' | 'h3' | 'span'; className?: string; children: ReactNode }) {
  const Heading = props.as ?? 'h2';
  return (
    <Radix.Title asChild>
      <Heading className={props.className}>{props.children}</Heading>
    </Radix.Title>
  );
}

/** Text that describes the dialog (aria-describedby). */
export function DialogDescription(props: { className?: string; children: ReactNode }) {
  return <Radix.Description className={props.className}>{props.children}</Radix.Description>;
}

/** A control that closes the dialog (through its `onClose`). */
export function DialogClose(props: { label?: string; className?: string; testId?: string; children: ReactNode }) {
  return (
    <Radix.Close className={props.className} aria-label={props.label} data-testid={props.testId}>
      {props.children}
    </Radix.Close>
  );
}

/** The usual head: the title, and a ✕ that closes. */
export function DialogHeader(props: { title: string; closeLabel: string }) {
  return (
    <header className="dialog-head">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogClose className="dialog-x" label={props.closeLabel}>
        <CloseIcon />
      </DialogClose>
    </header>
  );
}
