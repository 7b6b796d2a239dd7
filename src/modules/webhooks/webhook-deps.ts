// What the webhook routes and the delivery worker share: the target policy, the resolver, the secret box.
import type { Config } from '../../config.js';
import { secretBox } from './secret-box.js';
import { systemResolver, type Resolver } from './target-guard.js';

export function webhookDeps(config: Config, resolve: Resolver = systemResolver) {
  return {
    policy: { allowHttp: config.webhookAllowHttp, allowed: config.webhookAllowedTargets },
    resolve,
    secrets: secretBox(config.webhookSecretKey),
  };
}
