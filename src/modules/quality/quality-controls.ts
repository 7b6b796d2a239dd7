// Quality control (/v2/qualityControl/): an object manager rates an object (0 to 5) room by room,
// with service checks and photos, and later verifies the entry.
import { Type } from 'typebox';
import { dateRangeFilter, idsFilter } from '../../platform/http/named-filters.js';
import { defineResource } from '../../resources/engine/define-resource.js';
import { dateTime, list, objectId, opt, text } from '../../resources/engine/fields.js';

const rating = () => Type.Number({ minimum: 0, maximum: 5 });

export const qualityControls = defineResource({
  name: 'quality control entry',
  collection: 'qualityControl',
  table: 'quality_controls',
  area: 'qualityControl',
  webhookEntity: 'qualitycontrol',
  schema: Type.Object({
    rating: rating(),
    objectId: objectId('objects', { description: 'the assessed object' }),
    comment: opt(text(5000)),
    objectManagerId: opt(objectId('users', { description: 'the assessor' })),
    verified: opt(Type.Boolean()),
    controlledAt: opt(dateTime()),
    roomChecks: opt(
      list(
        Type.Object(
          {
            roomId: opt(text(100)),
            levelId: opt(text(100)),
            name: opt(text(300)),
            comment: opt(text(2000)),
            serviceChecks: opt(
              list(
                Type.Object(
                  {
                    serviceTypeId: opt(text(100)),
                    evaluation: opt(rating()),
                    evaluationType: opt(text(50)),
                    rated: opt(Type.Boolean()),
                  },
                  { additionalProperties: false },
                ),
                100,
              ),
            ),
            controlImages: opt(
              list(
                Type.Object(
                  { imageURL: text(2000), comment: opt(text(1000)), label: opt(text(200)) },
                  { additionalProperties: false },
                ),
                50,
              ),
            ),
          },
          { additionalProperties: false },
        ),
        300,
      ),
    ),
    images: opt(list(text(2000), 100)),
  }),
  columns: { objectId: 'object_id', rating: 'rating', controlledAt: 'controlled_at' },
  list: {
    defaultSort: 'controlledAt:-1',
    namedFilters: {
      objectIds: idsFilter('object_id', 'objects, comma-separated'),
      period: dateRangeFilter('controlled_at', 'two timestamps from,to: controls within'),
    },
  },
  hooks: {
    async prepare(_tx, ctx, { doc, previous }) {
      return {
        doc: {
          ...doc,
          controlledAt: doc.controlledAt ?? previous?.doc.controlledAt ?? new Date().toISOString(),
          objectManagerId: doc.objectManagerId ?? ctx.userId,
          verified: doc.verified ?? false,
        },
      };
    },
  },
});
