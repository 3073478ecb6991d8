import Router from '@koa/router';
import { validate } from '../../middleware/validate.ts';
import type { AppDeps } from '../deps.ts';
import { ContactMessageSchema, type ContactMessageReq } from './schema.ts';

export function createContactRouter({ inbox }: AppDeps): Router {
  const router = new Router();
  router.post('/contact', validate(ContactMessageSchema), async (ctx) => {
    const { body } = ctx.state.input as ContactMessageReq;
    // Rate limited per address (429 with Retry-After); a filled honeypot is answered alike and stored nowhere.
    ctx.body = await inbox.receive(body, ctx.ip);
    ctx.status = 201;
  });
  return router;
}
