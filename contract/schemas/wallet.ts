import { z } from "zod";
import { deliveryStatusSchema, timestampSchema } from "./values.ts";

export const walletAddressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const DELIVERIES_LIMIT_MAX = 200;
export const DELIVERIES_LIMIT_DEFAULT = 50;

export const walletKeyStateFields = {
  wallet: walletAddressSchema,
  current_key_id: z.string(),
  current_key_created_at: timestampSchema,
  /** Non-null only during the 30-minute rotation window. */
  previous_key_id: z.string().nullable(),
};

export const keyRotationFields = {
  wallet: walletAddressSchema,
  new_key_id: z.string(),
  /** 64 hex characters, returned exactly once: the HMAC key is the 32 bytes they encode. */
  new_key_secret: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe(
      "The new signing secret, returned this once: 64 hex characters. The HMAC-SHA256 key of X-Service-Signature is the 32 bytes they encode (hex-decode it), not the 64 characters as text.",
    ),
  new_key_created_at: timestampSchema,
  previous_key_id: z.string().nullable(),
  previous_key_valid_until: timestampSchema.nullable(),
};

export const deliveryRecordSchema = z.strictObject({
  delivery_id: z.string(),
  case_id: z.string().nullable(),
  court_code: z.string().nullable(),
  callback_url: z.url(),
  status: deliveryStatusSchema,
  attempts: z.number().int().min(0).max(7),
  first_attempt_at: timestampSchema,
  last_attempt_at: timestampSchema,
  last_response_code: z.number().int().nullable(),
  idempotency_key: z.uuid(),
});
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;
