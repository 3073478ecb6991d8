import { z } from 'zod';
import { requestShape } from '../../middleware/validate.ts';

const trimmed = z.string().trim();

/** The contact form's rules and messages (visitor spec, section 5). */
export const ContactMessageBody = z.object({
  name: trimmed.min(2, 'Name must be at least 2 characters').max(200, 'Name must be at most 200 characters'),
  email: trimmed.pipe(z.email('Please enter a valid email address').max(320, 'Please enter a valid email address')),
  subject: trimmed.min(5, 'Subject must be at least 5 characters').max(300, 'Subject must be at most 300 characters'),
  message: trimmed.min(10, 'Message must be at least 10 characters').max(10_000, 'Message must be at most 10,000 characters'),
  company: trimmed.max(200, 'Company must be at most 200 characters').default(''),
  phone: trimmed.max(50, 'Phone must be at most 50 characters').default(''),
  // The honeypot the form hides from people: any length is accepted, so a bot learns nothing from a 400.
  website: trimmed.default(''),
});

export const ContactMessageSchema = requestShape({ body: ContactMessageBody });
export type ContactMessageReq = z.infer<typeof ContactMessageSchema>;
