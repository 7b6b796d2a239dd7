// A screen whose code is loaded when it is first opened: the office's screens are chunks of their own, so the
// crew's phone downloads only the shell and its own view at the first load (docs/console.md, first-load budget).
// The service worker keeps every chunk, so a screen opens offline too once the app was installed.
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from './i18n.js';
import type { ScreenProps } from './screen.js';

export function lazyScreen(load: () => Promise<ComponentType<ScreenProps>>): ComponentType<ScreenProps> {
  let loaded: ComponentType<ScreenProps> | undefined;
  let loading: Promise<ComponentType<ScreenProps>> | undefined;
  return function LazyScreen(props: ScreenProps) {
    const { t } = useI18n();
    const [screen, setScreen] = useState(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (screen) return;
      loading ??= load().then((component) => (loaded = component));
      loading.then(
        (component) => setScreen(() => component),
        () => {
          loading = undefined; // a later visit tries again
          setFailed(true);
        },
      );
    }, [screen]);
    if (screen) {
      const Screen = screen;
      return <Screen {...props} />;
    }
    return (
      <main class="screen-loading">
        <p role={failed ? 'alert' : 'status'}>{failed ? t('offlineNotice') : t('loading')}</p>
      </main>
    );
  };
}
