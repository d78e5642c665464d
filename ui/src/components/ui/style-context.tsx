import { createContext, forwardRef, useContext, type ComponentPropsWithoutRef, type ComponentType } from "react";
import { cx } from "../../../styled-system/css";

export type SlotRecipe<V> = ((props?: V) => Record<string, string>) & { splitVariantProps: (props: any) => [V, any] };

/**
 * Park UI's pattern: the Root calls the slot recipe once and shares the class names; each part reads its slot.
 * `withProvider` wraps the root part (it takes the variant props), `withContext` wraps every other part.
 */
export function createStyleContext<V extends Record<string, unknown>>(recipe: SlotRecipe<V>) {
  const Ctx = createContext<Record<string, string> | null>(null);

  function withProvider<C extends ComponentType<any>>(Component: C, slot?: string) {
    const Styled = forwardRef<unknown, ComponentPropsWithoutRef<C> & V>((props, ref) => {
      const [variants, rest] = recipe.splitVariantProps(props);
      const styles = recipe(variants);
      const C2 = Component as ComponentType<any>;
      return (
        <Ctx.Provider value={styles}>
          <C2 ref={ref} {...rest} className={cx(slot ? styles[slot] : undefined, rest.className)} />
        </Ctx.Provider>
      );
    });
    Styled.displayName = (Component as { displayName?: string }).displayName ?? "Styled";
    return Styled;
  }

  function withRootProvider<C extends ComponentType<any>>(Component: C) {
    const Styled = (props: ComponentPropsWithoutRef<C> & V) => {
      const [variants, rest] = recipe.splitVariantProps(props);
      const styles = recipe(variants);
      const C2 = Component as ComponentType<any>;
      return (
        <Ctx.Provider value={styles}>
          <C2 {...rest} />
        </Ctx.Provider>
      );
    };
    return Styled;
  }

  function withContext<C extends ComponentType<any>>(Component: C, slot: string) {
    const Styled = forwardRef<unknown, ComponentPropsWithoutRef<C>>((props, ref) => {
      const styles = useContext(Ctx);
      const C2 = Component as ComponentType<any>;
      return <C2 ref={ref} {...props} className={cx(styles?.[slot], (props as { className?: string }).className)} />;
    });
    Styled.displayName = (Component as { displayName?: string }).displayName ?? slot;
    return Styled;
  }

  return { withProvider, withRootProvider, withContext, useStyles: () => useContext(Ctx) ?? {} };
}
