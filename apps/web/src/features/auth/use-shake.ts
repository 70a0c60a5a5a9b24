import { useCallback, useState } from 'react';

/**
 * The error shake of PRODUCT.md: `shake()` adds the `shake` class, which the animation's end
 * removes, so the next error shakes again.
 */
export function useShake(): { shakeClass: string; shake: () => void; onAnimationEnd: () => void } {
  const [isShaking, setShaking] = useState(false);
  const shake = useCallback(() => {
    setShaking(false);
    setTimeout(() => setShaking(true), 0);
  }, []);
  const onAnimationEnd = useCallback(() => setShaking(false), []);
  return { shakeClass: isShaking ? 'shake' : '', shake, onAnimationEnd };
}
