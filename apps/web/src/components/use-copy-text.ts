import { useState } from 'react';

/** Copies text to the clipboard; `isCopied` turns true once it is there, `copy` answers whether it got there. */
export function useCopyText(): { isCopied: boolean; copy: (text: string) => Promise<boolean> } {
  const [isCopied, setCopied] = useState(false);
  async function copy(text: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      return true;
    } catch {
      setCopied(false);
      return false;
    }
  }
  return { isCopied, copy };
}
