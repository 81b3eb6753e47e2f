import * as Radix from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';
import './overlays.css';

/**
 * A side drawer on Radix Dialog (DESIGN §6): opened by its own trigger button, modal over a dimmed page, the focus
 * trapped inside and given back to the trigger, Escape and a press on the page close it. Controlled, so the caller
 * can also close it (the mobile menu does on navigation).
 */
export function Drawer(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger button's content and accessible name. */
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName?: string;
  /** The drawer's visible title, which names it. */
  title: string;
  closeLabel: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Radix.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Radix.Trigger className={props.triggerClassName} aria-label={props.triggerLabel}>
        {props.trigger}
      </Radix.Trigger>
      <Radix.Portal>
        <Radix.Overlay className="drawer-overlay" />
        <Radix.Content
          className={`drawer ${props.className ?? ''}`}
          data-testid={props.testId}
          aria-describedby={undefined}
        >
          <header className="drawer-head">
            <Radix.Title className="drawer-title">{props.title}</Radix.Title>
            <Radix.Close className="dialog-x" aria-label={props.closeLabel}>
              <CloseIcon size={20} />
            </Radix.Close>
          </header>
          <div className="drawer-body">{props.children}</div>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
