/** Version of schema.sql. An artifact written with another version is rebuilt, never read. */
export const SCHEMA_VERSION = 9;
