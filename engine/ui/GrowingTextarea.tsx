import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './GrowingTextarea.module.css';

export interface GrowingTextareaProps extends Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'rows' | 'styles'> {
  /** Lines shown when empty (default 2). */
  minRows?: number;
  /** Lines it grows to before it scrolls (default 14). */
  maxRows?: number;
}

/**
 * A textarea that grows with its text. Not Mantine's `autosize`: it measures a hidden copy of each
 * field on every render, which forced 80 ms of layout while a record page with a few of them opened;
 * here CSS does it.
 */
export function GrowingTextarea({ minRows = 2, maxRows = 14, ...props }: GrowingTextareaProps) {
  const bounds = { '--grow-min-rows': minRows, '--grow-max-rows': Math.max(minRows, maxRows) } as CSSProperties;
  return <Textarea {...props} rows={minRows} classNames={{ input: classes.input }} styles={{ input: bounds }} />;
}
