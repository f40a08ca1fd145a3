import { ATTRIBUTE_BY_VALUE, type AttributeValue } from '@etp/domain';

/** A registry attribute's name as the user reads it (the value itself if this build does not know it). */
export const attributeName = (value: string) =>
  ATTRIBUTE_BY_VALUE.get(value as AttributeValue)?.text ?? value;
