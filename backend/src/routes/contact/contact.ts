import Router from '@koa/router';
import { validate } from '../../middleware/validate.ts';
import type { ContactReceipt } from '../../shared/api-types.ts';
import type { AppDeps } from '../deps.ts';
import { ContactMessageSchema, type ContactMessageReq } from './schema.ts';

export function createContactRouter({ contacts }: AppDeps): Router {
  const router = new Router();
  router.post('/contact', validate(ContactMessageSchema), async (ctx) => {
    const { body } = ctx.state.input as ContactMessageReq;
    const id = contacts.create(body);
    const receipt: ContactReceipt = {
      success: true,
      id,
      message: "Thank you for your message. We'll get back to you within 24 hours.",
    };
    ctx.status = 201;
    ctx.body = receipt;
  });
  return router;
}
