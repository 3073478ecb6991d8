import { requestShape } from '../../middleware/validate.ts';

export const SiteSettingsReadSchema = requestShape({});
export const AdvertisementCodesReadSchema = requestShape({});
export const ContactDetailsReadSchema = requestShape({});
