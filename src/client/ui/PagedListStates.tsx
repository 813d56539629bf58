import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '../../shared/messages';
import { ApiError } from '../api/client';
import buttonStyles from './Button.module.css';

/**
 * The states of a list read a page at a time: loading, its error, its empty message, or the items
 * (drawn by `children`); then the button for the next page while there is one.
 */
export function PagedListStates<Item>({
  query,
  empty,
  moreLabel,
  emptyClassName,
  moreClassName = '',
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ items: Item[] }>>;
  empty: string;
  moreLabel: string;
  emptyClassName?: string;
  moreClassName?: string;
  children: (items: Item[]) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {query.isPending ? (
        <p role="status" className={emptyClassName}>
          {messages.loading}
        </p>
      ) : query.isError ? (
        <p role="alert">{query.error instanceof ApiError ? query.error.message : messages.api.internal.message}</p>
      ) : items.length === 0 ? (
        <p className={emptyClassName}>{empty}</p>
      ) : (
        children(items)
      )}
      {query.hasNextPage ? (
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary} ${moreClassName}`}
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? messages.loading : moreLabel}
        </button>
      ) : null}
    </>
  );
}
