import { ApiCode } from '../../common/api.ts';
import type { Lang } from '../../common/i18n.ts';
import { type MessageKey, translate } from './messages.ts';
import { Refusal } from './refusal.ts';

/** A refusal with a message of the shared catalogue (errors/messages.ts). */
export class ApiError extends Refusal<MessageKey> {
  text(lang: Lang): string {
    return translate(this.key, lang, this.params);
  }

  static notLoggedIn = () => new ApiError(401, ApiCode.notLoggedIn, 'notLoggedIn');
  static invalidParam = (field: string) => new ApiError(400, ApiCode.badRequest, 'invalidParam', { field });
}
