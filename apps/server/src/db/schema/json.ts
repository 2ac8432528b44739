import { customType } from 'drizzle-orm/pg-core';

/**
 * jsonb holding any JSON value, strings included. Both drivers hand jsonb back already parsed;
 * Drizzle's own jsonb would JSON.parse a string value a second time (turning the JSON string
 * '{"a":1}' into an object), so this type passes driver values through untouched.
 */
export const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});
