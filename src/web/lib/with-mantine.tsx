import type { ComponentType, ReactNode } from 'react';

type LoadMantineRoot = () => Promise<{ MantineRoot: ComponentType<{ children: ReactNode }> }>;

let loadMantineRoot: LoadMantineRoot = () =>
  Promise.reject(new Error('Mantine is not provided: app/lazy-pages.tsx calls provideMantineRoot'));

/**
 * The provider with the app's theme is the app's (app/MantineRoot.tsx), and this file is below
 * the features and the app: the app names its loader here once, before any page renders.
 */
export function provideMantineRoot(load: LoadMantineRoot): void {
  loadMantineRoot = load;
}

/**
 * A loader, for React.lazy, of a module's named component drawn inside Mantine's provider: it
 * brings Mantine's provider with it. The light shell (the frame, /login, /, /shop) has no
 * Mantine; everything drawn with Mantine comes through here (docs/performance-web.md, "Light
 * shell").
 */
export function withMantine<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async (): Promise<{ default: M[K] }> => {
    const [{ MantineRoot }, module] = await Promise.all([loadMantineRoot(), load()]);
    const Component = module[name] as unknown as ComponentType<object>;
    // biome-ignore lint/correctness/noComponentHookFactories: made once per module, when React.lazy loads it
    const InMantine = (props: object) => (
      <MantineRoot>
        <Component {...props} />
      </MantineRoot>
    );
    return { default: InMantine as unknown as M[K] };
  };
}
