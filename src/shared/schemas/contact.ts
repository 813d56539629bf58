import { z } from './zod';

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/** The contact form: name, e-mail and message are all required (docs/product-spec.md, section 5). */
export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your full name.').max(CONTACT_LIMITS.name, 'Your name is too long.'),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your e-mail address.')
    .max(CONTACT_LIMITS.email, 'That e-mail address is too long.')
    .pipe(z.email('Please enter a valid e-mail address.')),
  message: z
    .string()
    .trim()
    .min(1, 'Please write a message.')
    .max(CONTACT_LIMITS.message, `Please keep your message under ${CONTACT_LIMITS.message} characters.`),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
