import * as Radix from '@radix-ui/react-popover';
import type { AriaRole, CSSProperties, ReactElement, ReactNode, RefObject } from 'react';
import './overlays.css';

/**
 * The app's one popover (DESIGN §6), on Radix: placed beside its trigger (flipped or shifted to stay on screen),
 * Escape and a press outside close it, the focus moves in on opening and back to the trigger on closing. It renders
 * in place, inside the component that owns it, so that component's styles and tests find it there.
 */
export function Popover(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens and closes it (it gets aria-expanded and aria-controls). */
  trigger: ReactElement;
  children: ReactNode;
  /** The panel's own class (size, layout); the kit gives it the surface, border and shadow. */
  className: string;
  /** The accessible name of the panel. */
  label?: string | undefined;
  /** 'dialog' by default; a plain panel of links may say so with 'group'. */
  role?: AriaRole | undefined;
  align?: 'start' | 'end' | undefined;
  sideOffset?: number | undefined;
  /**
   * What takes the focus on opening: the first control inside by default, `false` for none (a menu opened by the
   * pointer passing over it must not take the focus from where the user types).
   */
  initialFocus?: RefObject<HTMLElement | null> | false | undefined;
  /** False: closing leaves the focus where it is (the pointer went elsewhere). */
  returnFocus?: boolean | undefined;
  style?: CSSProperties | undefined;
  testId?: string | undefined;
}) {
  const { initialFocus, returnFocus = true } = props;
  return (
    <Radix.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Radix.Trigger asChild>{props.trigger}</Radix.Trigger>
      <Radix.Content
        className={`popover ${props.className}`}
        role={props.role ?? 'dialog'}
        aria-label={props.label}
        data-testid={props.testId}
        side="bottom"
        align={props.align ?? 'start'}
        sideOffset={props.sideOffset ?? 4}
        collisionPadding={8}
        style={props.style}
        onOpenAutoFocus={(event) => {
          if (initialFocus === undefined) return;
          event.preventDefault();
          if (initialFocus) initialFocus.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          if (!returnFocus) event.preventDefault();
        }}
      >
        {props.children}
      </Radix.Content>
    </Radix.Root>
  );
}

/** A control inside the popover that closes it. */
export const PopoverClose = Radix.Close;
