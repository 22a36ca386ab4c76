/**
 * Radix DropdownMenu, loaded when a menu is first pressed (decision 046): until then a menu is its
 * trigger alone, a button that reads as a closed menu button, and the parts inside render nothing
 * (a closed Radix menu renders nothing there either). The first press, a pointer's or a key's, loads
 * Radix (once for every menu) and opens the menu the way Radix would have. Use it as the Radix
 * module: `import * as DropdownMenu from '~/components/ui/dropdown-menu'`.
 */
import type * as Radix from '@radix-ui/react-dropdown-menu';
import {
  createContext,
  forwardRef,
  useContext,
  useState,
  type ComponentPropsWithoutRef,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefAttributes,
} from 'react';

type RadixMenu = typeof Radix;

let radixLoad: Promise<RadixMenu> | undefined;
const loadRadix = () => (radixLoad ??= import('@radix-ui/react-dropdown-menu'));

/** Radix, in a menu that has been pressed; null in one that has not. */
const RadixContext = createContext<RadixMenu | null>(null);
/** Opens a menu that has not been pressed yet (for its trigger). */
const OpenContext = createContext<() => void>(() => {});

export function Root({ children, ...props }: Radix.DropdownMenuProps) {
  const [radix, setRadix] = useState<RadixMenu | null>(null);
  const [pressed, setPressed] = useState(false);

  function open() {
    if (pressed) return;
    setPressed(true);
    // A controlled menu opens through its owner, as a press on Radix's trigger would.
    props.onOpenChange?.(true);
    loadRadix().then(setRadix, () => setPressed(false));
  }

  if (!radix) return <OpenContext.Provider value={open}>{children}</OpenContext.Provider>;
  return (
    <radix.Root defaultOpen={pressed} {...props}>
      <RadixContext.Provider value={radix}>{children}</RadixContext.Provider>
    </radix.Root>
  );
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export const Trigger = forwardRef<HTMLButtonElement, Radix.DropdownMenuTriggerProps>(function Trigger(props, ref) {
  const radix = useContext(RadixContext);
  const open = useContext(OpenContext);
  if (radix) return <radix.Trigger ref={ref} {...props} />;

  const { asChild: _asChild, onPointerDown, onKeyDown, onClick, disabled, ...rest } = props;
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      {...rest}
      // Radix opens on pointer down (the main button, no Ctrl) and on Enter, Space or Arrow Down.
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerDown?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        open();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || !OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
      // A click with no press before it (a screen reader's, a script's).
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) open();
      }}
    />
  );
});

/** A part of an open menu: Radix's own once the menu has been pressed, nothing before. */
function radixPart<K extends 'Content' | 'Item' | 'Separator' | 'Label' | 'Group'>(name: K) {
  type Props = ComponentPropsWithoutRef<RadixMenu[K]>;
  const Part = forwardRef<HTMLDivElement, Props>(function Part(props, ref) {
    const radix = useContext(RadixContext);
    if (!radix) return null;
    const Component = radix[name] as unknown as ComponentType<Props & RefAttributes<HTMLDivElement>>;
    return <Component {...(props as Props)} ref={ref} />;
  });
  Part.displayName = `DropdownMenu.${name}`;
  return Part;
}

export function Portal(props: Radix.DropdownMenuPortalProps) {
  const radix = useContext(RadixContext);
  return radix ? <radix.Portal {...props} /> : null;
}

export const Content = radixPart('Content');
export const Item = radixPart('Item');
export const Separator = radixPart('Separator');
export const Label = radixPart('Label');
export const Group = radixPart('Group');
