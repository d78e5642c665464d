import { forwardRef, useCallback, useEffect, useRef, type HTMLAttributes, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from "react";
import { cx } from "../../../styled-system/css";
import { table } from "../../../styled-system/recipes";
import { Spinner } from "./spinner";

const s = table();

/** The next page loads when the scroll position is within 100 px of the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;

export function nearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }, threshold = INFINITE_SCROLL_THRESHOLD_PX) {
  return el.scrollHeight - el.scrollTop - el.clientHeight < threshold;
}

/** A scroll container around a table that calls onEndReached near its bottom. */
export function InfiniteScroller(props: {
  children: ReactNode;
  onEndReached?: () => void;
  hasMore?: boolean;
  loading?: boolean;
  className?: string;
  "data-testid"?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { onEndReached, hasMore, loading } = props;
  const onScroll = useCallback(() => {
    const el = ref.current;
    if (el && hasMore && !loading && onEndReached && nearBottom(el)) onEndReached();
  }, [onEndReached, hasMore, loading]);
  // A first page shorter than the container never scrolls: check after every render too.
  useEffect(onScroll);
  return (
    <div ref={ref} className={cx(s.scroller, props.className)} onScroll={onScroll} data-testid={props["data-testid"]}>
      {props.children}
      {loading ? (
        <div className={s.footer}>
          <Spinner size="sm" />
        </div>
      ) : null}
    </div>
  );
}

export const Root = forwardRef<HTMLTableElement, HTMLAttributes<HTMLTableElement>>(function Root({ className, ...p }, ref) {
  return <table ref={ref} className={cx(s.root, className)} {...p} />;
});
export const Head = ({ className, ...p }: HTMLAttributes<HTMLTableSectionElement>) => <thead className={cx(s.head, className)} {...p} />;
export const Body = (p: HTMLAttributes<HTMLTableSectionElement>) => <tbody {...p} />;
export const Row = ({ className, ...p }: HTMLAttributes<HTMLTableRowElement>) => <tr className={cx(s.row, className)} {...p} />;
export const Header = ({ className, ...p }: ThHTMLAttributes<HTMLTableCellElement>) => <th scope="col" className={cx(s.header, className)} {...p} />;
export const Cell = ({ className, ...p }: TdHTMLAttributes<HTMLTableCellElement>) => <td className={cx(s.cell, className)} {...p} />;
export const Empty = ({ colSpan, children }: { colSpan: number; children: ReactNode }) => (
  <tr>
    <td colSpan={colSpan} className={cx(s.cell, s.empty)}>
      {children}
    </td>
  </tr>
);
