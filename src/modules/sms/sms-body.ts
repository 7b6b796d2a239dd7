// The body of POST /sms, also the shape the invitation's text message is checked against.
import { Type } from 'typebox';
import { objectId } from '../../resources/engine/fields.js';

export const smsBody = Type.Object(
  {
    userIds: Type.Array(objectId('users'), {
      minItems: 1,
      maxItems: 50,
      uniqueItems: true,
      description: 'the recipients, users of your company (each at most once)',
    }),
    text: Type.String({ minLength: 1, maxLength: 480, description: 'the message; not stored' }),
  },
  { additionalProperties: false },
);
